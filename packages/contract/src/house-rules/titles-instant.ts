import type { THouseTitle } from './catalog.ts';

/** Instant games (issue 21): crash, mines, plinko and keno, under Playhall Originals in the slot hall. */
export const INSTANT_TITLES: readonly THouseTitle[] = [];
