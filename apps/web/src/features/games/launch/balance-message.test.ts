import { describe, expect, it } from 'vitest';
import { isBalanceMessage } from './balance-message.ts';

describe('isBalanceMessage', () => {
  const origin = 'https://play.test';
  it('accepts the balance message of this site', () => {
    expect(isBalanceMessage({ origin, data: { type: 'playhall:balance', balance: 1200 } }, origin)).toBe(true);
  });
  it('ignores other origins and other messages', () => {
    expect(isBalanceMessage({ origin: 'https://evil.test', data: { type: 'playhall:balance', balance: 1 } }, origin)).toBe(false);
    expect(isBalanceMessage({ origin, data: 'playhall:balance' }, origin)).toBe(false);
    expect(isBalanceMessage({ origin, data: { type: 'other' } }, origin)).toBe(false);
    expect(isBalanceMessage({ origin, data: null }, origin)).toBe(false);
  });
});
