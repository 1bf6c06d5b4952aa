import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { gameRounds, games, pvpRooms } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TReader } from '../../lib/content-language.ts';
import { commitOf, HouseGameInputError, newServerSeed, playRound } from '../house-games/index.ts';
import { BAUCUA_LIMITS, checkBauCuaBets } from '@playhall/contract/house-rules/baucua';
import { checkXocDiaBets, XOCDIA_LIMITS } from '@playhall/contract/house-rules/xocdia';
import { bankCovers, bankerWorstCase, bankLimits, settleBanker, type TBankedEngine, type TBankerDraw } from '@playhall/contract/house-rules/room-banker';
import { hashGameToken } from '../seamless/seamless.service.ts';
import { maskAccount, roomNameFor } from '../games/catalogue.service.ts';
import type { THouseRepository } from './house.repository.ts';
import { GAME_SESSION_ENDED, type TSeamlessClient } from './house.service.ts';
import { houseRefusal } from './house-refusal.ts';
import { debitStillLive } from './orphan-debits.ts';
import { rgSeamlessError } from '../responsible/rg-guard.ts';

/**
 * The betting rooms of xóc đĩa and bầu cua (issue 21): a shared round per room. Members bet against the house,
 * which banks every room (a member banker seat is not built). Betting opens with the round; the first bet starts
 * the countdown; when it ends the per-tick task `settleDue` decides the round from the room seed whose hash was
 * shown before betting opened (client seed `room:<roomId>`, nonce = round number), stores one `game_rounds` row per
 * member (its detail carries the seeds and the member's slip, so the round re-checks from the detail alone),
 * reveals the seed and credits the winners. A member places one slip per round (any spots of the board): it is
 * debited at once through the seamless service (`<roundId>:debit`, the same key the recovery job would repeat, so
 * a round cut off between its row and its credit is paid by `house.recoverRounds` without a second debit). The
 * room row is locked while its state changes; no seamless call is made under that lock.
 *
 * The member banker seat (issue 21, room-banker.ts): between rounds (no slip yet in the round being gathered) a
 * member may put up a bank within the room's bank limits; it is debited once (`<tenureId>:debit`) into the house game
 * account, which holds it while the member banks. While a member banks, the banker does not bet, and a slip is
 * accepted only while the bank covers the worst case of the round's slips. At the result the players are paid as
 * always (their stakes were debited to the house game account, their payouts credited from it), and the bank moves
 * by the round's net (stakes − payouts) less a 5 % rake on a positive net: a `game_rounds` row of the banker's
 * (stake = the bank before, payout = the bank after, valid bet 0; settled, no seamless call of its own) records it
 * and re-checks from the room seeds. The bank returns (`<tenureId>:credit`, idempotent) when the banker leaves between
 * rounds or when it falls below the room's minimum bank; a return is kept in `pendingReturns` until its credit is
 * answered, and the tick retries it. So the house game account gains exactly the rakes: nothing appears or vanishes.
 */

/** How long betting stays open after a round's first bet (HOUSE_ROOM_BET_SECONDS overrides; tests use a few seconds). */
export function betWindowMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.HOUSE_ROOM_BET_SECONDS ?? 20);
  return Number.isFinite(seconds) && seconds >= 3 && seconds <= 300 ? Math.round(seconds * 1000) : 20_000;
}

/** The room games, by catalogue house game: the single table's engine and its slip check. */
const ROOM_RULES: Readonly<Record<string, { engine: string; check: (input: never) => Record<string, number>; limits: { min: number; max: number } }>> = {
  'xocdia-room': { engine: 'HOUSE_XOCDIA', check: checkXocDiaBets as (input: never) => Record<string, number>, limits: XOCDIA_LIMITS },
  'baucua-room': { engine: 'HOUSE_BAUCUA', check: checkBauCuaBets as (input: never) => Record<string, number>, limits: BAUCUA_LIMITS },
};
export const BET_ROOM_GAMES: ReadonlySet<string> = new Set(Object.keys(ROOM_RULES));

/** Results kept for the history road. */
const HISTORY = 60;

