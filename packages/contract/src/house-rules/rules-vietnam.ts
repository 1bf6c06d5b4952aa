import { diceRoomGame } from './dice-room.ts';
import type { TRulesFamily } from './registry.ts';

/** Xóc đĩa, bầu cua and the dice room (titles-vietnam.ts). The dice room's engine is played by the room service. */
export const VIETNAM_RULES: TRulesFamily = { engines: [diceRoomGame], rechecks: {} };
