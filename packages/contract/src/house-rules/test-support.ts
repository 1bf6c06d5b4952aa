import type { RandomSource } from './fair.ts';

/**
 * Test-only sources. The games always run on the fair stream; long simulations use xoshiro128**, a fast
 * generator with good statistical quality, seeded from the CSPRNG (the seed is returned so a failure can be
 * replayed).
 */
export function fastSource(seedHex = randomHex(16)): RandomSource & { seedHex: string } {
  const word = (i: number) => Number.parseInt(seedHex.slice(i * 8, i * 8 + 8), 16) >>> 0;
  let a = word(0), b = word(1), c = word(2), d = word(3);
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

/** `bytes` random bytes from the platform's CSPRNG, as hex. */
function randomHex(bytes: number): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
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

/** The double nearest an exact fraction (reduced first, so numbers up to 2^53 convert exactly before the division). */
export function nearestDouble(numerator: bigint, denominator: bigint): number {
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
  const g = gcd(numerator, denominator);
  const [n, d] = [numerator / g, denominator / g];
  if (n > BigInt(Number.MAX_SAFE_INTEGER) || d > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`${n}/${d} is too large to convert exactly`);
  return Number(n) / Number(d);
}
