import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ALL_STRUCTURES, drawFromSeed, loCount, newSeed, seedHash, STRUCTURES, validateResultTable, type TResultTable } from './structures.ts';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('structures', () => {
  it('has the prize tables of lottery.md and its lô counts', () => {
    const total = (s: keyof typeof STRUCTURES): number => STRUCTURES[s].reduce((n, r) => n + r.count, 0);
    expect(total('north')).toBe(27);
    expect(total('southCentral')).toBe(18);
    expect([2, 3, 4].map((k) => loCount('north', k))).toEqual([27, 23, 20]);
    expect([2, 3, 4].map((k) => loCount('southCentral', k))).toEqual([18, 17, 16]);
    expect(STRUCTURES.sea.map((r) => `${r.prize} ${r.count}x${r.digits}`)).toEqual(['first 1x6', 'front3 2x3', 'back3 2x3', 'bottom2 1x2']);
  });
});

describe('house draw', () => {
  it('makes fresh 32-byte seeds and commits to sha256 of their raw bytes', () => {
    const seed = newSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(seed);
    expect(seedHash(SEED)).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
    // Pinned with `printf '%s' $SEED | xxd -r -p | sha256sum`.
    expect(seedHash(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
    expect(() => seedHash('abc')).toThrow(RangeError);
    expect(() => drawFromSeed('north', SEED.toUpperCase())).toThrow(RangeError);
  });

  it('is deterministic and has the shape of each structure', () => {
    for (const structure of ALL_STRUCTURES) {
      const table = drawFromSeed(structure, SEED);
      expect(drawFromSeed(structure, SEED)).toEqual(table);
      expect(validateResultTable(structure, table)).toBeNull();
      expect(table.map((r) => r.prize)).toEqual(STRUCTURES[structure].map((r) => r.prize));
    }
    expect(drawFromSeed('north', newSeed())).not.toEqual(drawFromSeed('north', SEED));
  });

  it('matches a straightforward implementation of the documented algorithm, and openssl', () => {
    // Independent reading of the doc comment: concatenate blocks, drop bytes ≥ 250, take digits mod 10.
    const recompute = (seedHex: string, prize: string, index: number, digits: number): string => {
      const key = Buffer.from(seedHex, 'hex');
      const label = `${prize}:${index}`;
      let bytes: number[] = [...createHmac('sha256', key).update(label).digest()];
      for (let c = 1; bytes.filter((b) => b < 250).length < digits; c += 1) bytes = bytes.concat([...createHmac('sha256', key).update(`${label}:${c}`).digest()]);
      return bytes
        .filter((b) => b < 250)
        .slice(0, digits)
        .map((b) => b % 10)
        .join('');
    };
    for (const seed of [SEED, newSeed(), newSeed()]) {
      for (const structure of ALL_STRUCTURES) {
        for (const [r, row] of drawFromSeed(structure, seed).entries()) {
          const shape = STRUCTURES[structure][r];
          row.numbers.forEach((n, i) => expect(n).toBe(recompute(seed, row.prize, i, shape?.digits ?? 0)));
        }
      }
    }
    // Pinned with `printf 'DB:0' | openssl dgst -sha256 -mac HMAC -macopt hexkey:$SEED` and `printf 'G7:3' …`.
    const north = drawFromSeed('north', SEED);
    expect(north[0]?.numbers[0]).toBe('64962'); // a6 9a b3 ba 70 → 166 154 179 186 112
    expect(north[7]?.numbers[3]).toBe('16'); // 47 9c → 71 156
  });

  it('gives uniform digits and uniform lô over many seeds (chi-square, loose bound)', () => {
    const digits = new Array<number>(10).fill(0);
    const lo = new Array<number>(100).fill(0);
    const draws = 1500;
    for (let i = 0; i < draws; i += 1) {
      for (const row of drawFromSeed('north', newSeed())) {
        for (const n of row.numbers) {
          for (const ch of n) digits[Number(ch)] = (digits[Number(ch)] ?? 0) + 1;
          lo[Number(n.slice(-2))] = (lo[Number(n.slice(-2))] ?? 0) + 1;
        }
      }
    }
    const chi2 = (counts: number[]): number => {
      const total = counts.reduce((a, b) => a + b, 0);
      const expected = total / counts.length;
      return counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    };
    // 9 and 99 degrees of freedom; the bounds are exceeded with probability below 10^-6.
    expect(chi2(digits)).toBeLessThan(45);
    expect(chi2(lo)).toBeLessThan(180);
  });
});

describe('validateResultTable', () => {
  const good = (): TResultTable => drawFromSeed('southCentral', SEED);
  it('accepts a complete table in any order and refuses wrong prizes, counts and digits', () => {
    expect(validateResultTable('southCentral', good().reverse())).toBeNull();
    expect(validateResultTable('north', [...drawFromSeed('north', SEED), { prize: 'G8', numbers: ['12'] }])).toMatch(/G8 is not a prize/);
    expect(validateResultTable('southCentral', good().slice(1))).toMatch(/missing prize\(s\): DB/);
    const twice = good();
    twice.push({ prize: 'G8', numbers: ['12'] });
    expect(validateResultTable('southCentral', twice)).toMatch(/listed twice/);
    const short = good().map((r) => (r.prize === 'G4' ? { ...r, numbers: r.numbers.slice(1) } : r));
    expect(validateResultTable('southCentral', short)).toMatch(/G4 needs 7/);
    const digits = good().map((r) => (r.prize === 'DB' ? { ...r, numbers: ['12345'] } : r));
    expect(validateResultTable('southCentral', digits)).toMatch(/DB numbers have 6 digits/);
    const letters = good().map((r) => (r.prize === 'G8' ? { ...r, numbers: ['1a'] } : r));
    expect(validateResultTable('southCentral', letters)).toMatch(/G8 numbers have 2 digits/);
  });
});
