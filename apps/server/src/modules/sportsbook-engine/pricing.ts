import { MAX_ODDS } from './odds.ts';
import { selectionsOf, settle, type TMarket } from './markets.ts';

/**
 * Prices of a market from the probability of every final score (shared/domain/sportsbook.md, "Virtual football"),
 * used by both virtual models. Each selection is settled against every score with the settlement rules
 * themselves, so a quarter line is priced exactly as it pays.
 */

/** One final score and its probability; a distribution's probabilities sum to 1. */
export interface TScoreProbability {
  home: number;
  away: number;
  p: number;
}

export interface TPricing {
  /** Basis points: 500 = 5 %; each outcome's probability is multiplied by 1 + margin. */
  marginBp: number;
  /** Prices are rounded down to a multiple of this many thousandths (10: a tick of 0.01). */
  tick: number;
  /** The lowest price offered, thousandths. */
  floor: number;
}

export const DEFAULT_PRICING: TPricing = { marginBp: 500, tick: 10, floor: 1010 };

export function pricingProblem(pricing: TPricing): string | null {
  if (!Number.isSafeInteger(pricing.marginBp) || pricing.marginBp < 0 || pricing.marginBp >= 5000) return 'the margin is 0 to 49.99 % in basis points';
  if (!Number.isSafeInteger(pricing.tick) || pricing.tick < 1 || pricing.tick > 1000) return 'the tick is 1 to 1000 thousandths';
  if (!Number.isSafeInteger(pricing.floor) || pricing.floor <= 1000 || pricing.floor % pricing.tick !== 0) return 'the floor is above 1.000 and a multiple of the tick';
  return null;
}

/**
 * The fair probability of a selection: q such that price 1 / q returns the stake on average. With w the expected
 * share of the stake that wins (a half win counts half) and r the expected share handed back (push, void, the
 * pushed half of a half win or half loss), a price o returns o·w + r, so the fair o is (1 − r) / w and q = w / (1 − r).
 * For a market without pushes q is the plain probability of winning; the two sides of any line sum to 1.
 */
export function fairProbability(distribution: readonly TScoreProbability[], market: TMarket, selection: string): number {
  let w = 0;
  let r = 0;
  for (const { home, away, p } of distribution) {
    const outcome = settle(market, selection, { home, away });
    if (outcome === 'win') w += p;
    else if (outcome === 'halfWin' || outcome === 'halfLoss') {
      r += p / 2;
      if (outcome === 'halfWin') w += p / 2;
    } else if (outcome === 'push' || outcome === 'void') r += p;
  }
  return r >= 1 ? 0 : w / (1 - r);
}

/** The price of a fair probability q: 1 / (q × (1 + margin)), rounded down to the tick, at least the floor; null when q is 0. */
export function priceOf(q: number, pricing: TPricing): number | null {
  if (!(q > 0)) return null;
  const raw = 1000 / (q * (1 + pricing.marginBp / 10_000));
  const ticked = Math.floor(raw / pricing.tick) * pricing.tick;
  return Math.min(MAX_ODDS, Math.max(pricing.floor, ticked));
}

export interface TPricedSelection {
  selection: string;
  /** Fair probability, before the margin. */
  probability: number;
  /** Decimal odds, thousandths; null when the selection cannot win. */
  odds: number | null;
}

/** Every selection of `market`, priced from the score distribution. */
export function priceMarket(distribution: readonly TScoreProbability[], market: TMarket, pricing: TPricing = DEFAULT_PRICING): TPricedSelection[] {
  const problem = pricingProblem(pricing);
  if (problem) throw new RangeError(problem);
  return selectionsOf(market).map((selection) => {
    const probability = fairProbability(distribution, market, selection);
    return { selection, probability, odds: priceOf(probability, pricing) };
  });
}

/**
 * The main line of a handicap or total market: among `candidates` (quarters), the one whose first selection
 * (home, or over) has a fair probability closest to ½; the lower line on a tie. A virtual round offers this
 * line, so neither side is priced at the floor.
 */
export function balancedLine(distribution: readonly TScoreProbability[], kind: 'asianHandicap' | 'overUnder' | 'mapHandicap' | 'totalMaps', candidates: readonly number[]): number {
  let best: { line: number; distance: number } | null = null;
  for (const line of candidates) {
    const market = { kind, line };
    const distance = Math.abs(fairProbability(distribution, market, selectionsOf(market)[0] as string) - 0.5);
    if (!best || distance < best.distance || (distance === best.distance && line < best.line)) best = { line, distance };
  }
  if (!best) throw new RangeError('no candidate line');
  return best.line;
}
