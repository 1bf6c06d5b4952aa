import { describe, expect, it } from 'vitest';
import { testRandom } from '../lottery-engine/test-support.ts';
import { nextEnvelope, rainProblem, splitPool, type TEnvelopeRain } from './red-envelope.ts';

/** A source that always answers `pick`, to reach the bounds. */
const always = (pick: 'low' | 'high') => (n: number) => (pick === 'low' ? 0 : n - 1);

describe('rainProblem', () => {
  it('accepts a rain the bounds can hold, exactly at either end', () => {
    expect(rainProblem({ pool: 1_000, count: 10, min: 100, max: 500 })).toBeNull();
    expect(rainProblem({ pool: 5_000, count: 10, min: 100, max: 500 })).toBeNull();
  });

  it('refuses one they cannot', () => {
    expect(rainProblem({ pool: 999, count: 10, min: 100, max: 500 })).toMatch(/minimum/);
    expect(rainProblem({ pool: 5_001, count: 10, min: 100, max: 500 })).toMatch(/maximum/);
    expect(rainProblem({ pool: 1_000, count: 0, min: 100, max: 500 })).toMatch(/at least one/);
    expect(rainProblem({ pool: 1_000, count: 10, min: 0, max: 500 })).toMatch(/min/);
    expect(rainProblem({ pool: 1_000, count: 2, min: 600, max: 500 })).toMatch(/min/);
    expect(rainProblem({ pool: 10.5, count: 2, min: 1, max: 500 })).toMatch(/pool/);
    expect(() => splitPool({ pool: 999, count: 10, min: 100, max: 500 }, () => 0)).toThrow(RangeError);
  });
});

describe('nextEnvelope', () => {
  it('keeps the rest possible, whatever the source answers', () => {
    const rain = { pool: 1_000, count: 3, min: 100, max: 600 };
    expect(nextEnvelope(rain, always('low'))).toBe(100);
    expect(nextEnvelope(rain, always('high'))).toBe(600);
    expect(nextEnvelope({ ...rain, pool: 1_700 }, always('low'))).toBe(500); // the other two hold at most 1,200
    expect(nextEnvelope({ ...rain, count: 1, pool: 345 }, always('high'))).toBe(345);
  });

  it('refuses a source that answers out of range', () => {
    expect(() => nextEnvelope({ pool: 1_000, count: 3, min: 100, max: 600 }, () => 501)).toThrow(RangeError);
  });
});

describe('splitPool (property: 2,000 seeded rains)', () => {
  it('sums to the pool exactly, every envelope within [min, max], the pool never overdrawn on the way', () => {
    const failures: string[] = [];
    for (let i = 0; i < 2_000; i += 1) {
      const random = testRandom(i.toString(16).padStart(32, '0'));
      const count = 1 + random.int(500);
      const min = 1 + random.int(10_000);
      const max = min + random.int(3) * random.int(100_000);
      const pool = count * min + random.int(count * (max - min) + 1);
      const rain: TEnvelopeRain = { pool, count, min, max };
      const envelopes = splitPool(rain, random.int);
      let left = pool;
      const broken = envelopes.some((amount) => {
        left -= amount;
        return !Number.isSafeInteger(amount) || amount < min || amount > max || left < 0;
      });
      if (broken || left !== 0 || envelopes.length !== count) failures.push(`seed ${random.seedHex}: ${JSON.stringify(rain)}`);
    }
    expect(failures).toEqual([]);
  });

  it('holds at the extreme sources too', () => {
    for (const pick of ['low', 'high'] as const) {
      const envelopes = splitPool({ pool: 123_457, count: 100, min: 1, max: 5_000 }, always(pick));
      expect(envelopes.reduce((a, b) => a + b, 0)).toBe(123_457);
      expect(Math.min(...envelopes)).toBeGreaterThanOrEqual(1);
      expect(Math.max(...envelopes)).toBeLessThanOrEqual(5_000);
    }
  });

  it('varies the amounts around the mean, the first envelopes no richer than the last', () => {
    const random = testRandom('fedcba9876543210fedcba9876543210');
    const firsts: number[] = [];
    const lasts: number[] = [];
    for (let i = 0; i < 500; i += 1) {
      const envelopes = splitPool({ pool: 1_000_000, count: 100, min: 100, max: 100_000 }, random.int);
      firsts.push(envelopes[0] ?? 0);
      lasts.push(envelopes[98] ?? 0);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(new Set(firsts).size).toBeGreaterThan(400);
    expect(Math.abs(mean(firsts) - 10_000)).toBeLessThan(1_000);
    expect(Math.abs(mean(lasts) - 10_000)).toBeLessThan(2_000);
  });
});
