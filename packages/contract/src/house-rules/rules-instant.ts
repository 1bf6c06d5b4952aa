import type { TRulesFamily } from './registry.ts';

/** Crash, mines, plinko and keno (titles-instant.ts). */
export const INSTANT_RULES: TRulesFamily = { engines: [], rechecks: {} };
