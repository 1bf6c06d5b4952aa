import { describe, expect, it } from 'vitest';
import { convertedAmount, formatPoints, maxRedeemQuantity, parseWholeNumber, requirementText } from './points-text.ts';

describe('points text', () => {
  it('writes points whole, grouped, signed when asked', () => {
    expect(formatPoints(1_234_567)).toBe('1,234,567');
    expect(formatPoints(25, true)).toBe('+25');
    expect(formatPoints(-1_000, true)).toBe('-1,000');
    expect(formatPoints(0, true)).toBe('0');
  });

  it('bounds the quantity by stock, points held and 100; nothing for an item sold out or off', () => {
    const item = { status: 'available' as const, quantity: 3, pointsRequired: 100 };
    expect(maxRedeemQuantity(item, 1_000)).toBe(3);
    expect(maxRedeemQuantity(item, 250)).toBe(2);
    expect(maxRedeemQuantity(item, 99)).toBe(0);
    expect(maxRedeemQuantity({ ...item, quantity: null }, 1_000_000)).toBe(100);
    expect(maxRedeemQuantity({ ...item, status: 'soldOut' }, 1_000)).toBe(0);
    expect(maxRedeemQuantity({ ...item, status: 'offline' }, 1_000)).toBe(0);
  });

  it('reads whole positive numbers only', () => {
    expect(parseWholeNumber(' 1,500 ')).toBe(1_500);
    expect(parseWholeNumber('0')).toBeNull();
    expect(parseWholeNumber('-5')).toBeNull();
    expect(parseWholeNumber('2.5')).toBeNull();
    expect(parseWholeNumber('')).toBeNull();
  });

  it('converts at the rate, rounding down to the minor unit', () => {
    expect(convertedAmount(1_000, { points: 100, amount: 1_000_00 })).toBe(10_000_00);
    expect(convertedAmount(7, { points: 3, amount: 100 })).toBe(233);
  });

  it('names the requirement of the last 30 days, none when the item asks none', () => {
    const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}(${Object.values(o).join('|')})` : key);
    expect(requirementText({ amountRequired: 0, amountKind: 'deposit' }, t)).toBeNull();
    expect(requirementText({ amountRequired: 100_000_00, amountKind: 'validBet' }, t)).toBe(
      'pointMall.requires.validBet(100,000.00 VND)',
    );
  });
});
