import { describe, expect, it } from 'vitest';
import type { TVipLevel, TVipProgress } from '@playhall/contract/calls/loyalty';
import { ageOn, basisPointsText, nextLevelBars, progressPercent } from './vip-progress.ts';

const level = (n: number, validBetRequired: number, depositRequired = 0): TVipLevel => ({
  level: n,
  name: `VIP${n}`,
  validBetRequired,
  depositRequired,
  keepValidBet: 0,
  upgradeBonus: 0,
  monthlyBonus: 0,
  birthdayBonus: 0,
  bonusTurnoverMultiple: 0,
  rebateRates: {},
  withdrawalsPerDay: 0,
  withdrawalLimitPerDay: 0,
});

const me = (over: Partial<TVipProgress>): TVipProgress => ({
  level: 0,
  name: 'VIP0',
  since: null,
  validBet: 0,
  deposit: 0,
  next: null,
  keep: null,
  birthday: null,
  labels: [],
  withdrawalsToday: { count: 0, amount: 0 },
  ...over,
});

describe('VIP progress', () => {
  it('is a whole percentage, capped, with nothing required counting as done', () => {
    expect(progressPercent(2_500, 10_000)).toBe(25);
    expect(progressPercent(9_999, 10_000)).toBe(99);
    expect(progressPercent(20_000, 10_000)).toBe(100);
    expect(progressPercent(0, 0)).toBe(100);
  });

  it('writes basis points as a percentage', () => {
    expect(basisPointsText(40)).toBe('0.4%');
    expect(basisPointsText(125)).toBe('1.25%');
    expect(basisPointsText(10_000)).toBe('100%');
  });

  it('measures the bars against the next level of the table; no deposit bar when the level asks none', () => {
    const levels = [level(0, 0), level(1, 500_000, 100_000), level(2, 2_000_000)];
    const bars = nextLevelBars(me({ validBet: 250_000, deposit: 100_000, next: { level: 1, name: 'VIP1', validBetNeeded: 250_000, depositNeeded: 0 } }), levels);
    expect(bars).toEqual({
      name: 'VIP1',
      validBet: { done: 250_000, required: 500_000, percent: 50 },
      deposit: { done: 100_000, required: 100_000, percent: 100 },
    });
    const two = nextLevelBars(me({ level: 1, validBet: 600_000, next: { level: 2, name: 'VIP2', validBetNeeded: 1_400_000, depositNeeded: 0 } }), levels);
    expect(two?.deposit).toBeNull();
    expect(two?.validBet.percent).toBe(30);
    expect(nextLevelBars(me({ level: 2 }), levels)).toBeNull();
  });

  it('counts age in whole years, the birthday itself included', () => {
    expect(ageOn('2005-11-26', '2026-11-26')).toBe(21);
    expect(ageOn('2005-11-27', '2026-11-26')).toBe(20);
    expect(ageOn('2005-12-01', '2026-11-26')).toBe(20);
    expect(ageOn('not a day', '2026-11-26')).toBeNull();
  });
});
