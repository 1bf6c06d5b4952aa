import { createHash, createHmac, randomBytes } from 'node:crypto';
import { FairStream as SharedFairStream, type FairSeeds, type THmacFactory } from '@playhall/contract/house-rules/fair';

/**
 * The server's side of the provably fair scheme (docs/decisions.md, "House games"): the rules and the stream live
 * in `@playhall/contract/house-rules/fair` so the browser's verifier runs the same code; here the seeds are made
 * from the CSPRNG and the stream's HMAC is `node:crypto`'s (the same bytes, faster; fair.test.ts holds them equal).
 */
export { chance, nextFloat, pickWeighted, seedsProblem, uniformInt, type FairSeeds, type RandomSource, type Verification } from '@playhall/contract/house-rules/fair';

/** node:crypto's HMAC-SHA256, keyed once per stream. */
export const nodeHmac: THmacFactory = (key) => (message) => createHmac('sha256', key).update(message, 'utf8').digest();

/** A fresh secret server seed: 32 bytes from the CSPRNG, as hex. */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** A default client seed for a member who has not chosen one: 16 random bytes, hex. */
export function newClientSeed(): string {
  return randomBytes(16).toString('hex');
}

/** The commitment shown before any bet: sha256 of the server seed's hex text, as hex. */
export function commitOf(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** The round's deterministic stream of words, on node:crypto. */
export class FairStream extends SharedFairStream {
  constructor(seeds: FairSeeds) {
    super(seeds, nodeHmac);
  }
}

/** Checks the commitment and replays a round from revealed seeds (see the shared `verify`). */
export function verify<T>(seeds: FairSeeds & { serverSeedHash: string }, replay: (stream: FairStream) => T) {
  // Both values are public once the seed is revealed: a plain comparison is fine.
  const commitMatches = commitOf(seeds.serverSeed) === seeds.serverSeedHash.toLowerCase();
  return { commitMatches, outcome: replay(new FairStream(seeds)) };
}
