import { ROULETTE_GROUPS, type TRouletteBetType } from '@playhall/contract/house-rules/roulette';

/**
 * The layout of the European board (horizontal, zero on the left): 12 columns of three numbers (3, 6, … 36 on the
 * top row, 1, 4, … 34 on the bottom), the "2 to 1" column bets at the right end, dozens and the even-money bets
 * below. Inside bets between numbers are hot spots on the lines of the grid; their place is given as a fraction
 * of the number area (zero's column plus the 12 number columns, three rows).
 */

export interface TSpot {
  /** Unique per spot: "split:17-20", "red", "dozen:2". */
  key: string;
  type: TRouletteBetType;
  selection: number[] | number | null;
}

export interface THotSpot extends TSpot {
  /** Centre of the hot spot as a fraction of the number area: x of 13 columns, y of 3 rows. */
  x: number;
  y: number;
}

export const spotKey = (type: TRouletteBetType, selection: number[] | number | null): string =>
  selection === null ? type : `${type}:${Array.isArray(selection) ? selection.join('-') : selection}`;

/** Column (1..12) and row (0 top .. 2 bottom) of a number 1..36. */
export function cellOf(n: number): { column: number; row: number } {
  return { column: Math.ceil(n / 3), row: 2 - ((n - 1) % 3) };
}

const AREA_COLUMNS = 13;

/** Every inside bet but the straights, on the lines between numbers. */
export function hotSpots(): THotSpot[] {
  const spots: THotSpot[] = [];
  const at = (type: TRouletteBetType, numbers: number[], column: number, row: number) =>
    spots.push({ key: spotKey(type, numbers), type, selection: numbers, x: column / AREA_COLUMNS, y: row / 3 });
  for (const group of ROULETTE_GROUPS.split) {
    const [a, b] = group.split('-').map(Number) as [number, number];
    if (a === 0) {
      // 0-1, 0-2, 0-3: on the line between zero and the first column, at the height of the number.
      at('split', [a, b], 1, cellOf(b).row + 0.5);
    } else if (b === a + 1) {
      // Same column: the line between the two rows.
      const { column, row } = cellOf(a);
      at('split', [a, b], column + 0.5, row);
    } else {
      const { column, row } = cellOf(a);
      at('split', [a, b], column + 1, row + 0.5);
    }
  }
  for (const group of ROULETTE_GROUPS.corner) {
    const a = Number(group.split('-')[0]);
    const { column, row } = cellOf(a);
    at('corner', group.split('-').map(Number), column + 1, row);
  }
  for (const group of ROULETTE_GROUPS.street) {
    const a = Number(group.split('-')[0]);
    at('street', group.split('-').map(Number), cellOf(a).column + 0.5, 3);
  }
  for (const group of ROULETTE_GROUPS.sixline) {
    const a = Number(group.split('-')[0]);
    at('sixline', group.split('-').map(Number), cellOf(a).column + 1, 3);
  }
  at('trio', [0, 1, 2], 1, 2);
  at('trio', [0, 2, 3], 1, 1);
  at('basket', [0, 1, 2, 3], 1, 3);
  return spots;
}

/** The straight-up spots in board order (zero first, then by column, top row first). */
export function numberSpots(): TSpot[] {
  return [0, ...Array.from({ length: 12 }, (_, c) => [3 * c + 3, 3 * c + 2, 3 * c + 1]).flat()].map((n) => ({ key: spotKey('straight', [n]), type: 'straight' as const, selection: [n] }));
}

/** The outside bets: columns (top row's column is column 3), dozens, then the even-money bets in layout order. */
export function outsideSpots(): TSpot[] {
  const spots: TSpot[] = [];
  for (const c of [3, 2, 1]) spots.push({ key: spotKey('column', c), type: 'column', selection: c });
  for (const d of [1, 2, 3]) spots.push({ key: spotKey('dozen', d), type: 'dozen', selection: d });
  for (const type of ['low', 'even', 'red', 'black', 'odd', 'high'] as const) spots.push({ key: type, type, selection: null });
  return spots;
}

/** The wheel's pockets clockwise from zero (the European single-zero wheel). */
export const WHEEL_ORDER: readonly number[] = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26];

/** Hot and cold numbers of a run of results: the most frequent and the least frequent (never seen first). */
export function hotAndCold(results: readonly number[], count = 4): { hot: number[]; cold: number[] } {
  const seen = new Array<number>(37).fill(0);
  for (const n of results) seen[n] = (seen[n] ?? 0) + 1;
  const ranked = Array.from({ length: 37 }, (_, n) => n);
  const hot = [...ranked].filter((n) => (seen[n] ?? 0) > 0).sort((a, b) => (seen[b] ?? 0) - (seen[a] ?? 0) || a - b).slice(0, count);
  const cold = [...ranked].sort((a, b) => (seen[a] ?? 0) - (seen[b] ?? 0) || a - b).slice(0, count);
  return { hot, cold };
}
