import type { RandomSource } from './fair.ts';

/**
 * The common shape of a house game, so the vendor adapter calls every game the same way.
 * Amounts are integer minor units (1/100) held in JS numbers; products and ratios go through BigInt
 * (`mulDivFloor`) and any fraction of a minor unit is rounded down, in the house's favour.
 */
export interface HouseGame<TInput, TDetail> {
  code: string;
  name: string;
  /** Settles one round at once. Throws `HouseGameInputError` for input no round can be played with. */
  play(input: TInput, stream: RandomSource): RoundOutcome<TDetail>;
}

export interface Settlement {
  /** What the member put at risk. */
  stake: number;
  /** What goes back to the member, stake included (0 for a loss). */
  payout: number;
  /** The turnover that counts for agents and rebates: the stake, less any pushed or void part. */
  validBet: number;
}

export interface RoundOutcome<TDetail> extends Settlement {
  /** JSON for the betting record; with the seeds it is enough to check the round. */
  detail: TDetail;
}

/** Input no round can be played with; `code` is stable for the API's error mapping. */
export class HouseGameInputError extends Error {
  constructor(
    readonly code: 'bad_input' | 'bad_amount' | 'unknown_option' | 'bad_players',
    message: string,
  ) {
    super(message);
    this.name = 'HouseGameInputError';
  }
}

/**
 * The largest stake of one bet (1,000,000.00). With every game's largest multiplier (tested) a payout stays
 * far below the ledger's posting limit of 10^13 minor units.
 */
export const MAX_STAKE = 100_000_000;

/** Refuses an input that is not a JSON object (the adapter hands in parsed request bodies). */
export function checkObject<T extends object>(input: T): T {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new HouseGameInputError('bad_input', 'the bet must be an object');
  return input;
}

/** Refuses anything but a whole number of minor units in [min, MAX_STAKE]. */
export function checkAmount(amount: unknown, what: string, min = 1): number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < min || amount > MAX_STAKE) {
    throw new HouseGameInputError('bad_amount', `${what} must be a whole number of minor units from ${min} to ${MAX_STAKE}`);
  }
  return amount;
}

/** floor(amount × numerator / denominator), exactly, for non-negative integers. */
export function mulDivFloor(amount: number, numerator: number, denominator: number): number {
  const result = Number((BigInt(amount) * BigInt(numerator)) / BigInt(denominator));
  if (!Number.isSafeInteger(result)) throw new RangeError('amount out of range');
  return result;
}

/** A probability as an exact fraction, with its value for display. */
export interface ExactRatio {
  numerator: bigint;
  denominator: bigint;
  value: number;
}

export function ratio(numerator: bigint, denominator: bigint): ExactRatio {
  // Twelve significant digits survive the conversion; the exact fraction is kept alongside.
  const scaled = (numerator * 1_000_000_000_000n) / denominator;
  return { numerator, denominator, value: Number(scaled) / 1e12 };
}
