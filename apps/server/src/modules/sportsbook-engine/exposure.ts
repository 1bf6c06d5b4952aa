import { settle, type TMarket, type TResult } from './markets.ts';
import { betPayout } from './payout.ts';

/**
 * The book's liability on one fixture (issue 20, "ops sports exposure"): for each result the fixture could end
 * with, what the bets touching it would pay beyond their stakes. A single is exact. A parlay counts its other
 * legs as won (the worst case for the book: a leg already lost removes the parlay from the caller's list, and
 * one not settled may still win), capped at the bet's maximum payout.
 */

export interface TExposureLeg {
  fixtureId: string;
  market: TMarket;
  selection: string;
  odds: number;
}

export interface TExposureBet {
  stake: number;
  maxPayout: number;
  legs: readonly TExposureLeg[];
}

export interface TResultLiability {
  result: TResult;
  /** Σ (payout − stake) over the bets with a leg on the fixture, minor units: positive when the book loses. */
  liability: number;
}

/** Liability for every result in `results` (e.g. every score up to 6–6 and 'void'). */
export function fixtureExposure(fixtureId: string, bets: readonly TExposureBet[], results: readonly TResult[]): TResultLiability[] {
  const touching = bets.filter((b) => b.legs.some((l) => l.fixtureId === fixtureId));
  return results.map((result) => {
    let liability = 0;
    for (const bet of touching) {
      const legs = bet.legs.map((leg) => ({ odds: leg.odds, outcome: leg.fixtureId === fixtureId ? settle(leg.market, leg.selection, result) : ('win' as const) }));
      liability += betPayout(bet.stake, legs, bet.maxPayout).payout - bet.stake;
    }
    return { result, liability };
  });
}

/** Every score with at most `maxGoals` a side, then 'void': the results an exposure report lists. */
export function possibleResults(maxGoals: number): TResult[] {
  const results: TResult[] = [];
  for (let home = 0; home <= maxGoals; home += 1) for (let away = 0; away <= maxGoals; away += 1) results.push({ home, away });
  return [...results, 'void'];
}
