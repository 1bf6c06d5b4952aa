import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawFootballScore, expectedGoals, inverseCdf, poissonTruncated, scoreDistribution, type TTeamRatings } from './football-model.ts';
import type { TMarket } from './markets.ts';
import { balancedLine, DEFAULT_PRICING, priceMarket, type TPricing } from './pricing.ts';
import { seedCommit, seedKey, seedUniform } from './seed.ts';

const AVERAGE: TTeamRatings = { attack: 1, defence: 1 };
const STRONG: TTeamRatings = { attack: 1.4, defence: 0.8 };
const WEAK: TTeamRatings = { attack: 0.8, defence: 1.25 };
/** Deterministic seeds for the statistical tests: the HMAC makes any distinct seeds independent draws. */
const seedNo = (i: number) => createHash('sha256').update(`test seed ${i}`).digest('hex');
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

const FOOTBALL_MARKETS: TMarket[] = [
  { kind: 'oneXTwo' },
  { kind: 'bothTeamsToScore' },
  { kind: 'correctScore' },
  ...[-10, -7, -6, -5, -3, -2, -1, 0, 1, 2, 3, 5, 6, 10].map((line) => ({ kind: 'asianHandicap' as const, line })),
  ...[2, 5, 6, 7, 9, 10, 11, 14, 26].map((line) => ({ kind: 'overUnder' as const, line })),
];

describe('Poisson model', () => {
  it('λ as in the note: base × attack × opposing defence (× home advantage at home)', () => {
    const goals = expectedGoals(STRONG, WEAK, { base: 1.4, homeAdvantage: 1.1, maxGoals: 10 });
    expect(goals.home).toBeCloseTo(1.4 * 1.4 * 1.25 * 1.1, 12);
    expect(goals.away).toBeCloseTo(1.4 * 0.8 * 0.8, 12);
  });

  it('truncates at maxGoals with the tail folded into the last count', () => {
    const p = poissonTruncated(1.7, 10);
    expect(p).toHaveLength(11);
    expect(sum(p)).toBeCloseTo(1, 14);
    const pmf = (k: number) => (Math.exp(-1.7) * 1.7 ** k) / [1, 1, 2, 6, 24, 120, 720][k]!;
    for (let k = 0; k <= 6; k += 1) expect(p[k]).toBeCloseTo(pmf(k), 14);
    expect(poissonTruncated(3, 2)[2]).toBeCloseTo(1 - Math.exp(-3) * 4, 14); // P(X ≥ 2) = 1 − e^−3 (1 + 3)
  });

  it.each([
    ['average v average', AVERAGE, AVERAGE],
    ['strong v weak', STRONG, WEAK],
    ['weak v strong', WEAK, STRONG],
  ])('%s: each market\'s fair probabilities sum to 1, and to 1 + margin after it (within the tick)', (_, home, away) => {
    const distribution = scoreDistribution(expectedGoals(home, away));
    expect(sum(distribution.map((s) => s.p))).toBeCloseTo(1, 12);
    const pricing: TPricing = { ...DEFAULT_PRICING, marginBp: 600 };
    for (const market of FOOTBALL_MARKETS) {
      const priced = priceMarket(distribution, market, pricing);
      expect(sum(priced.map((s) => s.probability)), JSON.stringify(market)).toBeCloseTo(1, 10);
      // Rounding a price down to the tick only adds to the book's side; the 1.01 floor gives some back.
      const implied = sum(priced.map((s) => 1000 / (s.odds as number)));
      const atLeast = sum(priced.map((s) => Math.min(s.probability * 1.06, 1000 / pricing.floor)));
      const atMost = sum(priced.map((s) => 1000 / Math.max(pricing.floor, 1000 / (s.probability * 1.06) - pricing.tick)));
      expect(implied, JSON.stringify(market)).toBeGreaterThanOrEqual(atLeast - 1e-9);
      expect(implied, JSON.stringify(market)).toBeLessThanOrEqual(atMost + 1e-9);
      for (const s of priced) expect((s.odds as number) % pricing.tick).toBe(0);
    }
  });

  it('prices are monotone in the ratings: a better home attack or away defence shortens home and lengthens away', () => {
    const price = (home: TTeamRatings, away: TTeamRatings, market: TMarket, selection: string) =>
      priceMarket(scoreDistribution(expectedGoals(home, away)), market).find((s) => s.selection === selection)?.odds as number;
    const steps = [0.6, 0.8, 1, 1.2, 1.4, 1.7];
    for (const market of [{ kind: 'oneXTwo' }, { kind: 'asianHandicap', line: -3 }] as TMarket[]) {
      const byAttack = steps.map((attack) => price({ attack, defence: 1 }, AVERAGE, market, 'home'));
      const byAwayDefence = steps.map((defence) => price(AVERAGE, { attack: 1, defence }, market, 'home'));
      const awayByAttack = steps.map((attack) => price({ attack, defence: 1 }, AVERAGE, market, 'away'));
      for (let i = 1; i < steps.length; i += 1) {
        expect(byAttack[i]).toBeLessThan(byAttack[i - 1]!);
        expect(byAwayDefence[i]).toBeLessThan(byAwayDefence[i - 1]!);
        expect(awayByAttack[i]).toBeGreaterThan(awayByAttack[i - 1]!);
      }
    }
    // More expected goals on either side: over 2.5 shorter.
    const over = [0.7, 1, 1.3, 1.6].map((attack) => price({ attack, defence: 1 }, { attack, defence: 1 }, { kind: 'overUnder', line: 10 }, 'over'));
    expect([...over].sort((a, b) => b - a)).toEqual(over);
  });

  it('never prices below the floor of 1.01', () => {
    const mismatch = scoreDistribution(expectedGoals({ attack: 3, defence: 0.3 }, { attack: 0.3, defence: 3 }));
    const home = priceMarket(mismatch, { kind: 'oneXTwo' })[0]!;
    expect(home.probability).toBeGreaterThan(0.99);
    expect(home.odds).toBe(1010);
  });
});