interface TSlip {
  userId: number;
  username: string;
  roundId: string;
  bets: Record<string, number>;
  stake: number;
}

/** The member holding the banker seat, and the bank the house game account holds for them. */
interface TBankerSeat {
  userId: number;
  username: string;
  /** The seat's id: the bank's debit and its return are `<tenureId>:debit` / `:credit`, its rounds `<tenureId>-r<roundNo>`. */
  tenureId: string;
  bank: number;
  since: string;
}

/** A bank to credit back to its member (left, or fallen under the minimum). */
interface TBankReturn {
  userId: number;
  tenureId: string;
  amount: number;
}

/** What the round showed: xóc đĩa's discs or bầu cua's dice. */
type TResult = { discs: boolean[]; reds: number } | { dice: string[] };

/** The room's live state, kept in `pvp_rooms.state` (`seats` are the round's slips: launch's pickRoom reads their userId). */
export interface TBetRoomState {
  kind: 'bet';
  roundNo: number;
  /** The seed of the round taking bets: its hash is shown before anyone bets. */
  serverSeed: string;
  seats: TSlip[];
  /** When betting closes: set by the round's first bet. */
  closesAt: string | null;
  /** The member banking the room, or null when the house banks (issue 21). */
  banker?: TBankerSeat | null;
  /** Banks left to return: credited outside the lock, removed once answered (the tick retries). */
  pendingReturns?: TBankReturn[];
  lastRound: {
    roundNo: number;
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
    at: string;
    result: TResult;
    players: { userId: number; username: string; stake: number; payout: number; bets: Record<string, number> }[];
    /** The member who banked the round: the bank before and after, the net and the rake. */
    banker?: { userId: number; username: string; bankBefore: number; net: number; rake: number; bankAfter: number } | null;
  } | null;
  history: ({ roundNo: number } & TResult)[];
}

const clientSeedOf = (roomId: string) => `room:${roomId}`;

function freshState(prev?: Partial<TBetRoomState>): TBetRoomState {
  return {
    kind: 'bet', roundNo: prev?.roundNo ?? 0, serverSeed: newServerSeed(), seats: [], closesAt: null,
    banker: prev?.banker ?? null, pendingReturns: prev?.pendingReturns ?? [], lastRound: prev?.lastRound ?? null, history: prev?.history ?? [],
  };
}

/** The minimum bet of a room: the game's table minimum or the room's ante, whichever is higher. */
const minBetOf = (houseGame: string, ante: number) => Math.max(ROOM_RULES[houseGame]?.limits.min ?? XOCDIA_LIMITS.min, ante);

