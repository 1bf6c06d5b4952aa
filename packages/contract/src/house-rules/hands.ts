import { blackjackGame } from './blackjack.ts';
import { verify, type FairSeeds, type THmacFactory } from './fair.ts';
import type { HandGame } from './hand-game.ts';
import { minesGame } from './mines.ts';

/**
 * The house's `hand` games by engine code (blackjack, mines): the server's hand service plays them, the registry's
 * re-checks (rules-tables.ts, rules-instant.ts) replay their recorded rounds. Kept apart from registry.ts so the
 * engines import no registry (no import cycle).
 */

// The games' inputs and actions differ; this map is the one place that forgets their types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each game checks its own input and actions at run time
export type AnyHandGame = HandGame<any, any, unknown>;

export const HAND_GAMES: ReadonlyMap<string, AnyHandGame> = new Map<string, AnyHandGame>([
  [blackjackGame.code, blackjackGame],
  [minesGame.code, minesGame],
]);

/** A hand round as the betting record holds it: `{ input, actions, outcome }` (outcome = the final view). */
export interface THandDetail {
  input: unknown;
  actions: unknown[];
  outcome: unknown;
}

/** JSON with object keys sorted (jsonb reorders keys), as registry.ts's canonicalJson. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v);
}

/** Replays a recorded hand round from its start input and actions and builds its final view. */
export function replayHand(game: AnyHandGame, detail: THandDetail, stream: Parameters<AnyHandGame['replay']>[2]): unknown {
  const input: unknown = game.checkStart(detail.input);
  const actions: unknown[] = detail.actions.map((a) => game.checkAction(a));
  return game.replay(input, actions, stream).view();
}

/**
 * The registry's re-check of a hand round (TRecheckFn): the revealed seed against the hash shown before, and the
 * round replayed from its start input and actions against the recorded outcome. Null while the seed is secret.
 */
export function recheckHand(
  game: AnyHandGame,
  round: { detail: Record<string, unknown>; fairness: { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number } | null },
  hmac?: THmacFactory,
): { commitMatches: boolean; outcomeMatches: boolean } | null {
  const f = round.fairness;
  if (!f?.serverSeed) return null;
  const seeds: FairSeeds & { serverSeedHash: string } = { serverSeed: f.serverSeed, clientSeed: f.clientSeed, nonce: f.nonce, serverSeedHash: f.serverSeedHash };
  try {
    const detail = round.detail as unknown as THandDetail;
    if (!Array.isArray(detail.actions)) return { commitMatches: false, outcomeMatches: false };
    const { commitMatches, outcome } = verify(seeds, (stream) => replayHand(game, detail, stream), hmac);
    return { commitMatches, outcomeMatches: canonical(outcome) === canonical(detail.outcome) };
  } catch {
    return { commitMatches: false, outcomeMatches: false };
  }
}
