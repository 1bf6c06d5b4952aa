import { STAKES } from '@playhall/contract/stakes';

/**
 * What the slot page needs of "Lucky Crown"'s rules to draw a round: the 20 paylines and the paytable.
 * The server decides every round (apps/server/src/modules/house-games/slot.ts); these copies are only for
 * display, and slot-rules.test.ts keeps them equal to the engine's.
 */

export const SYMBOLS = ['W', 'S', 'C', 'D', 'B', 'A', 'K', 'Q', 'J'] as const;
export type TSymbol = (typeof SYMBOLS)[number];

export const SYMBOL_NAMES: Record<TSymbol, string> = {
  W: 'Wild crown',
  S: 'Scatter star',
  C: 'Chalice',
  D: 'Diamond',
  B: 'Bell',
  A: 'Ace',
  K: 'King',
  Q: 'Queen',
  J: 'Jack',
};

/** Row (0 top, 1 middle, 2 bottom) of each reel for each payline; line n is PAYLINES[n - 1]. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
  [0, 0, 1, 0, 0], [2, 2, 1, 2, 2], [1, 2, 2, 2, 1], [1, 0, 0, 0, 1], [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2], [1, 1, 0, 1, 1], [1, 1, 2, 1, 1],
  [0, 1, 1, 1, 0], [2, 1, 1, 1, 2], [0, 2, 0, 2, 0], [2, 0, 2, 0, 2], [0, 2, 2, 2, 0],
];

/** Line pays in line bets for 3, 4 and 5 of a kind. */
export const LINE_PAYS: Readonly<Record<Exclude<TSymbol, 'S'>, readonly [number, number, number]>> = {
  W: [20, 100, 500],
  C: [15, 40, 120],
  D: [12, 30, 80],
  B: [10, 25, 60],
  A: [8, 20, 50],
  K: [6, 15, 30],
  Q: [6, 12, 25],
  J: [6, 10, 20],
};

/** Scatter pays in total bets by the number of scatters on screen (index = count). */
export const SCATTER_PAYS: readonly number[] = [0, 0, 0, 5, 25, 100];

/** The bet per line choices in the site's currency, minor units (the total bet is 20 × this). */
export const BETS_PER_LINE: readonly number[] = STAKES.slotLineBets;

export interface TLineWin {
  line: number;
  symbol: TSymbol;
  count: number;
  multiplier: number;
}

/** The play answer's detail for a spin. */
export interface TSlotDetail {
  stops: number[];
  /** Rows top to bottom, each five symbol letters. */
  grid: string[];
  betPerLine: number;
  lineWins: TLineWin[];
  scatter: { count: number; multiplier: number };
}