describe('seeded draw', () => {
  it('u(label) is the first 53 bits of HMAC-SHA256(seed bytes, label), as documented (checked with node:crypto)', async () => {
    const seed = seedNo(1);
    const key = await seedKey(seed);
    for (const label of ['fixture:F1:home', 'fixture:F1:away', 'fixture:42:map:3']) {
      const hex = createHmac('sha256', Buffer.from(seed, 'hex')).update(label).digest('hex');
      expect(await seedUniform(key, label)).toBe(Number(BigInt(`0x${hex.slice(0, 16)}`) >> 11n) / 2 ** 53);
    }
    expect(await seedCommit(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
  });

  it('inverse CDF: the smallest k with u below the cumulative probability', () => {
    const p = [0.25, 0.5, 0.25];
    expect([0, 0.2499, 0.25, 0.7499, 0.75, 0.999999].map((u) => inverseCdf(u, p))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('the same seed always gives the same score; another fixture id another draw', async () => {
    const goals = expectedGoals(STRONG, WEAK);
    const first = await drawFootballScore(seedNo(7), 'F1', goals);
    for (let i = 0; i < 5; i += 1) expect(await drawFootballScore(seedNo(7), 'F1', goals)).toEqual(first);
    const others = await Promise.all(Array.from({ length: 20 }, (_, i) => drawFootballScore(seedNo(7), `F${i + 2}`, goals)));
    expect(new Set(others.map((s) => `${s.home}-${s.away}`)).size).toBeGreaterThan(3);
  });

  it('over 20,000 seeds each side\'s goals follow its Poisson (chi-square, 6 degrees of freedom, p > 0.001)', async () => {
    const goals = { home: 1.6, away: 1.1 };
    const n = 20_000;
    const counts = { home: new Array<number>(7).fill(0), away: new Array<number>(7).fill(0) };
    for (let i = 0; i < n; i += 1) {
      const s = await drawFootballScore(seedNo(i), `V${i % 10}`, goals);
      counts.home[Math.min(s.home, 6)]! += 1;
      counts.away[Math.min(s.away, 6)]! += 1;
    }
    for (const side of ['home', 'away'] as const) {
      const p = poissonTruncated(goals[side], 10);
      const expected = [...p.slice(0, 6), sum(p.slice(6))].map((x) => x * n);
      const chi2 = sum(expected.map((e, k) => (counts[side][k]! - e) ** 2 / e));
      expect(chi2, `${side}: ${counts[side].join(' ')}`).toBeLessThan(22.46);
    }
  }, 30_000);
});

describe('main line', () => {
  it('picks the handicap and total closest to even, so no side sits at the floor', () => {
    const quarters = Array.from({ length: 29 }, (_, i) => i - 14); // −3.5 … +3.5
    const even = scoreDistribution(expectedGoals(AVERAGE, AVERAGE, { base: 1.35, homeAdvantage: 1, maxGoals: 10 }));
    expect(balancedLine(even, 'asianHandicap', quarters)).toBe(0);
    const lopsided = scoreDistribution(expectedGoals(STRONG, WEAK));
    const line = balancedLine(lopsided, 'asianHandicap', quarters);
    expect(line).toBeLessThan(-2);
    const [home, away] = priceMarket(lopsided, { kind: 'asianHandicap', line });
    expect(Math.abs(home!.probability - 0.5)).toBeLessThan(0.1);
    expect(Math.min(home!.odds!, away!.odds!)).toBeGreaterThan(1500);
    const total = balancedLine(lopsided, 'overUnder', Array.from({ length: 25 }, (_, i) => i + 2));
    expect(priceMarket(lopsided, { kind: 'overUnder', line: total })[0]!.probability).toBeCloseTo(0.5, 0);
  });
});
