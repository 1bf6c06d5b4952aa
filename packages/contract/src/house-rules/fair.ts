import { hmacOf, sha256Hex } from './sha256.ts';

/**
 * Provably fair randomness, shared by the server and the browser's verifier (no Node API here) (docs/decisions.md, "House games"; shared/domain/house-games.md).
 *
 * The server seed is 32 random bytes written as 64 lowercase hex characters. That text is what is hashed
 * for the commit and what keys the HMAC, so a player can check a round with any SHA-256/HMAC tool:
 *   commit   = sha256(serverSeed)                                   (hex)
 *   block(c) = HMAC-SHA256(key = serverSeed, `${clientSeed}:${nonce}:${c}`)   c = 0, 1, 2, …
 * Each 32-byte block gives eight big-endian 4-byte words; a word w is the float w / 2^32 in [0, 1).
 */

/** Anything that yields independent uniform 32-bit words. The games draw only through this. */
export interface RandomSource {
  /** A uniform integer in [0, 2^32). */
  nextUint32(): number;
}

export interface FairSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

const SERVER_SEED = /^[0-9a-f]{64}$/;
const MAX_CLIENT_SEED_LENGTH = 64;
const TWO_POW_32 = 0x1_0000_0000;

/** The commitment shown before any bet: sha256 of the server seed's hex text, as hex. */
export function commitOf(serverSeed: string): string {
  return sha256Hex(serverSeed);
}

/** Why a seed triple cannot be used, or null when it can. */
export function seedsProblem(seeds: FairSeeds): string | null {
  if (!SERVER_SEED.test(seeds.serverSeed)) return 'the server seed must be 64 lowercase hex characters';
  const { clientSeed } = seeds;
  if (clientSeed.length === 0 || clientSeed.length > MAX_CLIENT_SEED_LENGTH) return `the client seed must have 1 to ${MAX_CLIENT_SEED_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(clientSeed)) return 'the client seed cannot hold control characters';
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) return 'the nonce must be a non-negative integer';
  return null;
}

/**
 * The round's deterministic stream of words. Blocks are computed lazily, one HMAC per eight words, so a
 * round that needs more numbers simply moves on to the next cursor.
 */
/** An HMAC-SHA256 keyed once: the server hands in `node:crypto`'s, the browser uses `sha256.ts`. */
export type THmacFactory = (key: string) => (message: string) => Uint8Array;

export class FairStream implements RandomSource {
  private readonly hmac: (message: string) => Uint8Array;
  private readonly prefix: string;
  private block: DataView<ArrayBufferLike> = new DataView(new ArrayBuffer(32));
  private offset = 32;
  private cursor = 0;
  /** Words handed out so far. */
  used = 0;

  constructor(seeds: FairSeeds, hmac: THmacFactory = hmacOf) {
    const problem = seedsProblem(seeds);
    if (problem) throw new RangeError(problem);
    this.hmac = hmac(seeds.serverSeed);
    this.prefix = `${seeds.clientSeed}:${seeds.nonce}:`;
  }

  nextUint32(): number {
    if (this.offset === 32) {
      const bytes = this.hmac(`${this.prefix}${this.cursor}`);
      this.block = new DataView(bytes.buffer, bytes.byteOffset, 32);
      this.cursor += 1;
      this.offset = 0;
    }
    const word = this.block.getUint32(this.offset, false);
    this.offset += 4;
    this.used += 1;
    return word;
  }
}

/** The float the domain note defines: the next word / 2^32, in [0, 1). For display; games draw integers. */
export function nextFloat(source: RandomSource): number {
  return source.nextUint32() / TWO_POW_32;
}

/**
 * A uniform integer in [0, n), without modulo bias: words at or above the largest multiple of n below 2^32
 * are rejected (the next word is drawn), and an accepted word w maps to floor(w / (2^32 div n)) — the inverse
 * CDF of the float w / 2^32 restricted to the accepted range, so small words give small results.
 * n may be at most 2^32.
 */
export function uniformInt(source: RandomSource, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > TWO_POW_32) throw new RangeError(`cannot draw from ${n} outcomes`);
  const bucket = Math.floor(TWO_POW_32 / n);
  const limit = bucket * n;
  for (;;) {
    const word = source.nextUint32();
    if (word < limit) return Math.floor(word / bucket);
  }
}

/** An index picked with probability weights[i] / sum(weights), by the inverse CDF over integer weights. */
export function pickWeighted(source: RandomSource, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError('weights must be non-negative integers');
    total += w;
  }
  let r = uniformInt(source, total);
  for (let i = 0; i < weights.length; i += 1) {
    const w = weights[i] ?? 0;
    if (r < w) return i;
    r -= w;
  }
  throw new RangeError('weights must not all be zero');
}

/** True with probability numerator / denominator exactly (integers, 0 ≤ numerator ≤ denominator ≤ 2^32). */
export function chance(source: RandomSource, numerator: number, denominator: number): boolean {
  if (!Number.isSafeInteger(numerator) || numerator < 0 || numerator > denominator) throw new RangeError('chance must be a fraction in [0, 1]');
  return uniformInt(source, denominator) < numerator;
}

export interface Verification<T> {
  /** sha256(revealed server seed) equals the commitment shown before the bets. */
  commitMatches: boolean;
  /** The outcome recomputed from the revealed seeds. */
  outcome: T;
}

/**
 * What a verify page calls once the server seed is revealed: checks the commitment and replays the round
 * with the same function the game used.
 */
export function verify<T>(seeds: FairSeeds & { serverSeedHash: string }, replay: (stream: FairStream) => T, hmac: THmacFactory = hmacOf): Verification<T> {
  // Both values are public once the seed is revealed: a plain comparison is fine.
  const commitMatches = commitOf(seeds.serverSeed) === seeds.serverSeedHash.toLowerCase();
  return { commitMatches, outcome: replay(new FairStream(seeds, hmac)) };
}
