import { describe, expect, it } from 'vitest';
import { betPayout, betState, parlayOdds, parlayProblem, type TSettledLeg } from './payout.ts';

const NO_CAP = Number.MAX_SAFE_INTEGER;
const single = (stake: number, odds: number, outcome: TSettledLeg['outcome']) => betPayout(stake, [{ odds, outcome }], NO_CAP).payout;

describe('singles', () => {
  it('pays stake × odds on a win, rounded down to the minor unit', () => {
    expect(single(1000, 1950, 'win')).toBe(1950);
    expect(single(1001, 1955, 'win')).toBe(1956); // 1956.955
  });

  it('pays half the stake × odds plus half the stake back on a half win, half the stake on a half loss', () => {
    expect(single(1000, 1900, 'halfWin')).toBe(1450);
    expect(single(101, 1900, 'halfWin')).toBe(146); // 50.5 × 1.9 + 50.5 = 146.45
    expect(single(101, 1900, 'halfLoss')).toBe(50); // 50.5: never more than was staked
  });

  it('hands the stake back on push and void, nothing on a loss', () => {
    expect([single(777, 2500, 'push'), single(777, 2500, 'void'), single(777, 2500, 'loss')]).toEqual([777, 777, 0]);
  });

  it('caps a single at the maximum payout', () => {
    expect(betPayout(1_000_000, [{ odds: 50_000, outcome: 'win' }], 20_000_000)).toEqual({ payout: 20_000_000, capped: true });
  });

  it('refuses stakes that are not a positive whole number of minor units', () => {
    for (const stake of [0, -100, 10.5, Number.NaN]) expect(() => single(stake, 1950, 'win')).toThrow(/stake/);
  });
});

describe('parlays', () => {
  it('multiplies a win, a void leg (1.000) and a half-won leg ((1 + odds) / 2)', () => {
    const legs: TSettledLeg[] = [
      { odds: 2000, outcome: 'win' },
      { odds: 1800, outcome: 'void' },
      { odds: 1900, outcome: 'halfWin' },
    ];
    expect(betPayout(10_000, legs, NO_CAP)).toEqual({ payout: 29_000, capped: false }); // 10 000 × 2 × 1 × 1.45
    expect(betPayout(10_000, legs, 25_000)).toEqual({ payout: 25_000, capped: true });
    expect(betPayout(10_000, [...legs, { odds: 1700, outcome: 'halfLoss' }], NO_CAP).payout).toBe(14_500);
    expect(betPayout(10_000, [...legs, { odds: 1700, outcome: 'loss' }], NO_CAP).payout).toBe(0);
    expect(betPayout(10_000, [{ odds: 2000, outcome: 'void' }, { odds: 3000, outcome: 'push' }], NO_CAP).payout).toBe(10_000);
  });

  it('has no floating drift: exact fractions, one rounding at the end', () => {
    // In floats 10 000 × 1.001 × 1.1 = 11010.999999999998; exactly it is 11 011.
    expect(betPayout(10_000, [{ odds: 1001, outcome: 'win' }, { odds: 1100, outcome: 'win' }], NO_CAP).payout).toBe(11_011);
    // Ten legs at 1000.000: 10^30 × the stake, far past 2^53, still exact before the cap.
    const huge = Array.from({ length: 10 }, () => ({ odds: 1_000_000, outcome: 'win' as const }));
    expect(betPayout(1, huge, NO_CAP)).toEqual({ payout: NO_CAP, capped: true });
    expect(betPayout(7, Array.from({ length: 10 }, () => ({ odds: 1001, outcome: 'halfWin' as const })), NO_CAP).payout).toBe(7); // 7 × 1.0005^10 = 7.035
  });

  it('shows the combined odds rounded down', () => {
    expect(parlayOdds([1950, 1950, 1950])).toBe(7414); // 7.414875
    expect(parlayOdds([2000])).toBe(2000);
  });

  it('refuses fewer than 2 legs, more than 10, two legs of one fixture and bad odds, with a reason code', () => {
    const leg = (fixtureId: string, odds = 1900) => ({ fixtureId, odds });
    expect(parlayProblem([leg('a')])).toBe('tooFewLegs');
    expect(parlayProblem(Array.from({ length: 11 }, (_, i) => leg(`f${i}`)))).toBe('tooManyLegs');
    expect(parlayProblem(Array.from({ length: 10 }, (_, i) => leg(`f${i}`)))).toBeNull();
    expect(parlayProblem([leg('a'), leg('b'), leg('a')])).toBe('sameFixture');
    expect(parlayProblem([leg('a'), leg('b', 1000)])).toBe('badOdds');
  });

  it('is lost at the first lost leg, settled once every leg is', () => {
    expect(betState(['win', null, 'loss'])).toBe('lost');
    expect(betState(['win', null])).toBe('open');
    expect(betState(['win', 'void'])).toBe('settled');
  });
});