export function createBetRoomService(deps: { db: TDb; repo: THouseRepository; seamless: TSeamlessClient; now?: () => Date; windowMs?: number }) {
  const { db, repo, seamless } = deps;
  const now = () => deps.now?.() ?? new Date();
  const windowMs = deps.windowMs ?? betWindowMs();

  async function sessionOf(token: string | undefined) {
    if (!token) throw new AppError('not_logged_in');
    const s = await repo.session(db, hashGameToken(token), now());
    if (!s?.session.roomId || !BET_ROOM_GAMES.has(s.game.houseGame ?? '')) throw new AppError('not_logged_in', null, 'This game session is not valid: enter the room again');
    if (!s.live) throw new AppError('session_expired', null, GAME_SESSION_ENDED);
    return s;
  }

  /** Changes the room under its row lock; `change` answers the new state (or null to keep it) or throws. */
  /** `debit`: the debit the change records, refused (`voided`) if the orphan-debit recovery rolled it back meanwhile. */
  async function update(
    merchantId: number,
    roomId: string,
    change: (state: TBetRoomState, row: typeof pvpRooms.$inferSelect) => TBetRoomState | null,
    debit?: { vassalage: string; txnId: string },
  ): Promise<{ row: typeof pvpRooms.$inferSelect; state: TBetRoomState; voided?: boolean }> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(pvpRooms).where(and(eq(pvpRooms.merchantId, merchantId), eq(pvpRooms.roomId, roomId))).for('update');
      if (!row) throw new AppError('not_found', { roomId });
      const stored = row.state as Partial<TBetRoomState>;
      const fresh = stored.kind !== 'bet' || !stored.serverSeed;
      const current = fresh ? freshState() : (stored as TBetRoomState);
      if (debit && !(await debitStillLive(tx, merchantId, debit.vassalage, debit.txnId))) return { row, state: current, voided: true };
      const next = change(current, row) ?? (fresh ? current : null);
      if (!next) return { row, state: current };
      const [saved] = await tx
        .update(pvpRooms)
        .set({ state: next as unknown as Record<string, unknown>, status: next.seats.length > 0 ? 'playing' : 'waiting', version: sql`${pvpRooms.version} + 1` })
        .where(eq(pvpRooms.id, row.id))
        .returning();
      return { row: saved ?? row, state: next };
    });
  }

  async function roomOf(merchantId: number, roomId: string) {
    const [row] = await db.select().from(pvpRooms).where(and(eq(pvpRooms.merchantId, merchantId), eq(pvpRooms.roomId, roomId)));
    if (!row) throw new AppError('not_found', { roomId });
    const stored = row.state as Partial<TBetRoomState>;
    if (stored.kind === 'bet' && stored.serverSeed) return { row, state: stored as TBetRoomState };
    // A room's first look commits its first seed (under the lock: two first looks keep one seed).
    return update(merchantId, roomId, () => null);
  }

  /** The room as a member's page shows it; `name` is the room's in the reader's language (issue 23). */
  function view(row: typeof pvpRooms.$inferSelect, state: TBetRoomState, userId: number, houseGame: string, roomName: string) {
    const limits = ROOM_RULES[houseGame]?.limits ?? XOCDIA_LIMITS;
    const at = now();
    const mine = state.seats.find((s) => s.userId === userId);
    const name = (u: { userId: number; username: string }) => (u.userId === userId ? u.username : maskAccount(u.username));
    const seat = state.banker ?? null;
    const engine = ROOM_RULES[houseGame]?.engine as TBankedEngine | undefined;
    const worst = seat && engine ? Math.max(0, bankerWorstCase(engine, state.seats.map((x) => x.bets))) : 0;
    const lastBanker = state.lastRound?.banker ?? null;
    return {
      roomId: row.roomId,
      name: roomName,
      houseGame,
      limits: { min: Math.max(limits.min, row.ante), max: limits.max },
      maxPlayers: row.maxPlayers,
      banker: seat ? ('member' as const) : ('house' as const),
      /** The banker seat: who holds it (masked unless it is you), the bank, and what it still covers this round. */
      bankerSeat: seat ? { player: name(seat), you: seat.userId === userId, bank: seat.bank, coverage: seat.bank - worst, since: seat.since } : null,
      bankLimits: bankLimits(minBetOf(houseGame, row.ante)),
      roundNo: state.roundNo,
      serverSeedHash: commitOf(state.serverSeed),
      clientSeed: clientSeedOf(row.roomId),
      serverTime: at.toISOString(),
      closesAt: state.closesAt,
      bettingOpen: !state.closesAt || new Date(state.closesAt) > at,
      players: state.seats.map((s) => ({ player: name(s), you: s.userId === userId, stake: s.stake, bets: s.bets })),
      mine: mine ? { roundId: mine.roundId, bets: mine.bets, stake: mine.stake } : null,
      lastRound: state.lastRound
        ? {
            ...state.lastRound,
            players: state.lastRound.players.map((p) => ({ player: name(p), you: p.userId === userId, stake: p.stake, payout: p.payout, bets: p.bets })),
            banker: lastBanker
              ? { player: name(lastBanker), you: lastBanker.userId === userId, bankBefore: lastBanker.bankBefore, net: lastBanker.net, rake: lastBanker.rake, bankAfter: lastBanker.bankAfter }
              : null,
          }
        : null,
      history: state.history,
    };
  }

  /** Credits a bank back (idempotent by its tenure), then drops it from the room's pending returns. */
  async function returnBank(roomRowId: number, vassalage: string, back: TBankReturn) {
    const credit = await seamless(vassalage, 'credit', { txnId: `${back.tenureId}:credit`, roundId: back.tenureId, amount: back.amount, userId: back.userId });
    if (!credit.ok) return credit;
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(pvpRooms).where(eq(pvpRooms.id, roomRowId)).for('update');
      const state = row?.state as Partial<TBetRoomState> | undefined;
      if (!row || !state?.pendingReturns?.some((p) => p.tenureId === back.tenureId)) return;
      const next = { ...state, pendingReturns: state.pendingReturns.filter((p) => p.tenureId !== back.tenureId) };
      await tx.update(pvpRooms).set({ state: next as unknown as Record<string, unknown>, version: sql`${pvpRooms.version} + 1` }).where(eq(pvpRooms.id, row.id));
    });
    return credit;
  }

  return {
    async state(token: string | undefined, reader: TReader) {
      const s = await sessionOf(token);
      const { row, state } = await roomOf(s.session.merchantId, s.session.roomId ?? '');
      return view(row, state, s.session.userId, s.game.houseGame ?? '', roomNameFor(row, s.game, reader));
    },

    /** Places the member's slip for the round taking bets (`roundNo` names it): debited at once. */
    async bet(token: string | undefined, input: { roundNo: number; bets: unknown }, reader: TReader) {
      const s = await sessionOf(token);
      const roomId = s.session.roomId ?? '';
      const houseGame = s.game.houseGame ?? '';
      const rules = ROOM_RULES[houseGame];
      if (!rules) throw houseRefusal('no_bet_room', 'This game has no betting room');
      let bets: Record<string, number>;
      try {
        bets = rules.check(input.bets as never);
      } catch (err) {
        if (err instanceof HouseGameInputError) throw new AppError('validation_failed', { issues: [{ path: 'bets', message: err.code }] }, err.message);
        throw err;
      }
      const { row, state } = await roomOf(s.session.merchantId, roomId);
      if (Object.values(bets).some((v) => v < row.ante)) {
        throw new AppError('validation_failed', { issues: [{ path: 'bets', message: 'bad_amount', params: { min: row.ante } }] }, `Each bet in this room is at least ${row.ante / 100}`);
      }
      const refusal = (cur: TBetRoomState, r: typeof pvpRooms.$inferSelect): AppError | null => {
        if (input.roundNo < cur.roundNo) {
          return houseRefusal('round_passed', `Round ${input.roundNo} is over: the room takes bets on round ${cur.roundNo}`, { roundNo: input.roundNo, current: cur.roundNo });
        }
        if (input.roundNo > cur.roundNo) return houseRefusal('round_not_open', `Round ${input.roundNo} has not opened`, { roundNo: input.roundNo });
        if (cur.closesAt && new Date(cur.closesAt) <= now()) return houseRefusal('betting_closed', 'Betting is closed for this round');
        if (cur.seats.some((x) => x.userId === s.session.userId)) return houseRefusal('already_bet', 'Your bets on this round are placed');
        if (cur.seats.length >= r.maxPlayers) return houseRefusal('room_full', 'The room is full for this round');
        // A member banks the room: not against themselves, and only what the bank covers in the worst case.
        if (cur.banker?.userId === s.session.userId) return houseRefusal('banker_cannot_bet', 'The banker cannot bet in the round they bank');
        if (cur.banker && !bankCovers(rules.engine as TBankedEngine, cur.banker.bank, [...cur.seats.map((x) => x.bets), bets])) {
          return houseRefusal('bank_cannot_cover', "The banker's bank cannot cover this bet");
        }
        return null;
      };
      const early = refusal(state, row);
      if (early) throw early;
      const stake = Object.values(bets).reduce((a, b) => a + b, 0);
      // An id of its own per attempt: a refused debit's answer is never met again.
      const roundId = `${s.game.vassalage}-${roomId}-${state.roundNo}-${s.session.userId}-${crypto.randomBytes(4).toString('hex')}`;
      const debit = await seamless(s.game.vassalage, 'debit', { txnId: `${roundId}:debit`, roundId, amount: stake, sessionToken: token });
      if (!debit.ok) {
        if (debit.error === 'insufficient_balance') throw new AppError('insufficient_balance', { balance: debit.balance });
        throw rgSeamlessError(debit) ?? new AppError('operation_not_allowed', { error: debit.error });
      }
      let late: AppError | null = null;
      const result = await update(s.session.merchantId, roomId, (cur, r) => {
        // The round may have closed (or the member bet from another tab) between the debit and the lock.
        late = refusal(cur, r);
        if (late) return null;
        const seats = [...cur.seats, { userId: s.session.userId, username: s.username, roundId, bets, stake }];
        return { ...cur, seats, closesAt: cur.closesAt ?? new Date(now().getTime() + windowMs).toISOString() };
      }, { vassalage: s.game.vassalage, txnId: `${roundId}:debit` });
      // Rolled back meanwhile (a request that outlived the recovery's grace): the stake is back, no slip is placed.
      if (result.voided) throw houseRefusal('stake_returned', 'Your stake was returned: place your bets again');
      if (late) {
        await seamless(s.game.vassalage, 'rollback', { txnId: `${roundId}:rollback`, roundId, amount: 0, userId: s.session.userId, refTxnId: `${roundId}:debit` });
        throw late;
      }
      return { ...view(result.row, result.state, s.session.userId, houseGame, roomNameFor(result.row, s.game, reader)), balance: debit.balance };
    },

    /**
     * Takes the banker seat with a bank of `amount` (issue 21): only while the house banks and no slip is placed in the
     * round being gathered. The bank is debited first (outside the lock); a member who lost the race for the seat
     * meanwhile gets the debit rolled back.
     */
    async takeBank(token: string | undefined, input: { amount: number }, reader: TReader) {
      const s = await sessionOf(token);
      const roomId = s.session.roomId ?? '';
      const houseGame = s.game.houseGame ?? '';
      if (!ROOM_RULES[houseGame]) throw houseRefusal('no_bet_room', 'This game has no betting room');
      const { row, state } = await roomOf(s.session.merchantId, roomId);
      const range = bankLimits(minBetOf(houseGame, row.ante));
      if (!Number.isSafeInteger(input.amount) || input.amount < range.min || input.amount > range.max) {
        throw new AppError('validation_failed', { issues: [{ path: 'amount', message: 'bad_amount', params: range }] }, `The bank of this room is from ${range.min / 100} to ${range.max / 100}`);
      }
      const refusal = (cur: TBetRoomState): AppError | null => {
        if (cur.banker?.userId === s.session.userId) return houseRefusal('banker_seat_yours', 'You hold the banker seat');
        if (cur.banker) return houseRefusal('banker_seat_taken', 'The banker seat is taken');
        if (cur.seats.length > 0 || cur.closesAt) return houseRefusal('banker_between_rounds', 'The banker seat changes between rounds: wait for this round to be decided');
        return null;
      };
      const early = refusal(state);
      if (early) throw early;
      const tenureId = `${s.game.vassalage}-${roomId}-bank-${s.session.userId}-${crypto.randomBytes(4).toString('hex')}`;
      const debit = await seamless(s.game.vassalage, 'debit', { txnId: `${tenureId}:debit`, roundId: tenureId, amount: input.amount, sessionToken: token });
      if (!debit.ok) {
        if (debit.error === 'insufficient_balance') throw new AppError('insufficient_balance', { balance: debit.balance });
        throw rgSeamlessError(debit) ?? new AppError('operation_not_allowed', { error: debit.error });
      }
      let late: AppError | null = null;
      const result = await update(s.session.merchantId, roomId, (cur) => {
        late = refusal(cur);
        if (late) return null;
        return { ...cur, banker: { userId: s.session.userId, username: s.username, tenureId, bank: input.amount, since: now().toISOString() } };
      }, { vassalage: s.game.vassalage, txnId: `${tenureId}:debit` });
      if (result.voided) throw houseRefusal('bank_returned', 'Your bank was returned: take the seat again');
      if (late) {
        await seamless(s.game.vassalage, 'rollback', { txnId: `${tenureId}:rollback`, roundId: tenureId, amount: 0, userId: s.session.userId, refTxnId: `${tenureId}:debit` });
        throw late;
      }
      return { ...view(result.row, result.state, s.session.userId, houseGame, roomNameFor(result.row, s.game, reader)), balance: debit.balance };
    },

    /** Leaves the banker seat between rounds: the bank left is credited back and the house banks again. */
    async leaveBank(token: string | undefined, reader: TReader) {
      const s = await sessionOf(token);
      const roomId = s.session.roomId ?? '';
      const houseGame = s.game.houseGame ?? '';
      let refusal: AppError | null = null;
      let back: TBankReturn | null = null;
      const notBanker = () => houseRefusal('not_banker', 'You do not hold the banker seat');
      const result = await update(s.session.merchantId, roomId, (cur) => {
        const seat = cur.banker;
        if (seat?.userId !== s.session.userId) refusal = notBanker();
        else if (cur.seats.length > 0 || cur.closesAt) refusal = houseRefusal('banking_this_round', 'You bank this round: leave the seat after its result');
        if (refusal || !seat) return null;
        back = { userId: seat.userId, tenureId: seat.tenureId, amount: seat.bank };
        return { ...cur, banker: null, pendingReturns: [...(cur.pendingReturns ?? []), back] };
      });
      if (refusal || !back) throw refusal ?? notBanker();
      const paid = await returnBank(result.row.id, s.game.vassalage, back);
      const roomName = roomNameFor(result.row, s.game, reader);
      return { ...view(result.row, { ...result.state, pendingReturns: [] }, s.session.userId, houseGame, roomName), balance: paid?.ok ? paid.balance : undefined };
    },

    /** Decides every room whose betting has closed; the scheduler's tick runs this. Returns the rounds decided. */
    async settleDue(at?: Date): Promise<number> {
      const moment = at ?? now();
      const rooms = await db
        .select({ id: pvpRooms.id })
        .from(pvpRooms)
        .where(sql`${pvpRooms.state} ->> 'kind' = 'bet' and (${pvpRooms.state} ->> 'closesAt' is not null or jsonb_array_length(coalesce(${pvpRooms.state} -> 'pendingReturns', '[]'::jsonb)) > 0)`);
      let decided = 0;
      for (const candidate of rooms) {
        const stored = await db.transaction(async (tx) => {
          const [row] = await tx.select().from(pvpRooms).where(eq(pvpRooms.id, candidate.id)).for('update');
          if (!row) return null;
          const state = row.state as unknown as TBetRoomState;
          if (state.kind !== 'bet' || !state.closesAt || new Date(state.closesAt) > moment) return null;
          const [game] = await tx.execute(sql`select id, category, game_id, vassalage, house_game from games where id = ${row.gameRowId}`).then(
            (r) => (r as unknown as { rows: { id: number; category: string; game_id: string; vassalage: string; house_game: string }[] }).rows,
          );
          const rules = ROOM_RULES[game?.house_game ?? ''];
          if (!game || !rules) return null;
          const seeds = { serverSeed: state.serverSeed, clientSeed: clientSeedOf(row.roomId), nonce: state.roundNo };
          const seed = { ...seeds, serverSeedHash: commitOf(state.serverSeed) };
          const players: NonNullable<TBetRoomState['lastRound']>['players'] = [];
          let result: TResult | null = null;
          for (const slip of state.seats) {
            const outcome = playRound(rules.engine, slip.bets, seeds);
            if (!outcome) return null;
            const detail = outcome.detail as { discs?: boolean[]; reds?: number; dice?: string[] };
            result ??= detail.dice ? { dice: detail.dice } : { discs: detail.discs ?? [], reds: detail.reds ?? 0 };
            players.push({ userId: slip.userId, username: slip.username, stake: outcome.stake, payout: outcome.payout, bets: slip.bets });
            await tx
              .insert(gameRounds)
              .values({
                merchantId: row.merchantId,
                roundId: slip.roundId,
                userId: slip.userId,
                gameRowId: row.gameRowId,
                category: game.category,
                vassalage: game.vassalage,
                gameId: game.game_id,
                betAmount: outcome.stake,
                validBet: outcome.validBet,
                payout: outcome.payout,
                status: 'open',
                detail: { room: row.roomId, roundNo: state.roundNo, seed, input: slip.bets, outcome: outcome.detail } as Record<string, unknown>,
              })
              .onConflictDoNothing();
          }
          // No slip (cannot happen: closesAt is set by the first bet): the same seed keeps taking bets.
          if (!result) return null;
          // A member banked the round: the bank moves by the round's net less the rake, recorded as the banker's round.
          let banker: TBankerSeat | null = state.banker ?? null;
          let bankerLine: NonNullable<TBetRoomState['lastRound']>['banker'] = null;
          const returns = [...(state.pendingReturns ?? [])];
          if (banker) {
            const engine = rules.engine as TBankedEngine;
            const slips = state.seats.map((x) => x.bets);
            const settled = settleBanker(engine, banker.bank, slips, result as TBankerDraw);
            await tx
              .insert(gameRounds)
              .values({
                merchantId: row.merchantId,
                roundId: `${banker.tenureId}-r${state.roundNo}`,
                userId: banker.userId,
                gameRowId: row.gameRowId,
                category: game.category,
                vassalage: game.vassalage,
                gameId: game.game_id,
                betAmount: settled.bankBefore,
                validBet: 0,
                payout: settled.bankAfter,
                status: 'settled',
                settledAt: moment,
                detail: { room: row.roomId, roundNo: state.roundNo, seed, banker: { engine, bankBefore: settled.bankBefore, slips }, input: null, outcome: settled } as Record<string, unknown>,
              })
              .onConflictDoNothing();
            bankerLine = { userId: banker.userId, username: banker.username, bankBefore: settled.bankBefore, net: settled.net, rake: settled.rake, bankAfter: settled.bankAfter };
            banker = { ...banker, bank: settled.bankAfter };
            // Under the room's minimum bank: the seat returns to the house for the next round, the rest goes back.
            if (banker.bank < bankLimits(minBetOf(game.house_game, row.ante)).min) {
              returns.push({ userId: banker.userId, tenureId: banker.tenureId, amount: banker.bank });
              banker = null;
            }
          }
          const next: TBetRoomState = {
            ...freshState({ roundNo: state.roundNo + 1, history: [...state.history, { roundNo: state.roundNo, ...result }].slice(-HISTORY), banker, pendingReturns: returns }),
            lastRound: { ...seed, roundNo: state.roundNo, at: moment.toISOString(), result, players, banker: bankerLine },
          };
          await tx.update(pvpRooms).set({ state: next as unknown as Record<string, unknown>, status: 'waiting', version: sql`${pvpRooms.version} + 1` }).where(eq(pvpRooms.id, row.id));
          return { slips: state.seats, players, vassalage: game.vassalage };
        });
        if (stored) decided++;
        // Banks to return (left, or under the minimum): credited and dropped, retried on every tick until answered.
        const [after] = await db.select().from(pvpRooms).where(eq(pvpRooms.id, candidate.id));
        const pending = (after?.state as Partial<TBetRoomState> | undefined)?.pendingReturns ?? [];
        if (pending.length > 0 && after) {
          const [g] = await db.select({ vassalage: games.vassalage }).from(games).where(eq(games.id, after.gameRowId));
          for (const back of pending) if (g) await returnBank(after.id, g.vassalage, back);
        }
        if (!stored) continue;
        // Outside the room lock: credit each slip (0 for a loss closes the round), then settle it.
        for (const [i, slip] of stored.slips.entries()) {
          const payout = stored.players[i]?.payout ?? 0;
          const credit = await seamless(stored.vassalage, 'credit', { txnId: `${slip.roundId}:credit`, roundId: slip.roundId, amount: payout, userId: slip.userId });
          if (credit.ok) await db.update(gameRounds).set({ status: 'settled', settledAt: now() }).where(and(eq(gameRounds.roundId, slip.roundId), eq(gameRounds.status, 'open')));
        }
      }
      return decided;
    },
  };
}

export type TBetRoomService = ReturnType<typeof createBetRoomService>;
