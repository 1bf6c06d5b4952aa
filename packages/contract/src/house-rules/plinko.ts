import { uniformInt, type RandomSource } from './fair.ts';
import { checkAmount, checkObject, HouseGameInputError, mulDivFloor, ratio, type ExactRatio, type HouseGame } from './house-game.ts';

/**
 * Plinko (issue 21): a ball falls through `rows` rows of pegs; at each row it goes left or right with a fair
 * `uniformInt(2)` (1 = right). The slot it lands in is the number of rights, 0…rows, and pays that slot's
 * multiplier of the (rows, risk) table. Multipliers are in hundredths (562 = 5.62×); a payout is
 * floor(stake × multiplier / 100). Every table returns exactly 99 %: Σ C(n,k)·m_k = 99·2^n (tested), so the
 * published RTP is exact.
 */
export const PLINKO_ROWS = [8, 9, 10, 11, 12, 13, 14, 15, 16] as const;
export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type TPlinkoRisk = (typeof PLINKO_RISKS)[number];

/**
 * Half tables, from the edge slot to the centre; the full table mirrors them. Classic shapes, each tuned by a
 * few hundredths so its return is exactly 99 %.
 */
const HALVES: Record<number, Record<TPlinkoRisk, readonly number[]>> = {
  8: { low: [562, 210, 110, 100, 50], medium: [1304, 301, 130, 70, 40], high: [2900, 399, 150, 30, 20] },
  9: { low: [564, 200, 160, 100, 70], medium: [1800, 400, 169, 90, 50], high: [4293, 699, 200, 60, 20] },
  10: { low: [888, 300, 140, 110, 100, 50], medium: [2203, 500, 201, 140, 60, 40], high: [7598, 997, 300, 90, 30, 20] },
  11: { low: [836, 300, 190, 130, 100, 70], medium: [2398, 598, 300, 180, 70, 50], high: [11990, 1396, 518, 140, 40, 20] },
  12: { low: [1006, 303, 160, 140, 110, 100, 50], medium: [3310, 1101, 400, 200, 110, 60, 30], high: [16994, 2399, 810, 199, 70, 20, 20] },
  13: { low: [814, 400, 300, 190, 120, 90, 70], medium: [4311, 1301, 600, 300, 130, 70, 40], high: [25995, 3695, 1100, 399, 100, 20, 20] },
  14: { low: [708, 400, 190, 140, 130, 110, 100, 50], medium: [5806, 1503, 700, 400, 190, 100, 50, 20], high: [42003, 5606, 1801, 500, 190, 30, 20, 20] },
  15: { low: [1486, 800, 300, 200, 150, 110, 100, 70], medium: [8811, 1801, 1100, 500, 300, 130, 50, 30], high: [61986, 8300, 2696, 800, 300, 50, 20, 20] },
  16: {
    low: [1610, 902, 200, 140, 140, 120, 110, 100, 50],
    medium: [11006, 4101, 1003, 500, 300, 150, 100, 50, 30],
    high: [100012, 13005, 2601, 901, 400, 200, 20, 20, 20],
  },
};

/** The multipliers (hundredths) of slots 0…rows. */
export function plinkoTable(rows: number, risk: TPlinkoRisk): number[] {
  const half = HALVES[rows]?.[risk];
  if (!half) throw new HouseGameInputError('unknown_option', `no plinko table for ${rows} rows at ${risk} risk`);
  return Array.from({ length: rows + 1 }, (_, k) => half[Math.min(k, rows - k)] ?? 0);
}

function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i += 1) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** The exact chance of each slot, C(rows, k) / 2^rows. */
export function plinkoSlotChances(rows: number): ExactRatio[] {
  return Array.from({ length: rows + 1 }, (_, k) => ratio(binomial(rows, k), 1n << BigInt(rows)));
}

/** The exact return of a table: Σ C(n,k)·m_k / (100·2^n). */
export function plinkoRtp(rows: number, risk: TPlinkoRisk): ExactRatio {
  const table = plinkoTable(rows, risk);
  let sum = 0n;
  table.forEach((m, k) => (sum += binomial(rows, k) * BigInt(m)));
  return ratio(sum, 100n << BigInt(rows));
}

export interface TPlinkoInput {
  amount: number;
  rows: number;
  risk: TPlinkoRisk;
}

export interface TPlinkoDetail {
  rows: number;
  risk: TPlinkoRisk;
  /** One entry per row: 0 = left, 1 = right. */
  path: number[];
  /** The slot: the number of rights. */
  slot: number;
  /** Hundredths. */
  multiplier: number;
}

/** The ball's fall: one fair bit per row, written into `path` (reused by simulations); answers the slot. */
export function dropBall(source: RandomSource, rows: number, path?: number[]): number {
  let slot = 0;
  for (let r = 0; r < rows; r += 1) {
    const bit = uniformInt(source, 2);
    if (path) path[r] = bit;
    slot += bit;
  }
  return slot;
}

function checkInput(input: TPlinkoInput): TPlinkoInput {
  checkObject(input);
  const amount = checkAmount(input.amount, 'the stake');
  if (!(PLINKO_ROWS as readonly unknown[]).includes(input.rows)) throw new HouseGameInputError('unknown_option', 'rows must be a whole number from 8 to 16');
  if (!(PLINKO_RISKS as readonly unknown[]).includes(input.risk)) throw new HouseGameInputError('unknown_option', 'risk must be low, medium or high');
  return { amount, rows: input.rows, risk: input.risk };
}

export const plinkoGame: HouseGame<TPlinkoInput, TPlinkoDetail> = {
  code: 'HOUSE_PLINKO',
  name: 'Plinko',
  play(raw, stream) {
    const input = checkInput(raw);
    const path: number[] = [];
    const slot = dropBall(stream, input.rows, path);
    const multiplier = plinkoTable(input.rows, input.risk)[slot] ?? 0;
    const payout = mulDivFloor(input.amount, multiplier, 100);
    return { stake: input.amount, payout, validBet: input.amount, detail: { rows: input.rows, risk: input.risk, path, slot, multiplier } };
  },
};
