import type { TContractTerms, TTier } from '@playhall/contract/calls/agent';

/**
 * Tiers (agent-contracts.md, "Terms"): a tier holds when every condition it sets holds; the applicable tier is the
 * highest-rate one that holds, and none holding pays nothing ("not reached").
 */

/** A team's figures over one period; a figure left out fails every tier that sets a minimum for it. */
export interface TTeamFigures {
  /** Team valid bet (salaries), minor units. */
  validBet?: number;
  /** Team net loss (dividend), minor units; the base after carry-over, see formulas.ts. */
  netLoss?: number;
  activeMembers: number;
}

/** Each condition is inclusive: exactly at a minimum holds, one unit below does not. */
export function tierHolds(tier: TTier, figures: TTeamFigures): boolean {
  const atLeast = (value: number | undefined, min: number | undefined): boolean => min === undefined || (value !== undefined && value >= min);
  return (
    figures.activeMembers >= tier.minActiveMembers &&
    atLeast(figures.validBet, tier.minValidBet) &&
    atLeast(figures.netLoss, tier.minNetLoss)
  );
}

/** The highest-rate tier that holds (the first listed of equal rates), or null: not reached. */
export function applicableTier(tiers: readonly TTier[], figures: TTeamFigures): TTier | null {
  let best: TTier | null = null;
  for (const tier of tiers) if (tierHolds(tier, figures) && (best === null || tier.rate > best.rate)) best = tier;
  return best;
}

/** The rates of a contract's terms compared field by field: the highest tier rate, or real-time's two rates. */
export type TRateField = 'rate' | 'profitRate' | 'lossRate';

export function contractRates(terms: TContractTerms): Partial<Record<TRateField, number>> {
  if (terms.kind === 'realtimeSalary') return { profitRate: terms.profitRate, lossRate: terms.lossRate };
  return { rate: Math.max(0, ...terms.tiers.map((t) => t.rate)) };
}

/**
 * One number to show or sort contracts by: the highest tier rate, or max(profitRate, lossRate). Whether a
 * downline's terms stay within its upline's is rules.ts's rateExcess, which compares tier by tier.
 */
export function maxRate(terms: TContractTerms): number {
  return Math.max(0, ...Object.values(contractRates(terms)));
}
