import type { TScoreProbability } from './pricing.ts';
import { seedKey, seedUniform } from './seed.ts';

/**
 * Virtual football (shared/domain/sportsbook.md, "Virtual football"): each side's goals are Poisson with
 *   λ_home = base × attack_home × defence_away × homeAdvantage,   λ_away = base × attack_away × defence_home,
 * independent of each other. A defence rating multiplies the goals the side concedes: below 1 is a good defence.
 * Goals are truncated at `maxGoals`, with the whole tail P(X ≥ maxGoals) folded into that last count, and both the
 * prices and the draw use that same truncated distribution, so what is priced is exactly what is drawn.
 */

export interface TTeamRatings {
  attack: number;
  defence: number;
}

export interface TFootballModel {
  /** League average goals per side. */
  base: number;
  homeAdvantage: number;
  maxGoals: number;
}

export const DEFAULT_FOOTBALL_MODEL: TFootballModel = { base: 1.35, homeAdvantage: 1.15, maxGoals: 10 };

export interface TExpectedGoals {
  home: number;
  away: number;
}

export function expectedGoals(home: TTeamRatings, away: TTeamRatings, model: TFootballModel = DEFAULT_FOOTBALL_MODEL): TExpectedGoals {
  for (const r of [home.attack, home.defence, away.attack, away.defence, model.base, model.homeAdvantage]) {
    if (!(r > 0 && Number.isFinite(r))) throw new RangeError('ratings and model factors are positive numbers');
  }
  return {
    home: model.base * home.attack * away.defence * model.homeAdvantage,
    away: model.base * away.attack * home.defence,
  };
}

/**
 * P(X = k) for k = 0 … maxGoals − 1 and P(X ≥ maxGoals) last: maxGoals + 1 numbers summing to 1. The terms come
 * from one exp and the recurrence p_k = p_{k−1} × λ / k.
 */
export function poissonTruncated(lambda: number, maxGoals: number): number[] {
  if (!(lambda > 0 && lambda < 50)) throw new RangeError('λ is between 0 and 50');
  if (!Number.isSafeInteger(maxGoals) || maxGoals < 1) throw new RangeError('maxGoals is a positive integer');
  const probabilities: number[] = [];
  let term = Math.exp(-lambda);
  let sum = 0;
  for (let k = 0; k < maxGoals; k += 1) {
    probabilities.push(term);
    sum += term;
    term = (term * lambda) / (k + 1);
  }
  probabilities.push(Math.max(0, 1 - sum));
  return probabilities;
}

/** Every score (h, a) with 0 ≤ h, a ≤ maxGoals and its probability. */
export function scoreDistribution(goals: TExpectedGoals, maxGoals: number = DEFAULT_FOOTBALL_MODEL.maxGoals): TScoreProbability[] {
  const home = poissonTruncated(goals.home, maxGoals);
  const away = poissonTruncated(goals.away, maxGoals);
  return home.flatMap((ph, h) => away.map((pa, a) => ({ home: h, away: a, p: ph * pa })));
}

/** Inverse CDF: the smallest k with u < P(0) + … + P(k); the last count when rounding leaves u above the sum. */
export function inverseCdf(u: number, probabilities: readonly number[]): number {
  let cumulative = 0;
  for (let k = 0; k < probabilities.length - 1; k += 1) {
    cumulative += probabilities[k] as number;
    if (u < cumulative) return k;
  }
  return probabilities.length - 1;
}

/**
 * The score of a virtual fixture, drawn from the round's seed: home goals = inverseCdf(u("fixture:<id>:home")),
 * away goals = inverseCdf(u("fixture:<id>:away")) over the truncated Poisson of each side (seed.ts defines u).
 * Publish λ (or the ratings and the model) with the fixture before betting closes: the re-run needs them. The
 * cumulative sums use one Math.exp, which engines may round differently in the last bit; a u that close to a
 * boundary (about 1 in 10^15) is the only way a browser could disagree with the server.
 */
export async function drawFootballScore(seedHex: string, fixtureId: string, goals: TExpectedGoals, maxGoals: number = DEFAULT_FOOTBALL_MODEL.maxGoals): Promise<{ home: number; away: number }> {
  const key = await seedKey(seedHex);
  const [uHome, uAway] = await Promise.all([seedUniform(key, `fixture:${fixtureId}:home`), seedUniform(key, `fixture:${fixtureId}:away`)]);
  return {
    home: inverseCdf(uHome, poissonTruncated(goals.home, maxGoals)),
    away: inverseCdf(uAway, poissonTruncated(goals.away, maxGoals)),
  };
}
