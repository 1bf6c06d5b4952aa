import { describe, expect, it } from 'vitest';
import { newRequestId, parseMoney, toMoneyInput } from './money-input.ts';

describe('parseMoney', () => {
  it('reads major units with up to two decimals as minor units', () => {
    expect(parseMoney('1')).toBe(100);
    expect(parseMoney('1.5')).toBe(150);
    expect(parseMoney(' 1,234.05 ')).toBe(123405);
    expect(parseMoney('0.01')).toBe(1);
  });
  it('refuses zero, negative, fractional cents, huge and non-numeric input', () => {
    for (const bad of ['', '0', '0.00', '-5', '1.005', '12345678901234', 'abc', '1e3', '.5', '1.']) expect(parseMoney(bad), bad).toBeNull();
  });
});

describe('toMoneyInput', () => {
  it('writes minor units as plain major units', () => {
    expect(toMoneyInput(123405)).toBe('1234.05');
    expect(toMoneyInput(5)).toBe('0.05');
  });
});

describe('newRequestId', () => {
  it('fits the contract request id', () => {
    expect(newRequestId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
