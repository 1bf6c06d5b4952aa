import { randomBytes } from 'node:crypto';
import { STRUCTURES, type TResultTable, type TStructure } from './structures.ts';

/**
 * Test-only randomness: sfc32, a fast non-cryptographic generator with good statistical quality, seeded from
 * the CSPRNG; the seed is kept so a failing run can be replayed (`testRandom(seedHex)`).
 */
export interface TTestRandom {
  seedHex: string;
  /** A uniform integer in [0, n), n ≤ 2^32 (the bias of the multiply-shift is below 2^-32 × n). */
  int(n: number): number;
}

export function testRandom(seedHex = randomBytes(16).toString('hex')): TTestRandom {
  const seed = Buffer.from(seedHex, 'hex');
  let a = seed.readUInt32BE(0), b = seed.readUInt32BE(4), c = seed.readUInt32BE(8), d = seed.readUInt32BE(12) | 1;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i += 1) next();
  return { seedHex, int: (n) => Math.floor((next() / 0x1_0000_0000) * n) };
}

/** A string of `length` digits drawn from the first `alphabet` digits (10: uniform over all). */
export function randomDigits(random: TTestRandom, length: number, alphabet = 10): string {
  // Uniform over all 10^length strings is the same as independent uniform digits, and one draw instead of `length`.
  if (alphabet === 10) return String(random.int(10 ** length)).padStart(length, '0');
  let s = '';
  for (let i = 0; i < length; i += 1) s += String(random.int(alphabet));
  return s;
}

/** A result table of the structure with independent random digits; a small alphabet makes hits frequent. */
export function randomTable(structure: TStructure, random: TTestRandom, alphabet = 10): TResultTable {
  // Plain loops: Array.from with a callback made this the slowest step of the Monte-Carlo tests.
  const table: TResultTable = [];
  for (const { prize, count, digits } of STRUCTURES[structure]) {
    const numbers: string[] = [];
    for (let i = 0; i < count; i += 1) numbers.push(randomDigits(random, digits, alphabet));
    table.push({ prize, numbers });
  }
  return table;
}
