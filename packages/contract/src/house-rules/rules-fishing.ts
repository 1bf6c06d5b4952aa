import { dragonFishingGame, fishingGame } from './fishing.ts';
import type { TRulesFamily } from './registry.ts';

/** The fishing engines (titles-fishing.ts). */
export const FISHING_RULES: TRulesFamily = { engines: [fishingGame, dragonFishingGame], rechecks: {} };
