import crypto from 'node:crypto';
import { and, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { crashBets, crashChains, crashRounds, gameRounds } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { formatMinor } from '../ledger/amount.ts';
import type { TReader } from '../../lib/content-language.ts';
import { gameNameFor, maskAccount } from '../games/catalogue.service.ts';
import { hashGameToken } from '../seamless/seamless.service.ts';
import { STAKES } from '@playhall/contract/stakes';
import { MAX_STAKE } from '@playhall/contract/house-rules/house-game';
import {
  CRASH_GROWTH_PER_MS,
  CRASH_MAX,
  CRASH_MIN_TARGET,
  crashPayout,
  crashPointOf,
  flightMs,
  multiplierAt,
  type TCrashDetail,
} from '@playhall/contract/house-rules/crash';
import type { THouseRepository } from './house.repository.ts';
import { houseRefusal } from './house-refusal.ts';
import { GAME_SESSION_ENDED, type TSeamlessClient } from './house.service.ts';
import { debitStillLive } from './orphan-debits.ts';
import { rgSeamlessError } from '../responsible/rg-guard.ts';

/** Every 1,000th hash of a chain is stored; a round's hash is at most 999 hashes from one. */
export const CRASH_CHECKPOINT_EVERY = 1000;
/** The chain's length: one round per ~15 s makes a million last about half a year. */
export const CRASH_CHAIN_LENGTH = 1_000_000;
/** The betting phase before take-off. */
export const CRASH_BET_MS = 6000;
/** The crash point stays on screen this long before the next round opens for bets. */
export const CRASH_PAUSE_MS = 3000;
const HISTORY = 20;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

type TRound = typeof crashRounds.$inferSelect;
type TChain = typeof crashChains.$inferSelect;
type TBet = typeof crashBets.$inferSelect;

export type TCrashPhase = 'betting' | 'flight' | 'crashed';

export function phaseAt(round: Pick<TRound, 'bettingEndsAt' | 'crashAt'>, at: Date): TCrashPhase {
  if (at < round.bettingEndsAt) return 'betting';
  return at < round.crashAt ? 'flight' : 'crashed';
}

/** The server's multiplier at `at` of a flying round (hundredths). */
const multiplierOf = (round: Pick<TRound, 'bettingEndsAt'>, at: Date) => multiplierAt(at.getTime() - round.bettingEndsAt.getTime());

const BET_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The crash game (issue 21): one shared round after another for every member, each from the next hash of a published
 * chain (contract house-rules/crash.ts). Rounds open lazily when someone looks (state, bet) and the last round has
 * crashed; the `house.crash` tick task settles what the crash decided (losses, auto cash-outs) and retries credits.
 * Money: a bet is a seamless debit (`<roundId>:debit`, its id made of the round and the page's bet id); its end is one
 * credit (`<roundId>:credit`: stake × cash-out, floored, or 0) and then a `game_rounds` row, so the betting record holds
 * a bet once it is decided (never while flying: the recovery job of open rounds must not pay a flying bet).
 * Every decision is a conditional update under the bet's row lock: a bet is decided once, credited once.
 */
export function createCrashService(deps: { db: TDb; repo: THouseRepository; seamless: TSeamlessClient; balance: (userId: number) => Promise<number>; now?: () => Date; chainLength?: number }) {
  const { db, repo, seamless } = deps;
  const now = () => deps.now?.() ?? new Date();
  const chainLength = deps.chainLength ?? CRASH_CHAIN_LENGTH;
  const making = new Map<number, Promise<TChain>>();

  async function sessionOf(token: string | undefined) {
    if (!token) throw new AppError('not_logged_in');
    const s = await repo.session(db, hashGameToken(token), now());
    if (!s || s.game.houseGame !== 'crash') throw new AppError('not_logged_in', null, 'This game session is not valid: start the game again');
    if (!s.live) throw new AppError('session_expired', null, GAME_SESSION_ENDED);
    return s;
  }

  /** Makes a chain: 1,000,000 sha256 (about a second, yielding now and then), the seed forgotten but for its checkpoints. */
  async function makeChain(merchantId: number): Promise<TChain> {
    const checkpoints: string[] = new Array<string>(Math.floor(chainLength / CRASH_CHECKPOINT_EVERY) + 1);
    let h = crypto.randomBytes(32).toString('hex');
    for (let i = chainLength; i >= 0; i -= 1) {
      if (i < chainLength) h = sha256(h);
      if (i % CRASH_CHECKPOINT_EVERY === 0) checkpoints[i / CRASH_CHECKPOINT_EVERY] = h;
      if (i % 50_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const [row] = await db
      .insert(crashChains)
      .values({ merchantId, terminalHash: h, salt: crypto.randomBytes(16).toString('hex'), length: chainLength, checkpoints })
      .returning();
    if (!row) throw new Error('crash chain not stored');
    return row;
  }

  async function chainOf(merchantId: number, id?: number): Promise<TChain> {
    const [row] = await db
      .select()
      .from(crashChains)
      .where(id ? eq(crashChains.id, id) : eq(crashChains.merchantId, merchantId))
      .orderBy(desc(crashChains.id))
      .limit(1);
    if (row) return row;
    // The first look of an install makes the chain (two processes may both make one: the later id is used).
    let pending = making.get(merchantId);
    if (!pending) {
      pending = makeChain(merchantId).finally(() => making.delete(merchantId));
      making.set(merchantId, pending);
    }
    return pending;
  }

  function hashAt(chain: TChain, roundNo: number): string {
    const j = Math.ceil(roundNo / CRASH_CHECKPOINT_EVERY);
    let h = chain.checkpoints[j];
    if (!h) throw new Error(`crash chain ${chain.id} has no checkpoint ${j}`);
    for (let i = j * CRASH_CHECKPOINT_EVERY; i > roundNo; i -= 1) h = sha256(h);
    return h;
  }

  async function latestRound(merchantId: number): Promise<TRound | null> {
    const [row] = await db.select().from(crashRounds).where(eq(crashRounds.merchantId, merchantId)).orderBy(desc(crashRounds.id)).limit(1);
    return row ?? null;
  }

  /** The round being played; opens the next one when the last crashed more than the pause ago (or none exists). */
  async function currentRound(merchantId: number, at: Date): Promise<{ round: TRound; chain: TChain }> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const last = await latestRound(merchantId);
      if (last && at.getTime() < last.crashAt.getTime() + CRASH_PAUSE_MS) return { round: last, chain: await chainOf(merchantId, last.chainId) };
      let chain = await chainOf(merchantId, last?.chainId);
      let roundNo = (last?.roundNo ?? 0) + 1;
      if (roundNo > chain.length) {
        chain = await makeChain(merchantId);
        roundNo = 1;
      }
      const roundHash = hashAt(chain, roundNo);
      const crashPoint = crashPointOf(roundHash, chain.salt);
      const bettingEndsAt = new Date(at.getTime() + CRASH_BET_MS);
      const [made] = await db
        .insert(crashRounds)
        .values({ merchantId, chainId: chain.id, roundNo, roundHash, crashPoint, bettingEndsAt, crashAt: new Date(bettingEndsAt.getTime() + flightMs(crashPoint)) })
        .onConflictDoNothing()
        .returning();
      if (made) return { round: made, chain };
      // Another process opened it first: read it again.
    }
    throw houseRefusal('next_round_failed', 'The next round could not open: try again');
  }

  function detailOf(bet: TBet, round: TRound, chain: TChain): TCrashDetail {
    return {
      chain: { terminalHash: chain.terminalHash, salt: chain.salt },
      roundNo: round.roundNo,
      roundHash: round.roundHash,
      crashPoint: round.crashPoint,
      stake: bet.stake,
      autoCashOut: bet.autoCashOut,
      cashOut: bet.cashOut,
      payout: crashPayout(bet.stake, bet.cashOut),
    };
  }

  /** Pays a decided bet: its record, the credit (0 for a loss), then settled. Safe to run again and from two processes. */
  async function credit(bet: TBet) {
    if (bet.status === 'open' || bet.creditedAt) return;
    const [round] = await db.select().from(crashRounds).where(eq(crashRounds.id, bet.crashRoundId));
    if (!round) return;
    const chain = await chainOf(round.merchantId, round.chainId);
    const [game] = (await db.execute(sql`select category, game_id, vassalage from games where id = ${bet.gameRowId}`).then((r) => (r as unknown as { rows: { category: string; game_id: string; vassalage: string }[] }).rows));
    if (!game) return;
    const detail = detailOf(bet, round, chain);
    await db
      .insert(gameRounds)
      .values({
        merchantId: round.merchantId,
        roundId: bet.roundId,
        userId: bet.userId,
        gameRowId: bet.gameRowId,
        category: game.category,
        vassalage: game.vassalage,
        gameId: game.game_id,
        betAmount: bet.stake,
        validBet: bet.stake,
        payout: detail.payout,
        status: 'open',
        detail: detail as unknown as Record<string, unknown>,
      })
      .onConflictDoNothing();
    const paid = await seamless(game.vassalage, 'credit', { txnId: `${bet.roundId}:credit`, roundId: bet.roundId, amount: detail.payout, userId: bet.userId });
    if (!paid.ok) return;
    const at = now();
    await db.update(gameRounds).set({ status: 'settled', settledAt: at }).where(and(eq(gameRounds.merchantId, round.merchantId), eq(gameRounds.roundId, bet.roundId), eq(gameRounds.status, 'open')));
    await db.update(crashBets).set({ creditedAt: at }).where(and(eq(crashBets.id, bet.id), isNull(crashBets.creditedAt)));
  }

  /**
   * Decides an open bet under its row lock from the server's clock: cashed out at `manual` (a request), at its auto
   * target once the curve reached it (if the crash point does), or lost once the round crashed. Answers the bet
   * as decided, or null when nothing was decided (still flying, or already decided).
   */
  async function decide(betId: number, at: Date, manual: boolean): Promise<{ bet: TBet | null; reason: 'decided' | 'betting' | 'crashed' | 'done' | 'flying' }> {
    return db.transaction(async (tx) => {
      const [bet] = await tx.select().from(crashBets).where(eq(crashBets.id, betId)).for('update');
      if (!bet) return { bet: null, reason: 'done' };
      if (bet.status !== 'open') return { bet, reason: 'done' };
      const [round] = await tx.select().from(crashRounds).where(eq(crashRounds.id, bet.crashRoundId));
      if (!round) return { bet: null, reason: 'done' };
      const phase = phaseAt(round, at);
      if (phase === 'betting') return { bet, reason: 'betting' };
      const reached = phase === 'crashed' ? round.crashPoint : Math.min(multiplierOf(round, at), round.crashPoint);
      let cashOut: number | null = null;
      let reason: 'decided' | 'crashed' = 'decided';
      if (bet.autoCashOut !== null && bet.autoCashOut <= round.crashPoint && bet.autoCashOut <= reached) cashOut = bet.autoCashOut;
      else if (phase === 'crashed') reason = 'crashed';
      else if (manual) {
        const m = multiplierOf(round, at);
        if (m >= round.crashPoint) reason = 'crashed';
        else if (m < CRASH_MIN_TARGET) return { bet, reason: 'flying' };
        else cashOut = m;
      } else return { bet, reason: 'flying' };
      // A manual cash-out the crash beat leaves the bet for the tick (it is lost): nothing moves here.
      if (reason === 'crashed' && phase !== 'crashed') return { bet, reason };
      const [saved] = await tx
        .update(crashBets)
        .set({ status: cashOut === null ? 'lost' : 'won', cashOut })
        .where(and(eq(crashBets.id, bet.id), eq(crashBets.status, 'open')))
        .returning();
      return { bet: saved ?? null, reason };
    });
  }

  function view(round: TRound, chain: TChain, bets: TBet[], history: TRound[], userId: number, at: Date) {
    const phase = phaseAt(round, at);
    const ended = phase === 'crashed';
    const mine = bets.find((b) => b.userId === userId) ?? null;
    return {
      serverTime: at.toISOString(),
      phase,
      growthPerMs: CRASH_GROWTH_PER_MS,
      betMs: CRASH_BET_MS,
      limits: { minStake: STAKES.minStake, maxStake: MAX_STAKE, minAutoCashOut: CRASH_MIN_TARGET, maxAutoCashOut: CRASH_MAX },
      chain: { terminalHash: chain.terminalHash, salt: chain.salt, length: chain.length },
      round: {
        roundNo: round.roundNo,
        bettingEndsAt: round.bettingEndsAt.toISOString(),
        // Secret until the crash: the hash (and so the point) of the round being played.
        crashPoint: ended ? round.crashPoint : null,
        roundHash: ended ? round.roundHash : null,
        crashedAt: ended ? round.crashAt.toISOString() : null,
        multiplier: phase === 'flight' ? multiplierOf(round, at) : ended ? round.crashPoint : 100,
      },
      players: bets.map((b) => ({
        player: b.userId === userId ? b.username : maskAccount(b.username),
        you: b.userId === userId,
        stake: b.stake,
        cashOut: b.status === 'won' ? b.cashOut : null,
        lost: ended && b.status !== 'won',
      })),
      you: mine
        ? { betId: mine.betId, roundId: mine.roundId, stake: mine.stake, autoCashOut: mine.autoCashOut, cashOut: mine.status === 'won' ? mine.cashOut : null, status: ended || mine.status === 'won' ? (mine.status === 'open' ? 'lost' : mine.status) : 'open', payout: crashPayout(mine.stake, mine.status === 'won' ? mine.cashOut : null) }
        : null,
      history: history.map((r) => ({ roundNo: r.roundNo, crashPoint: r.crashPoint, roundHash: r.roundHash })),
    };
  }

  async function stateFor(merchantId: number, userId: number, at: Date) {
    const { round, chain } = await currentRound(merchantId, at);
    let bets = await db.select().from(crashBets).where(eq(crashBets.crashRoundId, round.id)).orderBy(crashBets.id);
    // What the clock decided (auto cash-outs reached, the crash) is decided before it is shown, not at the next tick.
    const phase = phaseAt(round, at);
    const reached = phase === 'crashed' ? round.crashPoint : phase === 'flight' ? multiplierOf(round, at) : 0;
    const due = bets.filter((b) => b.status === 'open' && (phase === 'crashed' || (b.autoCashOut !== null && b.autoCashOut <= reached)));
    if (due.length > 0) {
      for (const b of due) {
        const { bet } = await decide(b.id, at, false);
        if (bet && bet.status !== 'open') await credit(bet);
      }
      bets = await db.select().from(crashBets).where(eq(crashBets.crashRoundId, round.id)).orderBy(crashBets.id);
    }
    const history = await db
      .select()
      .from(crashRounds)
      .where(and(eq(crashRounds.merchantId, merchantId), lte(crashRounds.crashAt, at), ne(crashRounds.id, round.id)))
      .orderBy(desc(crashRounds.id))
      .limit(HISTORY);
    return view(round, chain, bets, history, userId, at);
  }

  return {
    async state(token: string | undefined, reader: TReader) {
      const s = await sessionOf(token);
      const at = now();
      const value = await stateFor(s.session.merchantId, s.session.userId, at);
      return { ...value, balance: await deps.balance(s.session.userId), player: s.username, game: { name: gameNameFor(s.game, reader), gameId: s.game.gameId } };
    },

    /** A bet on the round in its betting phase: the stake is debited, then the bet stored under the round's lock. */
    async bet(token: string | undefined, input: { betId: string; amount: number; autoCashOut: number | null }) {
      const s = await sessionOf(token);
      const { betId, amount, autoCashOut } = input;
      if (!BET_ID.test(betId)) throw new AppError('validation_failed', { issues: [{ path: 'betId', message: 'bad_input' }] }, 'The bet id must be 8 to 64 letters, digits, - or _');
      if (!Number.isSafeInteger(amount) || amount < STAKES.minStake || amount > MAX_STAKE) {
        throw new AppError('validation_failed', { issues: [{ path: 'amount', message: 'bad_amount', params: { min: STAKES.minStake, max: MAX_STAKE } }] }, `A bet is from ${formatMinor(STAKES.minStake)} to ${formatMinor(MAX_STAKE)}`);
      }
      if (autoCashOut !== null && (!Number.isSafeInteger(autoCashOut) || autoCashOut < CRASH_MIN_TARGET || autoCashOut > CRASH_MAX)) {
        throw new AppError('validation_failed', { issues: [{ path: 'autoCashOut', message: 'bad_input' }] }, 'The auto cash-out is from 1.01× to 10,000×');
      }
      const userId = s.session.userId;
      const [replayed] = await db.select({ id: crashBets.id }).from(crashBets).where(and(eq(crashBets.userId, userId), eq(crashBets.betId, betId)));
      if (replayed) throw houseRefusal('duplicate_bet', 'This bet was already placed', {}, 'duplicate_request');
      const at = now();
      const { round } = await currentRound(s.session.merchantId, at);
      if (phaseAt(round, at) !== 'betting') throw houseRefusal('betting_closed', 'Betting is closed for this round: bet on the next one');
      const [already] = await db.select({ betId: crashBets.betId }).from(crashBets).where(and(eq(crashBets.crashRoundId, round.id), eq(crashBets.userId, userId)));
      if (already?.betId === betId) throw houseRefusal('duplicate_bet', 'This bet was already placed', {}, 'duplicate_request');
      if (already) throw houseRefusal('already_bet', 'You already have a bet on this round');
      const roundId = `${s.game.vassalage}-CRASH-${round.chainId}.${round.roundNo}-${userId}-${betId}`;
      const debit = await seamless(s.game.vassalage, 'debit', { txnId: `${roundId}:debit`, roundId, amount, sessionToken: token });
      if (!debit.ok) {
        if (debit.error === 'insufficient_balance') throw new AppError('insufficient_balance', { balance: debit.balance });
        if (debit.error === 'session_expired') throw new AppError('session_expired', null, GAME_SESSION_ENDED);
        throw rgSeamlessError(debit) ?? new AppError('operation_not_allowed', { error: debit.error });
      }
      const rollback = () => seamless(s.game.vassalage, 'rollback', { txnId: `${roundId}:rollback`, roundId, amount: 0, userId, refTxnId: `${roundId}:debit` });
      const stored = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(crashRounds).where(eq(crashRounds.id, round.id)).for('update');
        // Take-off may have come between the debit and the lock.
        if (!locked || phaseAt(locked, now()) !== 'betting') return 'closed' as const;
        // Rolled back meanwhile by the orphan-debit recovery (a request that outlived its grace): nothing to store.
        if (!(await debitStillLive(tx, s.session.merchantId, s.game.vassalage, `${roundId}:debit`))) return 'voided' as const;
        const [row] = await tx
          .insert(crashBets)
          .values({ crashRoundId: round.id, userId, gameRowId: s.game.id, betId, roundId, username: s.username, stake: amount, autoCashOut })
          .onConflictDoNothing()
          .returning();
        return row ?? ('taken' as const);
      }).catch(async (err: unknown) => {
        // The bet was not stored: the stake goes back before the error is answered.
        await rollback();
        throw err;
      });
      if (typeof stored === 'string') {
        const [same] = await db.select({ id: crashBets.id }).from(crashBets).where(and(eq(crashBets.userId, userId), eq(crashBets.betId, betId)));
        // The same bet id raced in twice: the debit is the other request's (the duplicate moved nothing).
        if (same) throw houseRefusal('duplicate_bet', 'This bet was already placed', {}, 'duplicate_request');
        if (stored === 'voided') throw houseRefusal('stake_returned', 'Your stake was returned: bet again');
        await rollback();
        throw stored === 'closed' ? houseRefusal('betting_closed', 'Betting is closed for this round: bet on the next one') : houseRefusal('already_bet', 'You already have a bet on this round');
      }
      return stateFor(s.session.merchantId, userId, now()).then(async (v) => ({ ...v, balance: debit.balance }));
    },

    /** Cashes the member's bet of the round in flight out at the server's multiplier now. */
    async cashOut(token: string | undefined) {
      const s = await sessionOf(token);
      const userId = s.session.userId;
      const last = await latestRound(s.session.merchantId);
      const [bet] = last ? await db.select().from(crashBets).where(and(eq(crashBets.crashRoundId, last.id), eq(crashBets.userId, userId))) : [];
      if (!last || !bet) throw houseRefusal('no_bet', 'You have no bet on this round');
      const at = now();
      const { bet: decided, reason } = await decide(bet.id, at, true);
      if (reason === 'betting') throw houseRefusal('not_taken_off', 'The round has not taken off yet');
      if (reason === 'flying') throw houseRefusal('cash_out_min', 'Cash out from 1.01×');
      if (reason === 'done') throw decided?.status === 'won' ? houseRefusal('already_cashed_out', 'This bet was already cashed out') : houseRefusal('bet_over', 'This bet is over: the round crashed');
      if (reason === 'crashed' || !decided || decided.status !== 'won') {
        if (decided && decided.status === 'lost') await credit(decided);
        throw houseRefusal('too_late', `Too late: the round crashed at ${(last.crashPoint / 100).toFixed(2)}×`, { crashPoint: last.crashPoint });
      }
      await credit(decided);
      return { cashOut: decided.cashOut, payout: crashPayout(decided.stake, decided.cashOut), balance: await deps.balance(userId), roundId: decided.roundId };
    },

    /**
     * The tick: decides every open bet whose auto cash-out the curve reached or whose round crashed, and credits every
     * decided bet not credited yet (a process that stopped between deciding and paying). Two runners at once do no
     * harm: decisions are conditional updates under the bet's lock, credits are idempotent by transaction id.
     */
    async settleDue(at?: Date): Promise<number> {
      const moment = at ?? now();
      const due = await db
        .select({ id: crashBets.id })
        .from(crashBets)
        .innerJoin(crashRounds, eq(crashRounds.id, crashBets.crashRoundId))
        .where(and(eq(crashBets.status, 'open'), lte(crashRounds.bettingEndsAt, moment)))
        .limit(500);
      for (const { id } of due) await decide(id, moment, false);
      const unpaid = await db.select().from(crashBets).where(and(inArray(crashBets.status, ['won', 'lost']), isNull(crashBets.creditedAt))).limit(500);
      for (const bet of unpaid) await credit(bet);
      return unpaid.length;
    },
  };
}

export type TCrashService = ReturnType<typeof createCrashService>;
