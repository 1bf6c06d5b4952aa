import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawSeries, mapWinProbability, seriesDistribution } from './esports-model.ts';
import type { TMarket } from './markets.ts';
import { priceMarket } from './pricing.ts';

const seedNo = (i: number) => createHash('sha256').update(`esports seed ${i}`).digest('hex');
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('virtual esports (best of N)', () => {
  it('a map is a coin toss between equal ratings, 10:1 at one scale apart', () => {
    expect(mapWinProbability(1500, 1500)).toBe(0.5);
    expect(mapWinProbability(1900, 1500)).toBeCloseTo(10 / 11, 12);
    expect(mapWinProbability(1500, 1900)).toBeCloseTo(1 / 11, 12);
  });

  it('best of 3: 2–0 p², 2–1 2p²(1 − p), mirrored, summing to 1', () => {
    for (const p of [0, 0.2, 0.5, 0.64, 1]) {
      const d = seriesDistribution(p);
      const at = (h: number, a: number) => d.find((s) => s.home === h && s.away === a)?.p;
      expect(at(2, 0)).toBeCloseTo(p * p, 14);
      expect(at(2, 1)).toBeCloseTo(2 * p * p * (1 - p), 14);
      expect(at(0, 2)).toBeCloseTo((1 - p) ** 2, 14);
      expect(at(1, 2)).toBeCloseTo(2 * (1 - p) ** 2 * p, 14);
      expect(sum(d.map((s) => s.p))).toBeCloseTo(1, 14);
    }
    for (const bestOf of [1, 5, 7]) expect(sum(seriesDistribution(0.37, { bestOf, scale: 400 }).map((s) => s.p))).toBeCloseTo(1, 14);
    expect(() => seriesDistribution(0.5, { bestOf: 2, scale: 400 })).toThrow(/best of/);
  });

  it('prices match winner, map handicap and total maps from the series, each summing to 1 before the margin', () => {
    const d = seriesDistribution(mapWinProbability(1620, 1500));
    const markets: TMarket[] = [{ kind: 'matchWinner' }, { kind: 'mapHandicap', line: -6 }, { kind: 'mapHandicap', line: 6 }, { kind: 'totalMaps', line: 10 }];
    const priced = markets.map((m) => priceMarket(d, m));
    for (const p of priced) expect(sum(p.map((s) => s.probability))).toBeCloseTo(1, 12);
    const [winner, minus, plus, total] = priced;
    // The stronger home side is the favourite; −1.5 maps is longer than winning outright, +1.5 shorter.
    expect(winner![0]!.odds!).toBeLessThan(winner![1]!.odds!);
    expect(minus![0]!.odds!).toBeGreaterThan(winner![0]!.odds!);
    expect(plus![0]!.odds!).toBeLessThan(winner![0]!.odds!);
    // Over 2.5 maps is exactly a 2–1 or 1–2 series.
    expect(total![0]!.probability).toBeCloseTo(sum(d.filter((s) => s.home + s.away === 3).map((s) => s.p)), 12);
  });

  it('draws the series map by map from the seed: same seed same maps, frequencies as the model says', async () => {
    const p = mapWinProbability(1600, 1500);
    const first = await drawSeries(seedNo(1), 'E1', p);
    expect(await drawSeries(seedNo(1), 'E1', p)).toEqual(first);
    expect(first.maps).toHaveLength(first.home + first.away);
    const n = 6000;
    const counts = new Map<string, number>();
    for (let i = 0; i < n; i += 1) {
      const s = await drawSeries(seedNo(i), 'E1', p);
      counts.set(`${s.home}-${s.away}`, (counts.get(`${s.home}-${s.away}`) ?? 0) + 1);
    }
    for (const { home, away, p: q } of seriesDistribution(p)) {
      const seen = (counts.get(`${home}-${away}`) ?? 0) / n;
      expect(Math.abs(seen - q), `${home}-${away}`).toBeLessThan(4 * Math.sqrt((q * (1 - q)) / n));
    }
  }, 30_000);
});
