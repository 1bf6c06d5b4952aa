import type { TRulesFamily } from './registry.ts';
import { slotGame } from './slot.ts';

/** The slot engines (titles-slots.ts). */
export const SLOT_RULES: TRulesFamily = { engines: [slotGame], rechecks: {} };
