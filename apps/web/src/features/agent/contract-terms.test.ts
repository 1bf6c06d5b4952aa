import { describe, expect, it } from 'vitest';
import type { TContract } from '@playhall/contract/calls/agent';
import { ApiError } from '../../lib/api-error.ts';
import { autoTerminated, draftOf, formatRate, newDraft, parseRate, termsOf, topRate } from './contract-terms.ts';

describe('rates', () => {
  it('reads percent into basis points and back', () => {
    expect(parseRate('0.5')).toBe(50);
    expect(parseRate('0.80%')).toBe(80);
    expect(parseRate('30')).toBe(3000);
    expect(parseRate('100')).toBe(10_000);
    expect(parseRate('100.01')).toBeNull();
    expect(parseRate('0.005')).toBeNull();
    expect(parseRate('-1')).toBeNull();
    expect(parseRate('')).toBeNull();
    expect(formatRate(80)).toBe('0.80%');
    expect(formatRate(3000)).toBe('30.00%');
  });
});

describe('termsOf', () => {
  it('builds salary tiers in threshold order, amounts in minor units', () => {
    const draft = { ...newDraft('dailySalary'), tiers: [{ rate: '0.8', minActiveMembers: '5', threshold: '10,000' }, { rate: '0.5', minActiveMembers: '0', threshold: '0' }] };
    expect(termsOf(draft)).toEqual({
      terms: {
        kind: 'dailySalary',
        tiers: [
          { rate: 50, minActiveMembers: 0, minValidBet: 0 },
          { rate: 80, minActiveMembers: 5, minValidBet: 1_000_000 },
        ],
      },
    });
  });

  it('gives the dividend its period and net-loss thresholds', () => {
    const draft = { ...newDraft('dividend'), period: 'weekly' as const, tiers: [{ rate: '30', minActiveMembers: '3', threshold: '500.5' }] };
    expect(termsOf(draft)).toEqual({ terms: { kind: 'dividend', period: 'weekly', tiers: [{ rate: 3000, minActiveMembers: 3, minNetLoss: 50_050 }] } });
  });

  it('builds real-time salary terms', () => {
    const draft = { ...newDraft('realtimeSalary'), profitRate: '0.2', lossRate: '0.6', minBetAmount: '10' };
    expect(termsOf(draft)).toEqual({ terms: { kind: 'realtimeSalary', profitRate: 20, lossRate: 60, minBetAmount: 1000 } });
  });

  it('names every field in error', () => {
    const draft = { ...newDraft('hourlySalary'), tiers: [{ rate: 'x', minActiveMembers: '1.5', threshold: '-3' }] };
    expect(termsOf(draft)).toEqual({ errors: { 'tiers.0.rate': 'rate', 'tiers.0.minActiveMembers': 'count', 'tiers.0.threshold': 'amount' } });
    expect(termsOf({ ...newDraft('realtimeSalary'), profitRate: '', lossRate: '1', minBetAmount: 'a' })).toEqual({ errors: { profitRate: 'rate', minBetAmount: 'amount' } });
  });

  it('round-trips terms through a draft', () => {
    const terms = { kind: 'dividend' as const, period: 'semimonthly' as const, tiers: [{ rate: 2550, minActiveMembers: 2, minNetLoss: 123_45 }] };
    expect(termsOf(draftOf(terms))).toEqual({ terms });
    expect(topRate(terms)).toBe(2550);
    expect(topRate({ kind: 'realtimeSalary', profitRate: 10, lossRate: 40, minBetAmount: 0 })).toBe(40);
  });
});

describe('autoTerminated', () => {
  const contract: TContract = {
    id: 9,
    kind: 'dailySalary',
    status: 'valid',
    upline: { id: 1, account: 'agent02' },
    downline: { id: 2, account: 'member03' },
    terms: { kind: 'dailySalary', tiers: [{ rate: 70, minActiveMembers: 0, minValidBet: 0 }] },
    createdAt: '2026-11-01T00:00:00.000Z',
    respondedAt: null,
    effectiveFrom: null,
    endedAt: null,
    endedBy: null,
  };

  it('reads the downline contracts a 409 contract_auto_terminate lists', () => {
    expect(autoTerminated(new ApiError('contract_auto_terminate', 'x', 409, { contracts: [contract] }))).toEqual([contract]);
    expect(autoTerminated(new ApiError('contract_auto_terminate', 'x', 409, null))).toEqual([]);
    expect(autoTerminated(new ApiError('conflict', 'x', 409))).toBeNull();
    expect(autoTerminated(new Error('x'))).toBeNull();
  });
});
