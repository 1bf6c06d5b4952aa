import type { TScoreProbability } from './pricing.ts';
import { DEFAULT_MAX_GOALS, poissonTruncated, type TExpectedGoals } from '@playhall/contract/sportsbook-draw';

export { drawFootballScore, inverseCdf, poissonTruncated, type TExpectedGoals } from '@playhall/contract/sportsbook-draw';

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

export const DEFAULT_FOOTBALL_MODEL: TFootballModel = { base: 1.35, homeAdvantage: 1.15, maxGoals: DEFAULT_MAX_GOALS };

export function expectedGoals(home: TTeamRatings, away: TTeamRatings, model: TFootballModel = DEFAULT_FOOTBALL_MODEL): TExpectedGoals {
  for (const r of [home.attack, home.defence, away.attack, away.defence, model.base, model.homeAdvantage]) {
    if (!(r > 0 && Number.isFinite(r))) throw new RangeError('ratings and model factors are positive numbers');
  }
  return {
    home: model.base * home.attack * away.defence * model.homeAdvantage,
    away: model.base * away.attack * home.defence,
  };
}

/** Every score (h, a) with 0 ≤ h, a ≤ maxGoals and its probability. */
export function scoreDistribution(goals: TExpectedGoals, maxGoals: number = DEFAULT_FOOTBALL_MODEL.maxGoals): TScoreProbability[] {
  const home = poissonTruncated(goals.home, maxGoals);
  const away = poissonTruncated(goals.away, maxGoals);
  return home.flatMap((ph, h) => away.map((pa, a) => ({ home: h, away: a, p: ph * pa })));
}
