import type { TContractTerms, TTier } from '@playhall/contract/calls/agent';
import { describe, expect, it } from 'vitest';
import { autoTerminations, effectiveFrom, rateExcess, rateProblem, validateTerms } from './rules.ts';

const BERLIN = 'Europe/Berlin';
const at = (iso: string): Date => new Date(iso);
const daily = (...tiers: TTier[]): TContractTerms => ({ kind: 'dailySalary', tiers });
const flat = (rate: number): TContractTerms => daily({ rate, minActiveMembers: 0 });
const realtime = (profitRate: number, lossRate: number, minBetAmount = 0): TContractTerms => ({ kind: 'realtimeSalary', profitRate, lossRate, minBetAmount });

describe('rateProblem', () => {
  it('accepts a downline rate up to its upline’s and refuses one above', () => {
    expect(rateProblem(flat(60), flat(80))).toBeNull();
    expect(rateProblem(flat(80), flat(80))).toBeNull();
    expect(rateProblem(flat(81), flat(80))).toBe('contract_rate_exceeds_upline');
    expect(rateExcess(flat(81), flat(80))).toEqual(['tiers.0.rate']);
  });

  it('compares tiers at the same figures, not only the highest rates', () => {
    const upline = daily({ rate: 50, minActiveMembers: 0 }, { rate: 80, minActiveMembers: 5, minValidBet: 10_000_000 });
    // 60 from the first unit of valid bet, where the upline earns 50: refused although 60 < 80.
    expect(rateExcess(flat(60), upline)).toEqual(['tiers.0.rate']);
    // The same ladder, or one that reaches 80 no sooner, is within.
    expect(rateProblem(upline, upline)).toBeNull();
    const later = daily({ rate: 40, minActiveMembers: 0 }, { rate: 80, minActiveMembers: 6, minValidBet: 10_000_000 });
    expect(rateProblem(later, upline)).toBeNull();
    const sooner = daily({ rate: 40, minActiveMembers: 0 }, { rate: 80, minActiveMembers: 5, minValidBet: 9_999_999 });
    expect(rateExcess(sooner, upline)).toEqual(['tiers.1.rate']);
  });

  it('compares real-time rates field by field, and the minimum bet the other way', () => {
    expect(rateProblem(realtime(30, 70, 10_000), realtime(30, 70, 10_000))).toBeNull();
    expect(rateExcess(realtime(31, 70), realtime(30, 70))).toEqual(['profitRate']);
    expect(rateExcess(realtime(30, 71), realtime(30, 70))).toEqual(['lossRate']);
    // On a bet of 5,000 the upline would receive nothing and pay the downline.
    expect(rateExcess(realtime(30, 70, 5_000), realtime(30, 70, 10_000))).toEqual(['minBetAmount']);
    expect(rateProblem(realtime(0, 0, 0), realtime(30, 70, 10_000))).toBeNull();
  });

  it('refuses any positive rate under an upline with no contract of the kind', () => {
    expect(rateProblem(flat(1), null)).toBe('contract_rate_exceeds_upline');
    expect(rateProblem(flat(0), null)).toBeNull();
    expect(rateExcess(realtime(0, 5), null)).toEqual(['lossRate']);
  });

  it('refuses to compare different kinds', () => {
    expect(() => rateProblem(flat(10), realtime(30, 70))).toThrow(RangeError);
  });
});

describe('autoTerminations', () => {
  it('lists the downline contracts of the kind above the member’s new rate', () => {
    const downlines = [
      { contractId: 1, terms: flat(60) },
      { contractId: 2, terms: flat(50) },
      { contractId: 3, terms: flat(40) },
      { contractId: 4, terms: realtime(90, 90) },
    ];
    expect(autoTerminations(flat(50), downlines).map((c) => c.contractId)).toEqual([1]);
    expect(autoTerminations(flat(80), downlines)).toEqual([]);
    expect(autoTerminations(flat(0), downlines).map((c) => c.contractId)).toEqual([1, 2, 3]);
    expect(autoTerminations(realtime(90, 80), downlines).map((c) => c.contractId)).toEqual([4]);
  });
});

