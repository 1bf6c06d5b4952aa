import { describe, expect, it } from 'vitest';
import { parseMajorAmount } from './money.ts';

describe('parseMajorAmount', () => {
  it('reads major units into integer minor units', () => {
    expect(parseMajorAmount('100.00')).toBe(10_000);
    expect(parseMajorAmount('100')).toBe(10_000);
    expect(parseMajorAmount('0.5')).toBe(50);
    expect(parseMajorAmount('-25.05')).toBe(-2_505);
    expect(parseMajorAmount(' 1,250.10 ')).toBe(125_010);
    expect(parseMajorAmount('0.07')).toBe(7);
  });
  it('refuses what is not an amount with at most two decimals', () => {
    for (const bad of ['', 'abc', '1.234', '1,23', '1e3', '--1', '12,34.00']) expect(parseMajorAmount(bad)).toBeNull();
  });
});
