import { describe, expect, it } from 'vitest';
import { CURRENCY } from './constants.ts';
import { STAKES, STAKES_BY_CURRENCY } from './stakes.ts';

describe('stakes', () => {
  it("are the site currency's", () => {
    expect(STAKES_BY_CURRENCY[CURRENCY]).toBe(STAKES);
  });

  it.each(Object.entries(STAKES_BY_CURRENCY))('%s: every choice is at least the smallest stake, ladders rise, defaults are on them', (_, s) => {
    const ladders = [
      [s.slotLineBets.map((line) => line * 20), s.slotDefault * 20],
      [s.baccaratChips, s.baccaratDefault],
      [s.fishShots, s.fishDefault],
    ] as const;
    for (const [ladder, start] of ladders) {
      expect(ladder[0]).toBe(s.minStake);
      expect([...ladder].sort((a, b) => a - b)).toEqual(ladder);
      expect(ladder).toContain(start);
    }
    for (const ante of s.diceAntes) expect(ante).toBeGreaterThanOrEqual(s.minStake);
    // A spin at the top of the ladder stays within the house games' largest stake (1,000,000.00).
    expect(Math.max(...s.slotLineBets) * 20).toBeLessThanOrEqual(100_000_000);
    // A free-play guest can play a good while at the smallest stakes.
    expect(s.freePlayBalance).toBeGreaterThanOrEqual(100 * s.minStake);
  });

  it('VND: nothing below 1,000 ₫', () => {
    expect(STAKES_BY_CURRENCY.VND.minStake).toBe(1_000 * 100);
  });
});
