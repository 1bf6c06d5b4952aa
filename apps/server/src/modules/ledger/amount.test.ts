import { describe, expect, it } from 'vitest';
import { formatMinor, parseMajorAmount } from './amount.ts';
import { MAX_POSTING } from './ledger.service.ts';

describe('parseMajorAmount', () => {
  it.each([
    ['1500', 150_000],
    ['0.01', 1],
    ['0.1', 10],
    ['-20.5', -2_050],
    ['19.99', 1_999],
    ['0.29', 29],
    ['  7 ', 700],
    ['007.10', 710],
    [String(MAX_POSTING / 100), MAX_POSTING],
  ])('%s is %d minor units', (text, minor) => {
    expect(parseMajorAmount(text)).toEqual({ ok: true, minor });
  });

  it.each([
    ['0', 'zero'],
    ['-0.00', 'zero'],
    ['1.005', 'two decimals'],
    ['abc', 'not an amount'],
    ['', 'not an amount'],
    ['1e5', 'not an amount'],
    ['1,000', 'not an amount'],
    ['+5', 'not an amount'],
    ['.5', 'not an amount'],
    ['NaN', 'not an amount'],
    ['100000000001', 'too large'],
    ['99999999999999999999999', 'too large'],
  ])('%j is refused (%s)', (text, reason) => {
    const parsed = parseMajorAmount(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });
});

describe('formatMinor', () => {
  it('prints two decimals exactly', () => {
    expect([15_050, -29, 0, 100, 1].map(formatMinor)).toEqual(['150.50', '-0.29', '0.00', '1.00', '0.01']);
  });
});
