import { recheckCrash } from './crash.ts';
import { kenoGame } from './keno.ts';
import { plinkoGame } from './plinko.ts';
import { recheckHand } from './hands.ts';
import { minesGame } from './mines.ts';
import type { TRulesFamily } from './registry.ts';

/** Crash, mines, plinko and keno (titles-instant.ts). */
export const INSTANT_RULES: TRulesFamily = { engines: [plinkoGame, kenoGame], rechecks: { HOUSE_CRASH: recheckCrash, HOUSE_MINES: (round) => recheckHand(minesGame, round) } };
