import { describe, expect, it } from 'vitest';
import { chance, commitOf, FairStream, newClientSeed, newServerSeed, nextFloat, pickWeighted, seedsProblem, uniformInt, verify } from './fair.ts';
import { scriptedSource, wordFor } from '@playhall/contract/house-rules/test-support';

const SEEDS = { serverSeed: '0123456789abcdef'.repeat(4), clientSeed: 'playhall', nonce: 1 };

// Expected values computed outside Node: `printf %s <seed> | sha256sum` and
// `printf %s 'playhall:1:<cursor>' | openssl dgst -sha256 -hmac <seed>`.
const COMMIT = 'a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e';
const BLOCK_0 = '9b96991166fc8840d2eac1e4a5a54b57648d14063c63037bb836d767a664cf65';
const BLOCK_1 = '5a024bbf458cb0d0a1eef70910c8376504fc861091572858e06a531bbc05d113';
const words = (hex: string): number[] => Array.from({ length: 8 }, (_, i) => Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16));

describe('provably fair stream', () => {
  it('makes 32-byte hex server seeds from the CSPRNG, never the same twice', () => {
    const a = newServerSeed();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newServerSeed()).not.toBe(a);
    expect(newClientSeed()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('commits to sha256 of the seed text, as any SHA-256 tool computes it', () => {
    expect(commitOf(SEEDS.serverSeed)).toBe(COMMIT);
  });

  it('reads big-endian words from HMAC-SHA256(serverSeed, "client:nonce:cursor"), moving to the next cursor after eight', () => {
    const stream = new FairStream(SEEDS);
    const got = Array.from({ length: 16 }, () => stream.nextUint32());
    expect(got).toEqual([...words(BLOCK_0), ...words(BLOCK_1)]);
    expect(stream.used).toBe(16);
  });

  it('is deterministic for the same seeds and changes with the nonce or client seed', () => {
    const draw = (seeds: typeof SEEDS): number[] => {
      const s = new FairStream(seeds);
      return Array.from({ length: 10 }, () => s.nextUint32());
    };
    expect(draw(SEEDS)).toEqual(draw({ ...SEEDS }));
    expect(draw({ ...SEEDS, nonce: 2 })).not.toEqual(draw(SEEDS));
    expect(draw({ ...SEEDS, clientSeed: 'other' })).not.toEqual(draw(SEEDS));
  });

  it('turns a word into the float word / 2^32 in [0, 1)', () => {
    expect(nextFloat(scriptedSource([0]))).toBe(0);
    expect(nextFloat(scriptedSource([0x8000_0000]))).toBe(0.5);
    expect(nextFloat(scriptedSource([0xffff_ffff]))).toBeLessThan(1);
  });

  it('refuses unusable seeds', () => {
    expect(seedsProblem(SEEDS)).toBeNull();
    expect(seedsProblem({ ...SEEDS, serverSeed: 'ABC' })).toMatch(/server seed/);
    expect(seedsProblem({ ...SEEDS, serverSeed: SEEDS.serverSeed.toUpperCase() })).toMatch(/server seed/);
    expect(seedsProblem({ ...SEEDS, clientSeed: '' })).toMatch(/client seed/);
    expect(seedsProblem({ ...SEEDS, clientSeed: 'x'.repeat(65) })).toMatch(/client seed/);
    expect(seedsProblem({ ...SEEDS, clientSeed: 'a\nb' })).toMatch(/control/);
    expect(seedsProblem({ ...SEEDS, nonce: -1 })).toMatch(/nonce/);
    expect(seedsProblem({ ...SEEDS, nonce: 1.5 })).toMatch(/nonce/);
    expect(() => new FairStream({ ...SEEDS, nonce: -1 })).toThrow(RangeError);
  });
});

describe('unbiased integers', () => {
  it('maps each accepted word to its bucket, small words to small results', () => {
    const n = 6;
    for (let k = 0; k < n; k += 1) {
      expect(uniformInt(scriptedSource([wordFor(k, n)]), n)).toBe(k);
      expect(uniformInt(scriptedSource([wordFor(k + 1, n) - 1]), n)).toBe(k);
    }
  });

  it('rejects the words above the largest multiple of n and draws again (no modulo bias)', () => {
    // 2^32 = 3 × 1,431,655,765 + 1: the single top word would favour 0 under `% 3`.
    const source = scriptedSource([0xffff_ffff, 0xffff_fffe]);
    expect(uniformInt(source, 3)).toBe(2);
    expect(source.left()).toBe(0);
    const twice = scriptedSource([0xffff_ffff, 0xffff_ffff, 5]);
    expect(uniformInt(twice, 3)).toBe(0);
    expect(twice.left()).toBe(0);
  });

  it('draws every value equally often from the fair stream (chi-square, 6 faces × 10,000)', () => {
    const stream = new FairStream(SEEDS);
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60_000; i += 1) {
      const face = uniformInt(stream, 6);
      counts[face] = (counts[face] as number) + 1;
    }
    const chi2 = counts.reduce((s, c) => s + (c - 10_000) ** 2 / 10_000, 0);
    // 5 degrees of freedom: P(chi2 > 20.5) ≈ 0.001. Fixed seeds, so this is deterministic.
    expect(chi2).toBeLessThan(20.5);
  });

  it('handles the edges of the range and refuses impossible ones', () => {
    expect(uniformInt(scriptedSource([0xffff_ffff]), 1)).toBe(0);
    expect(uniformInt(scriptedSource([0xffff_ffff]), 0x1_0000_0000)).toBe(0xffff_ffff);
    expect(() => uniformInt(scriptedSource([0]), 0)).toThrow(RangeError);
    expect(() => uniformInt(scriptedSource([0]), 2.5)).toThrow(RangeError);
  });

  it('picks by the inverse CDF over integer weights', () => {
    const w = [1, 2, 0, 1];
    expect(pickWeighted(scriptedSource([wordFor(0, 4)]), w)).toBe(0);
    expect(pickWeighted(scriptedSource([wordFor(1, 4)]), w)).toBe(1);
    expect(pickWeighted(scriptedSource([wordFor(2, 4)]), w)).toBe(1);
    expect(pickWeighted(scriptedSource([wordFor(3, 4)]), w)).toBe(3);
    expect(() => pickWeighted(scriptedSource([0]), [0, 0])).toThrow(RangeError);
    expect(() => pickWeighted(scriptedSource([0]), [1, -1])).toThrow(RangeError);
  });

  it('decides a chance of numerator / denominator exactly', () => {
    expect(chance(scriptedSource([wordFor(2, 10)]), 3, 10)).toBe(true);
    expect(chance(scriptedSource([wordFor(3, 10)]), 3, 10)).toBe(false);
    expect(chance(scriptedSource([0]), 0, 10)).toBe(false);
    expect(() => chance(scriptedSource([0]), 11, 10)).toThrow(RangeError);
  });
});

describe('verify', () => {
  it('checks the commitment and replays the round from the revealed seeds', () => {
    const played = new FairStream(SEEDS).nextUint32();
    const ok = verify({ ...SEEDS, serverSeedHash: COMMIT.toUpperCase() }, (s) => s.nextUint32());
    expect(ok).toEqual({ commitMatches: true, outcome: played });
    expect(verify({ ...SEEDS, serverSeedHash: COMMIT.replace('a', 'b') }, (s) => s.nextUint32()).commitMatches).toBe(false);
  });
});
