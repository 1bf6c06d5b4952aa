import { baccaratGame } from './baccarat.ts';
import { diceRoomGame } from './dice-room.ts';
import { FairStream, verify, type FairSeeds } from './fair.ts';
import { fishingGame } from './fishing.ts';
import type { HouseGame, RoundOutcome } from './house-game.ts';
import { slotGame } from './slot.ts';

export type { HouseGame, RoundOutcome, Settlement } from './house-game.ts';
export { HouseGameInputError, MAX_STAKE } from './house-game.ts';
export { commitOf, newClientSeed, newServerSeed, seedsProblem, type FairSeeds } from './fair.ts';

/**
 * The house vendor's games by code. The vendor adapter validates the request shape, then calls
 * `playRound` with the member's current seeds and nonce; the outcome's detail goes into the betting record.
 */
// The games' inputs differ; the registry is the one place that forgets their types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each game checks its own input at run time
type AnyHouseGame = HouseGame<any, unknown>;

export const HOUSE_GAMES: ReadonlyMap<string, AnyHouseGame> = new Map(
  [slotGame, baccaratGame, fishingGame, diceRoomGame].map((game) => [game.code, game as AnyHouseGame]),
);

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

/** JSON with object keys sorted, so a record read back from jsonb (which reorders keys) compares equal. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v);
}
