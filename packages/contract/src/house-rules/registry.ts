import { verify, type FairSeeds } from './fair.ts';
import type { HouseGame } from './house-game.ts';
import { FISHING_RULES } from './rules-fishing.ts';
import { INSTANT_RULES } from './rules-instant.ts';
import { SLOT_RULES } from './rules-slots.ts';
import { TABLE_RULES } from './rules-tables.ts';
import { VIETNAM_RULES } from './rules-vietnam.ts';

/**
 * The engines of the house studio by engine code, and how a recorded round of each is re-checked from its
 * revealed seeds. The server plays rounds with these; the portal's betting record re-runs them in the browser
 * (one module, two users: issue 21).
 */

// The games' inputs differ; the registry is the one place that forgets their types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each game checks its own input at run time
export type AnyHouseGame = HouseGame<any, unknown>;

/** A round as the betting record holds it: the game's record (`{ input, outcome }` for solo games) and its seeds. */
export interface TRecordedRound {
  detail: Record<string, unknown>;
  /** The member's seeds (solo and hand games); null for games whose record carries its own (rooms, crash). */
  fairness: { serverSeedHash: string; serverSeed: string | null; clientSeed: string; nonce: number } | null;
}

export interface TRecheck {
  /** The revealed seed (or chain hash) matches what was published before the round. */
  commitMatches: boolean;
  /** Replaying the round from the revealed seeds gives exactly the recorded outcome. */
  outcomeMatches: boolean;
}

/** Re-checks one recorded round; null while its seed is not revealed yet (or the record cannot be checked). */
export type TRecheckFn = (round: TRecordedRound) => TRecheck | null;

/** What each family of games registers: its engines of the `HouseGame` shape and the re-checks of the others. */
export interface TRulesFamily {
  /** Engines that play a round from `(input, stream)`; their rounds are re-checked by `recheckSolo`. */
  engines: readonly AnyHouseGame[];
  /** Re-checks of engines of another shape (hand, room, crash), by engine code. */
  rechecks: Readonly<Record<string, TRecheckFn>>;
}

const FAMILIES: readonly TRulesFamily[] = [SLOT_RULES, TABLE_RULES, VIETNAM_RULES, INSTANT_RULES, FISHING_RULES];

/** Every engine of the `HouseGame` shape by its code. */
export const ENGINES: ReadonlyMap<string, AnyHouseGame> = new Map(FAMILIES.flatMap((f) => f.engines.map((g) => [g.code, g] as const)));

/** JSON with object keys sorted, so a record read back from jsonb (which reorders keys) compares equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v);
}

/** A solo round: replay `play(input)` from the revealed seeds and compare the outcome with the record. */
export function recheckSolo(game: AnyHouseGame, round: TRecordedRound): TRecheck | null {
  const f = round.fairness;
  if (!f?.serverSeed) return null;
  const seeds: FairSeeds & { serverSeedHash: string } = { serverSeed: f.serverSeed, clientSeed: f.clientSeed, nonce: f.nonce, serverSeedHash: f.serverSeedHash };
  try {
    const { commitMatches, outcome } = verify(seeds, (stream) => game.play(round.detail.input, stream));
    return { commitMatches, outcomeMatches: canonicalJson(outcome.detail) === canonicalJson(round.detail.outcome) };
  } catch {
    return { commitMatches: false, outcomeMatches: false };
  }
}

/** Re-checks a recorded round of any house engine; null for an unknown engine or an unrevealed seed. */
export function recheckRound(engine: string, round: TRecordedRound): TRecheck | null {
  for (const family of FAMILIES) {
    const fn = family.rechecks[engine];
    if (fn) return fn(round);
  }
  const game = ENGINES.get(engine);
  return game ? recheckSolo(game, round) : null;
}
