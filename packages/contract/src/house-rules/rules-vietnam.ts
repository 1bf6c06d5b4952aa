import { bauCuaGame } from './baucua.ts';
import { diceRoomGame, type DiceRoomDetail, type DiceRoomInput } from './dice-room.ts';
import { verify } from './fair.ts';
import type { HouseGame } from './house-game.ts';
import type { TRecheckFn, TRulesFamily } from './registry.ts';
import { recheckBankerRound } from './room-banker.ts';
import { xocDiaGame } from './xocdia.ts';

/** The engine codes of the rooms' rounds (titles-vietnam.ts): the single table's rules, played on the room's seeds. */
export const XOCDIA_ROOM_ENGINE = 'HOUSE_XOCDIA_ROOM';
export const BAUCUA_ROOM_ENGINE = 'HOUSE_BAUCUA_ROOM';

/**
 * A member's round in a xóc đĩa or bầu cua room: its detail carries the room round's seeds (client seed
 * `room:<roomId>`, nonce = round number) and the member's slip, so the round is replayed exactly like a single
 * table's round on those seeds. The draw comes first from the stream and does not depend on the slip, so every
 * member of the round replays the same discs or dice. A dice room's round (dice-room.service.ts) carries the same
 * seeds and no slip: `inputOf` reads its input from the recorded outcome.
 */
function roomRecheck<TInput, TDetail>(game: HouseGame<TInput, TDetail>, inputOf: (detail: Record<string, unknown>) => TInput = (detail) => detail.input as TInput): TRecheckFn {
  return (round) => {
    // A member banker's round (room-banker.ts): the slips it banked settled again on the same seeds.
    if (round.detail.banker) return recheckBankerRound(round);
    const seed = round.detail.seed as { serverSeed?: unknown; serverSeedHash?: unknown; clientSeed?: unknown; nonce?: unknown } | undefined;
    if (!seed || typeof seed.serverSeed !== 'string' || typeof seed.serverSeedHash !== 'string' || typeof seed.clientSeed !== 'string' || typeof seed.nonce !== 'number') return null;
    const seeds = { serverSeed: seed.serverSeed, serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce };
    try {
      const { commitMatches, outcome } = verify(seeds, (stream) => game.play(inputOf(round.detail), stream));
      return { commitMatches, outcomeMatches: sortedJson(outcome.detail) === sortedJson(round.detail.outcome) };
    } catch {
      return { commitMatches: false, outcomeMatches: false };
    }
  };
}

/** registry.ts's canonicalJson (not imported: the registry imports this file). */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v);
}

/** A dice room round's input from its outcome: the ante, the rake and the seats in the order they rolled. */
function diceRoomInput(detail: Record<string, unknown>): DiceRoomInput {
  const outcome = detail.outcome as DiceRoomDetail;
  return { ante: outcome.ante, players: outcome.seats.map((s) => s.player), rakeBasisPoints: outcome.rakeBasisPoints };
}

/** Xóc đĩa, bầu cua and the dice room (titles-vietnam.ts). The dice room's engine is played by the room service. */
export const VIETNAM_RULES: TRulesFamily = {
  engines: [diceRoomGame, xocDiaGame, bauCuaGame],
  rechecks: {
    [XOCDIA_ROOM_ENGINE]: roomRecheck(xocDiaGame),
    [BAUCUA_ROOM_ENGINE]: roomRecheck(bauCuaGame),
    [diceRoomGame.code]: roomRecheck(diceRoomGame, diceRoomInput),
  },
};
