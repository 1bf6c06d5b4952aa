import type { THouseTitle } from './catalog.ts';

/** Instant games (issue 21): crash, mines, plinko and keno, under Playhall Originals in the slot hall. */
export const INSTANT_TITLES: readonly THouseTitle[] = [
  // Crash: every cash-out target returns 99 % (crash.ts: P(crash ≥ x) = 0.99 / x, less than 2^-52).
  { houseGame: 'crash', engine: 'HOUSE_CRASH', page: 'crash', kind: 'crash', vassalage: 'PH_INSTANT', gameId: 'rocket-crash', name: 'Rocket Crash', category: 'RNG', gameType: 'INSTANT', isHot: true, rtp: 0.99 },
  // Plinko: every (rows, risk) table returns exactly 99 % (plinko.ts).
  { houseGame: 'plinko', engine: 'HOUSE_PLINKO', page: 'plinko', kind: 'solo', vassalage: 'PH_INSTANT', gameId: 'plinko-drop', name: 'Plinko Drop', category: 'RNG', gameType: 'INSTANT', isHot: false, rtp: 0.99 },
  // Keno: 96 % for most pick counts; the lowest (4 picks) is 95.9983 % (keno.ts: exact hypergeometric fractions).
  { houseGame: 'keno', engine: 'HOUSE_KENO', page: 'keno', kind: 'solo', vassalage: 'PH_INSTANT', gameId: 'keno-40', name: 'Keno 40', category: 'RNG', gameType: 'INSTANT', isHot: false, rtp: 0.959983 },
  // Mines: 99 % exactly for every number of mines and every moment of cashing out (mines.ts).
  { houseGame: 'mines', engine: 'HOUSE_MINES', page: 'mines', kind: 'hand', vassalage: 'PH_INSTANT', gameId: 'mines', name: 'Mines', category: 'RNG', gameType: 'INSTANT', isHot: false, rtp: 0.99 },
];
