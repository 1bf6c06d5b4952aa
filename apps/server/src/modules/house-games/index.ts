import type { RoundOutcome } from '@playhall/contract/house-rules/house-game';
import { canonicalJson, ENGINES, type AnyHouseGame } from '@playhall/contract/house-rules/registry';
import { FairStream, verify, type FairSeeds } from './fair.ts';

export type { HouseGame, RoundOutcome, Settlement } from '@playhall/contract/house-rules/house-game';
export { HouseGameInputError, MAX_STAKE } from '@playhall/contract/house-rules/house-game';
export { commitOf, newClientSeed, newServerSeed, seedsProblem, type FairSeeds } from './fair.ts';

/**
 * The house vendor's games by code. The vendor adapter validates the request shape, then calls
 * `playRound` with the member's current seeds and nonce; the outcome's detail goes into the betting record.
 */
export const HOUSE_GAMES: ReadonlyMap<string, AnyHouseGame> = ENGINES;

/** Plays one round of a game from the seeds' fair stream; null for an unknown game code. */
export function playRound(code: string, input: unknown, seeds: FairSeeds): RoundOutcome<unknown> | null {
  const game = HOUSE_GAMES.get(code);
  return game ? game.play(input, new FairStream(seeds)) : null;
}

export interface RoundCheck {
  /** sha256(revealed server seed) is the commitment shown before the round. */
  commitMatches: boolean;
  /** Replaying the round from the revealed seeds gives exactly the recorded detail. */
  outcomeMatches: boolean;
  recomputed: RoundOutcome<unknown>;
}

/**
 * What the verify page calls for each round played under a revealed seed: recompute the round with the same
 * game code and input and compare it with the record.
 */
export function verifyRound(
  code: string,
  input: unknown,
  seeds: FairSeeds & { serverSeedHash: string },
  recordedDetail: unknown,
): RoundCheck | null {
  const game = HOUSE_GAMES.get(code);
  if (!game) return null;
  const { commitMatches, outcome } = verify(seeds, (stream) => game.play(input, stream));
  return { commitMatches, outcomeMatches: canonicalJson(outcome.detail) === canonicalJson(recordedDetail), recomputed: outcome };
}

