import { commitOf, FairStream } from './fair.ts';
import { HouseGameInputError, type HouseGame } from './house-game.ts';
import { recheckRound, type TRecheck } from './registry.ts';
import { fastSource } from './test-support.ts';

/** Test-only: the engines' tests of refusals and of the registry's replay, alike for every solo game. */

/** The code `game` refuses `input` with (`bad_input`, `bad_amount` …), or 'accepted' when it plays. */
export function refusalOf(game: HouseGame<never, unknown>, input: unknown): string {
  try {
    game.play(input as never, fastSource('00000000000000000000000000000001'));
  } catch (err) {
    if (err instanceof HouseGameInputError) return err.code;
    throw err;
  }
  return 'accepted';
}

/** Plays `input` from fixed seeds, stores the detail as the server does (JSON) and re-checks it through the registry. */
export function replayThroughRegistry<TInput>(game: HouseGame<TInput, unknown>, input: TInput, seeds: { serverSeed: string; clientSeed: string; nonce: number }): TRecheck | null {
  const outcome = game.play(input, new FairStream(seeds));
  return recheckRound(game.code, {
    detail: { input, outcome: JSON.parse(JSON.stringify(outcome.detail)) as unknown },
    fairness: { serverSeed: seeds.serverSeed, serverSeedHash: commitOf(seeds.serverSeed), clientSeed: seeds.clientSeed, nonce: seeds.nonce },
  });
}