describe('effectiveFrom', () => {
  it('is the start of the next period after acceptance', () => {
    const accepted = at('2026-11-22T13:44:00Z'); // Sunday 20:44 in Ho Chi Minh City
    expect(effectiveFrom(flat(50), accepted).toISOString()).toBe('2026-11-22T17:00:00.000Z');
    expect(effectiveFrom({ kind: 'hourlySalary', tiers: [{ rate: 50, minActiveMembers: 0 }] }, accepted).toISOString()).toBe('2026-11-22T14:00:00.000Z');
    expect(effectiveFrom(realtime(30, 70), accepted).toISOString()).toBe('2026-11-22T13:45:00.000Z');
    const dividend = (period: 'daily' | 'weekly' | 'semimonthly' | 'monthly'): string =>
      effectiveFrom({ kind: 'dividend', period, tiers: [{ rate: 1000, minActiveMembers: 0 }] }, accepted).toISOString();
    expect([dividend('daily'), dividend('weekly'), dividend('semimonthly'), dividend('monthly')]).toEqual([
      '2026-11-22T17:00:00.000Z',
      '2026-11-22T17:00:00.000Z',
      '2026-11-30T17:00:00.000Z',
      '2026-11-30T17:00:00.000Z',
    ]);
  });

  it('starts at the next period even when accepted exactly at a period start, and follows the zone', () => {
    expect(effectiveFrom(flat(50), at('2026-11-22T17:00:00Z')).toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(effectiveFrom(flat(50), at('2026-03-28T23:30:00Z'), BERLIN).toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});

describe('validateTerms', () => {
  it('accepts a ladder of rising rates and minimums', () => {
    expect(validateTerms(daily({ rate: 50, minActiveMembers: 1, minValidBet: 100_000 }, { rate: 80, minActiveMembers: 1, minValidBet: 1_000_000 }))).toEqual([]);
    expect(validateTerms({ kind: 'dividend', period: 'weekly', tiers: [{ rate: 1000, minActiveMembers: 0 }, { rate: 2000, minActiveMembers: 3, minNetLoss: 0 }] })).toEqual([]);
    expect(validateTerms(realtime(30, 70, 0))).toEqual([]);
  });

  it('refuses tiers out of order, sharing a rate, or that could never apply', () => {
    expect(validateTerms(daily({ rate: 80, minActiveMembers: 0 }, { rate: 50, minActiveMembers: 1 }))).toEqual(['tiers.1.rate must be above tiers.0.rate']);
    expect(validateTerms(daily({ rate: 50, minActiveMembers: 0 }, { rate: 50, minActiveMembers: 1 }))).toEqual(['tiers.1.rate must be above tiers.0.rate']);
    // Easier to reach than the tier below it, or exactly as easy: the tier below would never apply.
    expect(validateTerms(daily({ rate: 50, minActiveMembers: 1, minValidBet: 1_000 }, { rate: 80, minActiveMembers: 2, minValidBet: 999 }))).toEqual([
      'tiers.1 must require more than tiers.0 (no lower minimum, one higher)',
    ]);
    expect(validateTerms(daily({ rate: 50, minActiveMembers: 1 }, { rate: 80, minActiveMembers: 1 }))).toEqual(['tiers.1 must require more than tiers.0 (no lower minimum, one higher)']);
  });

  it('refuses a minimum of the other kind, bad rates and amounts, no tiers', () => {
    expect(validateTerms(daily({ rate: 50, minActiveMembers: 0, minNetLoss: 1 }))).toEqual(['tiers.0.minNetLoss does not apply to dailySalary']);
    expect(validateTerms({ kind: 'dividend', period: 'monthly', tiers: [{ rate: 50, minActiveMembers: 0, minValidBet: 1 }] })).toEqual(['tiers.0.minValidBet does not apply to dividend']);
    expect(validateTerms(flat(10_001))).toEqual(['tiers.0.rate must be 0 to 10000']);
    expect(validateTerms(daily({ rate: 5, minActiveMembers: -1 }))).toEqual(['tiers.0 minimums must be non-negative integers']);
    expect(validateTerms(daily())).toEqual(['1 to 20 tiers']);
    expect(validateTerms(realtime(-1, 10_001, -5))).toEqual(['profitRate must be 0 to 10000', 'lossRate must be 0 to 10000', 'minBetAmount must be a non-negative integer']);
    expect(validateTerms({ kind: 'dividend', period: 'yearly' as 'monthly', tiers: [{ rate: 50, minActiveMembers: 0 }] })).toEqual([
      'period must be one of daily, weekly, semimonthly, monthly',
    ]);
  });
});
