import { randomBytes } from 'node:crypto';
import type { RandomSource } from './fair.ts';

/**
 * Test-only sources. The games always run on the fair stream; long simulations use xoshiro128**, a fast
 * generator with good statistical quality, seeded from the CSPRNG (the seed is returned so a failure can be
 * replayed).
 */
export function fastSource(seedHex = randomBytes(16).toString('hex')): RandomSource & { seedHex: string } {
  const seed = Buffer.from(seedHex, 'hex');
  let a = seed.readUInt32BE(0), b = seed.readUInt32BE(4), c = seed.readUInt32BE(8), d = seed.readUInt32BE(12);
  if ((a | b | c | d) === 0) a = 1;
  return {
    seedHex,
    nextUint32() {
      const t = b << 9;
      let r = Math.imul(b, 5);
      r = Math.imul((r << 7) | (r >>> 25), 9);
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = (d << 11) | (d >>> 21);
      return r >>> 0;
    },
  };
}

/** A source that hands out the given words, then fails: pins exactly what a round draws. */
export function scriptedSource(words: readonly number[]): RandomSource & { left(): number } {
  let next = 0;
  return {
    nextUint32() {
      const word = words[next];
      if (word === undefined) throw new Error('the scripted source ran out of words');
      next += 1;
      return word;
    },
    left: () => words.length - next,
  };
}

/** The word that makes `uniformInt(source, n)` return k (the start of k's bucket). */
export function wordFor(k: number, n: number): number {
  return k * Math.floor(0x1_0000_0000 / n);
}
