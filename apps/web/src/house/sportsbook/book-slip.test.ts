import { describe, expect, it } from 'vitest';
import { betPayout, parlayOdds } from '../../../../server/src/modules/sportsbook-engine/payout.ts';
import { combinedOdds, lineText, parseStake, potentialPayout } from './book-slip.ts';

describe('the bet slip', () => {
  it('shows the payout the engine pays when every leg wins, to the cent, capped', () => {
    const cases: [number, number[], number][] = [
      [10_000, [1950], 1_000_000],
      [333, [1333, 1777, 2010], 1_000_000],
      [1_000_000, [1900, 1850, 2200, 3100, 1010, 1999, 4500, 1300, 2750, 1001], 200_000_000_000],
      [100, Array.from({ length: 10 }, () => 1_000_000), 2_000_000_000_00],
      [5_000_000, [9_999], 10_000_000],
    ];
    for (const [stake, odds, max] of cases) {
      const engine = betPayout(stake, odds.map((o) => ({ odds: o, outcome: 'win' as const })), max);
      const slip = potentialPayout(stake, odds, max);
      expect(slip.payout).toBe(engine.payout);
      expect(slip.capped).toBe(engine.capped);
      expect(combinedOdds(odds)).toBe(parlayOdds(odds));
    }
  });

  it('reads stakes in whole cents only', () => {
    expect(parseStake('12')).toBe(1200);
    expect(parseStake('12.5')).toBe(1250);
    expect(parseStake(' 1,200.05 ')).toBe(120005);
    for (const bad of ['', '0', '-5', '1.005', 'abc', '1e3', '0.00']) expect(parseStake(bad)).toBeNull();
  });

  it('writes lines as players read them', () => {
    expect(lineText(-3, true)).toBe('-0.75');
    expect(lineText(1, true)).toBe('+0.25');
    expect(lineText(10)).toBe('2.5');
    expect(lineText(0, true)).toBe('0');
  });
});
