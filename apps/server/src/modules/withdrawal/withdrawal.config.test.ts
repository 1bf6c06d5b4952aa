import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_DEFAULTS, withdrawableOf, withdrawalConfig, withdrawalFee } from './withdrawal.config.ts';

describe('withdrawal configuration', () => {
  it('reads the environment over the defaults and refuses nonsense', () => {
    expect(withdrawalConfig({})).toEqual(WITHDRAWAL_DEFAULTS);
    expect(withdrawalConfig({ WITHDRAWAL_FEE_BP: '150', WITHDRAWAL_CONFIRM_MINUTES: '30' })).toMatchObject({ feeRate: 150, confirmMinutes: 30 });
    expect(() => withdrawalConfig({ WITHDRAWAL_MIN: '1.5' })).toThrow(/WITHDRAWAL_MIN/);
    expect(() => withdrawalConfig({ WITHDRAWAL_DAILY_COUNT: '-1' })).toThrow(/WITHDRAWAL_DAILY_COUNT/);
    expect(() => withdrawalConfig({ WITHDRAWAL_MIN: '500', WITHDRAWAL_MAX: '100' })).toThrow(/WITHDRAWAL_MAX/);
  });

  it('rounds the fee up to a whole minor unit, exactly, even for the largest amounts', () => {
    expect(withdrawalFee(10_000, 0)).toBe(0);
    expect(withdrawalFee(10_000, 100)).toBe(100);
    expect(withdrawalFee(10_001, 100)).toBe(101);
    expect(withdrawalFee(1, 1)).toBe(1);
    expect(withdrawalFee(9_999_999_999_999, 10_000)).toBe(9_999_999_999_999);
  });

  it('withdrawable is the largest amount whose amount and fee fit the balance', () => {
    expect(withdrawableOf(0, 100)).toBe(0);
    expect(withdrawableOf(-5, 100)).toBe(0);
    expect(withdrawableOf(10_100, 100)).toBe(10_000);
    expect(withdrawableOf(10_099, 100)).toBe(9_999);
    expect(withdrawableOf(12_345, 0)).toBe(12_345);
    for (const balance of [1, 2, 101, 999, 123_457, 10_000_001]) {
      for (const rate of [1, 37, 100, 250, 10_000]) {
        const a = withdrawableOf(balance, rate);
        expect(a + withdrawalFee(a, rate)).toBeLessThanOrEqual(balance);
        expect(a + 1 + withdrawalFee(a + 1, rate)).toBeGreaterThan(balance);
      }
    }
  });
});
