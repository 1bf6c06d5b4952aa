import type { TOutcome } from './markets.ts';
import { oddsProblem } from './odds.ts';

/**
 * What a bet pays (shared/domain/sportsbook.md, "Parlays"), in integer minor units. Each leg's factor is an exact
 * fraction of integers — win odds/1000, half win (1000 + odds)/2000, push and void 1, half loss 1/2, loss 0 — the
 * factors are multiplied as BigInt numerators and denominators, and the payout is rounded down once, at the end:
 * floor(stake × Π numerators / Π denominators), then capped. No float and no rounded intermediate product, so ten
 * legs at 1000.000 cannot drift or overflow, and rounding never creates money. A single is a bet of one leg.
 */

export const MIN_PARLAY_LEGS = 2;
export const MAX_PARLAY_LEGS = 10;

export interface TSettledLeg {
  /** Decimal odds accepted, thousandths. */
  odds: number;
  outcome: TOutcome;
}

interface TFraction {
  num: bigint;
  den: bigint;
}

/** The factor a leg multiplies the stake by. */
export function legFactor(leg: TSettledLeg): TFraction {
  const odds = BigInt(leg.odds);
  switch (leg.outcome) {
    case 'win':
      return { num: odds, den: 1000n };
    case 'halfWin':
      return { num: 1000n + odds, den: 2000n };
    case 'push':
    case 'void':
      return { num: 1n, den: 1n };
    case 'halfLoss':
      return { num: 1n, den: 2n };
    case 'loss':
      return { num: 0n, den: 1n };
  }
}

/** Why a stake (minor units) cannot be placed at all, or null when it can; limits per market are the caller's. */
export function stakeProblem(stake: number): string | null {
  return Number.isSafeInteger(stake) && stake > 0 ? null : 'a stake is a positive whole number of minor units';
}

export interface TPayout {
  /** Minor units credited: 0 for a lost bet, the stake for an all-void one. */
  payout: number;
  /** The uncapped payout was above the maximum. */
  capped: boolean;
}

/** The payout of a settled bet (a single or every leg of a parlay settled), capped at `maxPayout`. */
export function betPayout(stake: number, legs: readonly TSettledLeg[], maxPayout: number): TPayout {
  const problem = stakeProblem(stake) ?? (legs.length === 0 ? 'a bet has at least one leg' : null) ?? legs.map((l) => oddsProblem(l.odds)).find(Boolean);
  if (problem) throw new RangeError(problem);
  if (!Number.isSafeInteger(maxPayout) || maxPayout < 0) throw new RangeError('the maximum payout is a non-negative whole number of minor units');
  let num = BigInt(stake);
  let den = 1n;
  for (const leg of legs) {
    const f = legFactor(leg);
    num *= f.num;
    den *= f.den;
  }
  const uncapped = num / den; // BigInt division truncates: a floor, as both are non-negative
  const cap = BigInt(maxPayout);
  return uncapped > cap ? { payout: maxPayout, capped: true } : { payout: Number(uncapped), capped: false };
}

/**
 * The combined decimal odds of a parlay's legs if all win, thousandths, rounded down (what the slip shows; the
 * payout itself is computed from the legs, not from this rounded figure).
 */
export function parlayOdds(odds: readonly number[]): number {
  let num = 1n;
  for (const o of odds) num *= BigInt(o);
  return Number(num / 1000n ** BigInt(Math.max(odds.length - 1, 0)));
}

export type TParlayProblem = 'tooFewLegs' | 'tooManyLegs' | 'sameFixture' | 'badOdds';

export interface TParlayLeg {
  fixtureId: string;
  odds: number;
}

/** Why these legs cannot form a parlay, as a reason code, or null when they can. */
export function parlayProblem(legs: readonly TParlayLeg[]): TParlayProblem | null {
  if (legs.length < MIN_PARLAY_LEGS) return 'tooFewLegs';
  if (legs.length > MAX_PARLAY_LEGS) return 'tooManyLegs';
  if (new Set(legs.map((l) => l.fixtureId)).size !== legs.length) return 'sameFixture';
  if (legs.some((l) => oddsProblem(l.odds) !== null)) return 'badOdds';
  return null;
}

/**
 * Where a bet stands from its legs' outcomes so far (null: not settled yet): 'lost' as soon as one leg lost
 * (the rest cannot save it), 'settled' once every leg has an outcome, else 'open'.
 */
export function betState(outcomes: readonly (TOutcome | null)[]): 'open' | 'lost' | 'settled' {
  if (outcomes.includes('loss')) return 'lost';
  return outcomes.includes(null) ? 'open' : 'settled';
}
