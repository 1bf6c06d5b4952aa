import type { TTier } from '@playhall/contract/calls/agent';
import { describe, expect, it } from 'vitest';
import { applicableTier, contractRates, maxRate } from './tiers.ts';

const salaryTiers: TTier[] = [
  { rate: 50, minActiveMembers: 1, minValidBet: 100_000 },
  { rate: 80, minActiveMembers: 3, minValidBet: 1_000_000 },
  { rate: 100, minActiveMembers: 5, minValidBet: 5_000_000 },
];

describe('applicableTier', () => {
  it('applies a tier exactly at its minimums, not one unit below', () => {
    expect(applicableTier(salaryTiers, { validBet: 1_000_000, activeMembers: 3 })?.rate).toBe(80);
    expect(applicableTier(salaryTiers, { validBet: 999_999, activeMembers: 3 })?.rate).toBe(50);
    expect(applicableTier(salaryTiers, { validBet: 1_000_000, activeMembers: 2 })?.rate).toBe(50);
  });

  it('takes the highest-rate tier of several that hold, in any order', () => {
    expect(applicableTier(salaryTiers, { validBet: 9_000_000, activeMembers: 9 })?.rate).toBe(100);
    expect(applicableTier([...salaryTiers].reverse(), { validBet: 9_000_000, activeMembers: 9 })?.rate).toBe(100);
  });

  it('is not reached when no tier holds, or a figure a tier needs is missing', () => {
    expect(applicableTier(salaryTiers, { validBet: 99_999, activeMembers: 9 })).toBeNull();
    expect(applicableTier(salaryTiers, { validBet: 9_000_000, activeMembers: 0 })).toBeNull();
    expect(applicableTier(salaryTiers, { activeMembers: 9 })).toBeNull();
    expect(applicableTier([], { validBet: 1, activeMembers: 1 })).toBeNull();
  });

  it('checks net loss for dividend tiers, and needs nothing a tier does not set', () => {
    const dividendTiers: TTier[] = [
      { rate: 1000, minActiveMembers: 0 },
      { rate: 2000, minActiveMembers: 2, minNetLoss: 50_000 },
    ];
    expect(applicableTier(dividendTiers, { netLoss: 50_000, activeMembers: 2 })?.rate).toBe(2000);
    expect(applicableTier(dividendTiers, { netLoss: 49_999, activeMembers: 2 })?.rate).toBe(1000);
    expect(applicableTier(dividendTiers, { activeMembers: 0 })?.rate).toBe(1000);
  });
});

describe('maxRate', () => {
  it('is the highest tier rate, or the higher of the real-time rates', () => {
    expect(maxRate({ kind: 'dailySalary', tiers: salaryTiers })).toBe(100);
    expect(maxRate({ kind: 'dividend', period: 'weekly', tiers: [{ rate: 3000, minActiveMembers: 0 }] })).toBe(3000);
    expect(maxRate({ kind: 'realtimeSalary', profitRate: 30, lossRate: 70, minBetAmount: 0 })).toBe(70);
    expect(contractRates({ kind: 'realtimeSalary', profitRate: 30, lossRate: 70, minBetAmount: 0 })).toEqual({ profitRate: 30, lossRate: 70 });
    expect(contractRates({ kind: 'hourlySalary', tiers: salaryTiers })).toEqual({ rate: 100 });
  });
});
