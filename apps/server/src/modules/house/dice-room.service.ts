import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { gameRounds, pvpRooms } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TReader } from '../../lib/content-language.ts';
import { commitOf, newServerSeed, playRound } from '../house-games/index.ts';
import type { DiceRoomDetail } from '@playhall/contract/house-rules/dice-room';
import { hashGameToken } from '../seamless/seamless.service.ts';
import { maskAccount, roomNameFor } from '../games/catalogue.service.ts';
import type { THouseRepository } from './house.repository.ts';
import { houseRefusal } from './house-refusal.ts';
import { GAME_SESSION_ENDED, type TSeamlessClient } from './house.service.ts';
import { debitStillLive } from './orphan-debits.ts';
import { rgSeamlessError } from '../responsible/rg-guard.ts';

/** Once enough members sit, the round rolls this long later (others may still join). */
export const ROOM_COUNTDOWN_MS = 15_000;
const ENGINE = 'HOUSE_PVP_DICE_DUEL';

interface TSeat {
  userId: number;
  username: string;
  roundId: string;
}

/** The room's live state, kept in `pvp_rooms.state`. */
export interface TRoomState {
  roundNo: number;
  /** The seed of the round being gathered: its hash is shown before anyone pays. */
  serverSeed: string;
  seats: TSeat[];
  nextRoundAt: string | null;
  lastRound: (DiceRoomDetail & { roundNo: number; serverSeed: string; serverSeedHash: string; clientSeed: string; at: string }) | null;
}

const clientSeedOf = (roomId: string) => `room:${roomId}`;

function freshState(prev?: Partial<TRoomState>): TRoomState {
  return { roundNo: prev?.roundNo ?? 0, serverSeed: newServerSeed(), seats: [], nextRoundAt: null, lastRound: prev?.lastRound ?? null };
}

/**
 * The PVP dice room (Dice Duel): a member pays the room's ante to take a seat for the next round (a signed
 * seamless debit, with the member's own launch token), may leave before the roll (the debit is rolled back),
 * and once the minimum sits a countdown starts; the `house.diceRooms` job rolls it with the seed committed
 * before anyone paid, reveals that seed, and credits the winners. Each seat is a round of its own in the
 * betting record. The room row is locked while its state changes; no seamless call is made under that lock.
 */
