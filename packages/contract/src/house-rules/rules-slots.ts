import type { TRulesFamily } from './registry.ts';
import { slotEngineGame } from './slot-engine.ts';
import { SLOT_CONFIGS } from './slots/index.ts';
import { slotGame } from './slot.ts';

/** The slot engines (titles-slots.ts). */
export const SLOT_RULES: TRulesFamily = { engines: [slotGame, ...SLOT_CONFIGS.map(slotEngineGame)], rechecks: {} };
