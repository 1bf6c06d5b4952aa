import { STAKES } from '@playhall/contract/stakes';
import type { TBookLimits } from '@playhall/contract/sportsbook-api';
import { MAX_PARLAY_LEGS } from '../sportsbook-engine/payout.ts';

/** 1 ₫ in minor units. */
const DONG = 100;

/**
 * The books' limits in the site's currency (VND, minor units):
 * - the smallest stake is the smallest stake of any house game (stakes.ts: 1,000 ₫);
 * - a bet stakes at most 20,000,000 ₫ on a market unless the market sets its own (`sports_markets.max_stake`): a
 *   large single bet for a retail book, small enough that one member cannot move the book's liability alone;
 * - a bet pays at most 2,000,000,000 ₫ (stake included): a parlay whose every leg winning would pay more is refused
 *   before it is placed, so the cap never cuts a winning bet short in silence.
 */
export const BOOK_LIMITS: TBookLimits = {
  minStake: STAKES.minStake,
  maxStake: 20_000_000 * DONG,
  maxPayout: 2_000_000_000 * DONG,
  maxLegs: MAX_PARLAY_LEGS,
};

/** The most a bet may stake on these markets: the lowest of their own maxima, the book's default where they set none. */
export function maxStakeOf(markets: readonly { maxStake: number | null }[]): number {
  return Math.min(...markets.map((m) => m.maxStake ?? BOOK_LIMITS.maxStake));
}