export function createDiceRoomService(deps: { db: TDb; repo: THouseRepository; seamless: TSeamlessClient; now?: () => Date }) {
  const { db, repo, seamless } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function sessionOf(token: string | undefined) {
    if (!token) throw new AppError('not_logged_in');
    const s = await repo.session(db, hashGameToken(token), now());
    // Only the dice game's rooms: the betting rooms (bet-room.service.ts) keep another state in the same table.
    if (!s?.session.roomId || s.game.houseGame !== 'dice') throw new AppError('not_logged_in', null, 'This game session is not valid: enter the room again');
    // Ended with its login session (issue 15): a seated member launches the room again to leave.
    if (!s.live) throw new AppError('session_expired', null, GAME_SESSION_ENDED);
    return s;
  }

  async function roomRow(merchantId: number, roomId: string) {
    const [row] = await db.select().from(pvpRooms).where(and(eq(pvpRooms.merchantId, merchantId), eq(pvpRooms.roomId, roomId)));
    if (!row) throw new AppError('not_found', { roomId });
    if ((row.state as Partial<TRoomState>).serverSeed) return { row, state: row.state as unknown as TRoomState };
    // A room's first look commits its first seed (under the lock: two first looks keep one seed).
    return update(merchantId, roomId, (cur, _row, fresh) => (fresh ? cur : null));
  }

  function view(row: typeof pvpRooms.$inferSelect, state: TRoomState, userId: number, name: string) {
    return {
      roomId: row.roomId,
      name,
      ante: row.ante,
      minPlayers: row.minPlayers,
      maxPlayers: row.maxPlayers,
      roundNo: state.roundNo,
      serverSeedHash: commitOf(state.serverSeed),
      clientSeed: clientSeedOf(row.roomId),
      seats: state.seats.map((s) => ({ player: s.userId === userId ? s.username : maskAccount(s.username), you: s.userId === userId })),
      seated: state.seats.some((s) => s.userId === userId),
      nextRoundAt: state.nextRoundAt,
      lastRound: state.lastRound
        ? { ...state.lastRound, seats: state.lastRound.seats.map((s) => ({ ...s, player: maskAccount(s.player) })) }
        : null,
    };
  }

  /** Changes the room under its row lock; `change` answers the new state or throws. */
  async function update(
    merchantId: number,
    roomId: string,
    change: (state: TRoomState, row: typeof pvpRooms.$inferSelect, fresh: boolean) => TRoomState | null,
    /** The debit the change records: refused (`voided`) if the orphan-debit recovery rolled it back meanwhile. */
    debit?: { vassalage: string; txnId: string },
  ): Promise<{ row: typeof pvpRooms.$inferSelect; state: TRoomState; voided?: boolean }> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(pvpRooms).where(and(eq(pvpRooms.merchantId, merchantId), eq(pvpRooms.roomId, roomId))).for('update');
      if (!row) throw new AppError('not_found', { roomId });
      const fresh = !(row.state as Partial<TRoomState>).serverSeed;
      const current = fresh ? freshState() : (row.state as unknown as TRoomState);
      if (debit && !(await debitStillLive(tx, merchantId, debit.vassalage, debit.txnId))) return { row, state: current, voided: true };
      const next = change(current, row, fresh);
      if (!next) return { row, state: current };
      const status = next.seats.length > 0 ? 'playing' : 'waiting';
      const [saved] = await tx
        .update(pvpRooms)
        .set({ state: next as unknown as Record<string, unknown>, status, version: sql`${pvpRooms.version} + 1` })
        .where(eq(pvpRooms.id, row.id))
        .returning();
      return { row: saved ?? row, state: next };
    });
  }

  return {
    /** The room as the member's page shows it, named in the reader's language (issue 23). */
    async state(token: string | undefined, reader: TReader) {
      const s = await sessionOf(token);
      const { row, state } = await roomRow(s.session.merchantId, s.session.roomId ?? '');
      return view(row, state, s.session.userId, roomNameFor(row, s.game, reader));
    },

    /** Pays the ante and takes a seat for the round being gathered. */
    async join(token: string | undefined, reader: TReader) {
      const s = await sessionOf(token);
      const roomId = s.session.roomId ?? '';
      const { row, state } = await roomRow(s.session.merchantId, roomId);
      const name = roomNameFor(row, s.game, reader);
      if (state.seats.some((x) => x.userId === s.session.userId)) return view(row, state, s.session.userId, name);
      if (state.seats.length >= row.maxPlayers) throw houseRefusal('room_full', 'The room is full');
      // A seat of its own per join: a member who left (refunded) and sits again pays again, under a new id.
      const roundId = `PH_DICE-${roomId}-${state.roundNo}-${s.session.userId}-${crypto.randomBytes(4).toString('hex')}`;
      const debit = await seamless(s.game.vassalage, 'debit', { txnId: `${roundId}:debit`, roundId, amount: row.ante, sessionToken: token });
      if (!debit.ok) {
        if (debit.error === 'insufficient_balance') throw new AppError('insufficient_balance', { balance: debit.balance });
        throw rgSeamlessError(debit) ?? new AppError('operation_not_allowed', { error: debit.error });
      }
      let seated = false;
      const result = await update(s.session.merchantId, roomId, (cur, r) => {
        // The round may have rolled, or the room filled, between the debit and the lock.
        if (cur.roundNo !== state.roundNo || cur.seats.length >= r.maxPlayers || cur.seats.some((x) => x.userId === s.session.userId)) return null;
        seated = true;
        const seats = [...cur.seats, { userId: s.session.userId, username: s.username, roundId }];
        const nextRoundAt = cur.nextRoundAt ?? (seats.length >= r.minPlayers ? new Date(now().getTime() + ROOM_COUNTDOWN_MS).toISOString() : null);
        return { ...cur, seats, nextRoundAt };
      }, { vassalage: s.game.vassalage, txnId: `${roundId}:debit` });
      // Rolled back meanwhile (a request that outlived the recovery's grace): the ante is back, nothing is seated.
      if (result.voided) throw houseRefusal('ante_returned', 'Your ante was returned: join again');
      if (!seated) {
        await seamless(s.game.vassalage, 'rollback', { txnId: `${roundId}:rollback`, roundId, amount: 0, userId: s.session.userId, refTxnId: `${roundId}:debit` });
        throw houseRefusal('round_started', 'The round started: join the next one');
      }
      return view(result.row, result.state, s.session.userId, name);
    },

    /** Leaves before the roll: the ante comes back. */
    async leave(token: string | undefined, reader: TReader) {
      const s = await sessionOf(token);
      const roomId = s.session.roomId ?? '';
      let seat: TSeat | undefined;
      const result = await update(s.session.merchantId, roomId, (cur, r) => {
        seat = cur.seats.find((x) => x.userId === s.session.userId);
        if (!seat) return null;
        const seats = cur.seats.filter((x) => x.userId !== s.session.userId);
        return { ...cur, seats, nextRoundAt: seats.length >= r.minPlayers ? cur.nextRoundAt : null };
      });
      if (seat) {
        await seamless(s.game.vassalage, 'rollback', { txnId: `${seat.roundId}:rollback`, roundId: seat.roundId, amount: 0, userId: seat.userId, refTxnId: `${seat.roundId}:debit` });
      }
      return view(result.row, result.state, s.session.userId, roomNameFor(result.row, s.game, reader));
    },

    /** Rolls every room whose countdown is over; the job runs this. Returns the rounds rolled. */
    async rollDue(at?: Date): Promise<number> {
      const moment = at ?? now();
      const rooms = await db.select().from(pvpRooms).where(sql`${pvpRooms.state} ->> 'nextRoundAt' is not null`);
      let rolled = 0;
      for (const candidate of rooms) {
        const stored: { seats: TSeat[]; detail: DiceRoomDetail; vassalage: string } | null = await db.transaction(async (tx) => {
          const [row] = await tx.select().from(pvpRooms).where(eq(pvpRooms.id, candidate.id)).for('update');
          if (!row) return null;
          const state = row.state as unknown as TRoomState;
          if (!state.nextRoundAt || new Date(state.nextRoundAt) > moment || state.seats.length < row.minPlayers) return null;
          const [game] = await tx.execute(sql`select id, category, game_id, vassalage from games where id = ${row.gameRowId}`).then((r) => (r as unknown as { rows: { id: number; category: string; game_id: string; vassalage: string }[] }).rows);
          if (!game) return null;
          const outcome = playRound(ENGINE, { ante: row.ante, players: state.seats.map((x) => x.username) }, { serverSeed: state.serverSeed, clientSeed: clientSeedOf(row.roomId), nonce: state.roundNo });
          if (!outcome) return null;
          const detail = outcome.detail as DiceRoomDetail;
          const at = moment;
          for (const [i, seat] of state.seats.entries()) {
            const result = detail.seats[i];
            if (!result) continue;
            await tx.insert(gameRounds).values({
              merchantId: row.merchantId,
              roundId: seat.roundId,
              userId: seat.userId,
              gameRowId: row.gameRowId,
              category: game.category,
              vassalage: game.vassalage,
              gameId: game.game_id,
              betAmount: result.stake,
              validBet: result.validBet,
              payout: result.payout,
              status: 'open',
              detail: { room: row.roomId, roundNo: state.roundNo, seed: { serverSeed: state.serverSeed, serverSeedHash: commitOf(state.serverSeed), clientSeed: clientSeedOf(row.roomId), nonce: state.roundNo }, outcome: detail } as Record<string, unknown>,
            }).onConflictDoNothing();
          }
          const next: TRoomState = {
            ...freshState({ roundNo: state.roundNo + 1 }),
            lastRound: { ...detail, roundNo: state.roundNo, serverSeed: state.serverSeed, serverSeedHash: commitOf(state.serverSeed), clientSeed: clientSeedOf(row.roomId), at: at.toISOString() },
          };
          await tx.update(pvpRooms).set({ state: next as unknown as Record<string, unknown>, status: 'waiting', version: sql`${pvpRooms.version} + 1` }).where(eq(pvpRooms.id, row.id));
          return { seats: state.seats, detail, vassalage: game.vassalage };
        });
        if (!stored) continue;
        rolled++;
        // Outside the room lock: credit each seat (0 for a loss closes the round), then settle it.
        for (const [i, seat] of stored.seats.entries()) {
          const payout = stored.detail.seats[i]?.payout ?? 0;
          const credit = await seamless(stored.vassalage, 'credit', { txnId: `${seat.roundId}:credit`, roundId: seat.roundId, amount: payout, userId: seat.userId });
          if (credit.ok) await db.update(gameRounds).set({ status: 'settled', settledAt: now() }).where(and(eq(gameRounds.roundId, seat.roundId), eq(gameRounds.status, 'open')));
        }
      }
      return rolled;
    },
  };
}

export type TDiceRoomService = ReturnType<typeof createDiceRoomService>;
