import { describe, expect, it } from 'vitest';
import { checkInDays, percentOf, rewardLine, turnoverPercent } from './activity-text.ts';
import { formatCountdown } from './countdown.ts';
import { sniffImage } from '../../lib/read-image.ts';
import { imageProblem } from './proof-images.ts';

// A stand-in for i18next that shows the key and its values, so the test reads which sentence is chosen.
const t = (key: string, o: Record<string, unknown> = {}) => `${key.replace('promotions.reward.', '')}(${Object.values(o).join('|')})`;

describe('rewardLine', () => {
  it('says a percentage with its cap and the turnover multiple', () => {
    expect(rewardLine({ type: 'percent', rate: 5000, cap: 500_000_00 }, 5, t)).toBe('percentCap(50|500,000.00 VND), turnover(5)');
  });
  it('says a percentage without a cap, and a bonus paid as cash', () => {
    expect(rewardLine({ type: 'percent', rate: 1250, cap: null }, 0, t)).toBe('percent(12.5), cash()');
  });
  it('says a fixed amount and points (points carry no turnover)', () => {
    expect(rewardLine({ type: 'fixed', amount: 88_00 }, 1, t)).toBe('fixed(88.00 VND), turnover(1)');
    expect(rewardLine({ type: 'points', points: 200 }, 3, t)).toBe('points(200)');
  });
  it('writes basis points as a percentage', () => {
    expect(percentOf(10_000)).toBe('100');
    expect(percentOf(15)).toBe('0.15');
  });
});

describe('turnoverPercent', () => {
  it('is whole per cent, capped at 100, 100 when nothing is required', () => {
    expect(turnoverPercent(0, 1000)).toBe(0);
    expect(turnoverPercent(333, 1000)).toBe(33);
    expect(turnoverPercent(2000, 1000)).toBe(100);
    expect(turnoverPercent(5, 0)).toBe(100);
  });
});

describe('proof images', () => {
  it('knows PNG and JPEG by their first bytes, not a GIF or an SVG', () => {
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffImage(new TextEncoder().encode('<svg xmlns='))).toBeNull();
  });
  it('refuses a fourth image, another type and a file over 5 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 }, 2)).toBeNull();
    expect(imageProblem({ type: 'image/png', size: 1000 }, 3)).toBe('count');
    expect(imageProblem({ type: 'image/gif', size: 1000 }, 0)).toBe('type');
    expect(imageProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 }, 0)).toBe('size');
  });
});

describe('checkInDays', () => {
  it('marks the signed days of the cycle and the next one', () => {
    expect(checkInDays(0, false, 3)).toEqual(['next', 'later', 'later']);
    expect(checkInDays(2, false, 3)).toEqual(['done', 'done', 'next']);
    expect(checkInDays(2, true, 3)).toEqual(['done', 'done', 'later']);
  });
  it('starts the cycle again after its last day', () => {
    expect(checkInDays(3, true, 3)).toEqual(['done', 'done', 'done']);
    expect(checkInDays(3, false, 3)).toEqual(['next', 'later', 'later']);
    expect(checkInDays(4, true, 3)).toEqual(['done', 'later', 'later']);
  });
});

describe('formatCountdown', () => {
  it('counts hours, minutes and seconds, never below zero', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5000)).toBe('0:00');
    expect(formatCountdown(61_000)).toBe('1:01');
    expect(formatCountdown(3_600_000 + 5 * 60_000 + 9_000)).toBe('1:05:09');
    expect(formatCountdown(999)).toBe('0:01');
  });
});
