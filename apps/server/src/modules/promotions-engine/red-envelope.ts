/**
 * Red envelope rain (shared/domain/promotions.md, "Red envelope pool"): the pool is split into `count` envelopes
 * when the window is scheduled, each between min and max, summing to the pool exactly; the service stores them and
 * hands each eligible member the next unopened one. Randomness comes from the caller (node:crypto's randomInt in the
 * service, a seeded generator in tests), so the split is a pure function of it.
 */

/** A uniform integer in [0, n). */
export type TRandomInt = (n: number) => number;

export interface TEnvelopeRain {
  /** Minor units to hand out in the window. */
  pool: number;
  /** Envelopes in the window. */
  count: number;
  /** Bounds of one envelope, inclusive, minor units. */
  min: number;
  max: number;
}

/** Why a rain cannot be split, or null: count × min ≤ pool ≤ count × max, with 0 < min ≤ max and count ≥ 1. */
export function rainProblem(rain: TEnvelopeRain): string | null {
  for (const [name, value] of Object.entries(rain)) if (!Number.isSafeInteger(value) || value < 0) return `${name} must be a non-negative integer`;
  if (rain.count < 1) return 'a rain needs at least one envelope';
  if (rain.min < 1 || rain.min > rain.max) return 'the bounds need 1 ≤ min ≤ max';
  if (rain.count * rain.min > rain.pool) return 'the pool cannot give every envelope its minimum';
  if (rain.count * rain.max < rain.pool) return 'the envelopes at their maximum cannot hold the whole pool';
  return null;
}

/**
 * The next envelope out of what remains (`pool` left for `count` envelopes). It stays within what keeps the rest
 * possible — at least pool − (count − 1) × max, at most pool − (count − 1) × min — and within [min, twice the mean]
 * ("double the mean": amounts vary but the first envelopes cannot empty the pool); the last envelope takes what is
 * left.
 */
export function nextEnvelope(rest: TEnvelopeRain, randomInt: TRandomInt): number {
  const problem = rainProblem(rest);
  if (problem) throw new RangeError(problem);
  const { pool, count, min, max } = rest;
  const low = Math.max(min, pool - (count - 1) * max);
  const high = Math.max(low, Math.min(max, pool - (count - 1) * min, Math.floor((2 * pool) / count)));
  const pick = randomInt(high - low + 1);
  if (!Number.isSafeInteger(pick) || pick < 0 || pick > high - low) throw new RangeError(`the random source gave ${pick} for [0, ${high - low + 1})`);
  return low + pick;
}

/** The rain's envelopes in opening order: each in [min, max], summing to the pool exactly. */
export function splitPool(rain: TEnvelopeRain, randomInt: TRandomInt): number[] {
  const problem = rainProblem(rain);
  if (problem) throw new RangeError(problem);
  const envelopes: number[] = [];
  let pool = rain.pool;
  for (let count = rain.count; count > 0; count -= 1) {
    const amount = nextEnvelope({ ...rain, pool, count }, randomInt);
    envelopes.push(amount);
    pool -= amount;
  }
  return envelopes;
}
