import { describe, expect, it } from 'vitest';
import {
  applyRule,
  cashback,
  checkInReward,
  consecutiveDays,
  firstDepositBonus,
  grantDecision,
  netLoss,
  percentOf,
  reloadBonus,
  turnoverTierPayments,
  type TCheckInTerms,
  type TGrantLimits,
  type TReward,
  type TTurnoverTier,
} from './rewards.ts';

const money = (amount: number): TReward => ({ unit: 'money', amount });

describe('applyRule', () => {
  it('rounds a percentage down and caps it', () => {
    expect(percentOf(9_999, 3_333)).toBe(3_332);
    expect(applyRule({ kind: 'percent', rate: 1_000, cap: null }, 12_345)).toEqual(money(1_234));
    expect(applyRule({ kind: 'percent', rate: 5_000, cap: 100_000 }, 1_000_000)).toEqual(money(100_000));
    expect(applyRule({ kind: 'percent', rate: 20_000, cap: null }, 500)).toEqual(money(1_000));
  });

  it('is exact past 2^53', () => {
    expect(percentOf(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
    expect(percentOf(Number.MAX_SAFE_INTEGER, 1)).toBe(Math.floor(Number.MAX_SAFE_INTEGER / 10_000));
  });

  it('gives fixed amounts and points on a positive base, nothing on none', () => {
    expect(applyRule({ kind: 'fixed', amount: 5_000 }, 1)).toEqual(money(5_000));
    expect(applyRule({ kind: 'points', points: 30 }, 1)).toEqual({ unit: 'points', amount: 30 });
    expect(applyRule({ kind: 'fixed', amount: 5_000 }, 0)).toEqual(money(0));
    expect(applyRule({ kind: 'points', points: 30 }, -5)).toEqual({ unit: 'points', amount: 0 });
  });

  it('refuses amounts that are not non-negative integers', () => {
    expect(() => percentOf(10.5, 100)).toThrow(RangeError);
    expect(() => percentOf(10, -1)).toThrow(RangeError);
    expect(() => applyRule({ kind: 'fixed', amount: -1 }, 1)).toThrow(RangeError);
    expect(() => applyRule({ kind: 'percent', rate: 100, cap: -1 }, 1)).toThrow(RangeError);
  });
});

describe('deposit bonuses', () => {
  const reload = { minDeposit: 100_000, reward: { kind: 'percent', rate: 2_000, cap: 500_000 } } as const;

  it('pays a reload bonus from the minimum deposit on, up to its cap', () => {
    expect(reloadBonus(reload, 99_999)).toEqual(money(0));
    expect(reloadBonus(reload, 100_000)).toEqual(money(20_000));
    expect(reloadBonus(reload, 2_500_000)).toEqual(money(500_000));
    expect(reloadBonus(reload, 9_000_000)).toEqual(money(500_000));
  });

  it('pays a first-deposit bonus on the first deposit only', () => {
    const first = { minDeposit: 50_000, reward: { kind: 'fixed', amount: 88_000 } } as const;
    expect(firstDepositBonus(first, 50_000, true)).toEqual(money(88_000));
    expect(firstDepositBonus(first, 50_000, false)).toEqual(money(0));
    expect(firstDepositBonus(first, 49_999, true)).toEqual(money(0));
  });
});

describe('daily check-in', () => {
  it('counts the run of consecutive days ending today or yesterday', () => {
    expect(consecutiveDays([], '2026-11-10')).toBe(0);
    expect(consecutiveDays(['2026-11-10'], '2026-11-10')).toBe(1);
    expect(consecutiveDays(['2026-11-08', '2026-11-09'], '2026-11-10')).toBe(2);
    expect(consecutiveDays(['2026-11-10', '2026-11-08', '2026-11-09', '2026-11-09'], '2026-11-10')).toBe(3);
    expect(consecutiveDays(['2026-11-07', '2026-11-09', '2026-11-10'], '2026-11-10')).toBe(2);
    expect(consecutiveDays(['2026-11-08'], '2026-11-10')).toBe(0);
    expect(consecutiveDays(['2026-02-28', '2026-03-01'], '2026-03-01')).toBe(2);
    expect(consecutiveDays(['2025-12-31', '2026-01-01'], '2026-01-01')).toBe(2);
    expect(() => consecutiveDays(['2026-13-01'], '2026-11-10')).toThrow(RangeError);
  });

  const week: TCheckInTerms = {
    days: [...Array.from({ length: 6 }, () => ({ kind: 'fixed', amount: 1_000 }) as const), { kind: 'fixed', amount: 10_000 }],
  };

  it('pays the streak day, bigger on day 7, and starts the cycle again on day 8', () => {
    expect(checkInReward(week, 1)).toEqual(money(1_000));
    expect(checkInReward(week, 7)).toEqual(money(10_000));
    expect(checkInReward(week, 8)).toEqual(money(1_000));
    expect(checkInReward(week, 14)).toEqual(money(10_000));
    expect(checkInReward({ days: [{ kind: 'points', points: 5 }] }, 3)).toEqual({ unit: 'points', amount: 5 });
  });

  it('refuses a streak of 0, no days, or a percentage day', () => {
    expect(() => checkInReward(week, 0)).toThrow(RangeError);
    expect(() => checkInReward({ days: [] }, 1)).toThrow(RangeError);
    expect(() => checkInReward({ days: [{ kind: 'percent', rate: 100, cap: null }] }, 1)).toThrow(RangeError);
  });
});

describe('cashback', () => {
  const terms = { minNetLoss: 100_000, reward: { kind: 'percent', rate: 500, cap: 1_000_000 } } as const;

  it('computes the net loss of settled bets, negative when the member won', () => {
    expect(netLoss([])).toBe(0);
    expect(netLoss([{ stake: 10_000, payout: 0 }, { stake: 10_000, payout: 25_000 }])).toBe(-5_000);
    expect(netLoss([{ stake: 50_000, payout: 10_000 }, { stake: 10_000, payout: 0 }])).toBe(50_000);
  });

  it('pays a percentage of a net loss from its minimum, never on a win', () => {
    expect(cashback(terms, 99_999)).toEqual(money(0));
    expect(cashback(terms, 100_000)).toEqual(money(5_000));
    expect(cashback(terms, 123_456)).toEqual(money(6_172));
    expect(cashback(terms, 1_000_000_000)).toEqual(money(1_000_000));
    expect(cashback(terms, -500_000)).toEqual(money(0));
    expect(cashback({ minNetLoss: 0, reward: { kind: 'fixed', amount: 100 } }, 0)).toEqual(money(0));
  });
});

describe('turnover tiers', () => {
  const tiers: TTurnoverTier[] = [
    { minValidBet: 1_000_000, reward: { kind: 'fixed', amount: 10_000 } },
    { minValidBet: 5_000_000, reward: { kind: 'fixed', amount: 60_000 } },
    { minValidBet: 20_000_000, reward: { kind: 'points', points: 500 } },
  ];

  it('pays each tier reached, from exactly its minimum', () => {
    expect(turnoverTierPayments(tiers, 999_999)).toEqual([]);
    expect(turnoverTierPayments(tiers, 1_000_000)).toEqual([{ tier: 0, reward: money(10_000) }]);
    expect(turnoverTierPayments(tiers, 20_000_000)).toEqual([
      { tier: 0, reward: money(10_000) },
      { tier: 1, reward: money(60_000) },
      { tier: 2, reward: { unit: 'points', amount: 500 } },
    ]);
  });

  it('does not pay a tier twice', () => {
    expect(turnoverTierPayments(tiers, 6_000_000, [0])).toEqual([{ tier: 1, reward: money(60_000) }]);
    expect(turnoverTierPayments(tiers, 6_000_000, [0, 1])).toEqual([]);
  });
});

describe('grantDecision', () => {
  const open: TGrantLimits = { perMemberLimit: 1, memberGrants: 0, budget: 100_000, spent: 0 };

  it('grants within the member limit and the budget, to the last unit', () => {
    expect(grantDecision(money(100_000), open)).toEqual({ ok: true, amount: 100_000 });
    expect(grantDecision({ unit: 'money', amount: 40_000 }, { ...open, spent: 60_000 })).toEqual({ ok: true, amount: 40_000 });
    expect(grantDecision({ unit: 'money', amount: 5 }, { perMemberLimit: null, memberGrants: 99, budget: null, spent: 10 ** 12 })).toEqual({ ok: true, amount: 5 });
  });

  it('refuses a member at the limit, a reward the budget cannot cover in full, and a reward of nothing', () => {
    expect(grantDecision({ unit: 'money', amount: 1 }, { ...open, memberGrants: 1 })).toEqual({ ok: false, reason: 'member_limit_reached' });
    expect(grantDecision({ unit: 'money', amount: 40_001 }, { ...open, spent: 60_000 })).toEqual({ ok: false, reason: 'budget_exhausted' });
    expect(grantDecision({ unit: 'money', amount: 0 }, open)).toEqual({ ok: false, reason: 'nothing_to_grant' });
  });
});
