import { describe, expect, it } from 'vitest';
import { judgeBet } from './sportsbook.settlement.ts';

const bet = (odds: number[], outcomes: (string | null)[], stake = 10_000, maxPayout = 1_000_000) => judgeBet({ stake, maxPayout, odds, outcomes });

describe('judgeBet: where a bet stands from its legs', () => {
  it('keeps a single open until its leg has an outcome, then pays it with its own outcome', () => {
    expect(bet([1900], [null])).toEqual({ status: 'open', outcome: null, payout: 0, roundStatus: 'open', validBet: 0 });
    expect(bet([1900], ['win'])).toEqual({ status: 'settled', outcome: 'win', payout: 19_000, roundStatus: 'settled', validBet: 10_000 });
    expect(bet([1900], ['halfWin'])).toEqual({ status: 'settled', outcome: 'halfWin', payout: 14_500, roundStatus: 'settled', validBet: 5_000 });
    expect(bet([1900], ['halfLoss'])).toEqual({ status: 'settled', outcome: 'halfLoss', payout: 5_000, roundStatus: 'settled', validBet: 5_000 });
    expect(bet([1900], ['push'])).toEqual({ status: 'settled', outcome: 'push', payout: 10_000, roundStatus: 'settled', validBet: 0 });
    expect(bet([1900], ['void'])).toEqual({ status: 'settled', outcome: 'void', payout: 10_000, roundStatus: 'void', validBet: 0 });
    expect(bet([1900], ['loss'])).toEqual({ status: 'settled', outcome: 'loss', payout: 0, roundStatus: 'settled', validBet: 10_000 });
  });

  it('settles a parlay lost as soon as one leg loses, and names a parlay by what it returned', () => {
    expect(bet([2000, 2000, 2000], ['loss', null, null])).toMatchObject({ status: 'settled', outcome: 'loss', payout: 0, validBet: 10_000 });
    expect(bet([2000, 2000], ['win', null])).toMatchObject({ status: 'open', payout: 0 });
    expect(bet([2000, 2000], ['win', 'void'])).toMatchObject({ outcome: 'win', payout: 20_000, validBet: 10_000 });
    expect(bet([2000, 2000], ['void', 'void'])).toMatchObject({ outcome: 'void', payout: 10_000, roundStatus: 'void', validBet: 0 });
    expect(bet([2000, 2000], ['void', 'push'])).toMatchObject({ outcome: 'push', payout: 10_000, roundStatus: 'settled', validBet: 0 });
    // Half a loss at 2.000 brings the stake back exactly; at 1.800 it returns less than the stake.
    expect(bet([2000, 1800], ['win', 'halfLoss'])).toMatchObject({ outcome: 'push', payout: 10_000 });
    expect(bet([1800, 1800], ['win', 'halfLoss'])).toMatchObject({ outcome: 'halfLoss', payout: 9_000, validBet: 10_000 });
    expect(bet([1800, 1800], ['halfWin', 'win'])).toMatchObject({ outcome: 'win', payout: 25_200 });
  });

  it('caps the payout at the bet’s maximum', () => {
    expect(bet([8000], ['win'], 10_000, 50_000)).toMatchObject({ outcome: 'win', payout: 50_000 });
  });
});
