import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { titleOfHouseGame } from '@playhall/contract/house-rules/catalog';
import { HAND_GAMES, type AnyHandGame } from '@playhall/contract/house-rules/hands';
import type { HandRound } from '@playhall/contract/house-rules/hand-game';
import type { TDb } from '../../db/client.ts';
import { fairSeeds, gameRounds, houseHands } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { FairStream } from '../house-games/fair.ts';
import { HouseGameInputError } from '../house-games/index.ts';
import { formatMinor } from '../ledger/amount.ts';
import { hashGameToken } from '../seamless/seamless.service.ts';
import type { THouseRepository } from './house.repository.ts';
import { houseRefusal } from './house-refusal.ts';
import { GAME_SESSION_ENDED, type TSeamlessClient } from './house.service.ts';
import { rgSeamlessError } from '../responsible/rg-guard.ts';

/** A hand nobody touched for this long is played out by the house rules (blackjack stands, mines cashes out). */
export const HAND_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** A debit in flight longer than this belongs to a request that died: the next look rolls it back. */
export const HAND_CLAIM_MS = 30 * 1000;
export const ROUND_OVER = 'This round is over';

type THandRow = typeof houseHands.$inferSelect;
type TRound = HandRound<unknown, unknown>;

const inputError = (err: unknown): never => {
  if (err instanceof HouseGameInputError) throw new AppError('validation_failed', { issues: [{ path: 'input', message: err.code }] }, err.message);
  throw err;
};

/**
 * House rounds with decisions (catalog kind `hand`: blackjack, mines; issue 21). A round is (member's fair seeds +
 * nonce taken at the start, start input, actions): every request replays it and applies one more action. Money
 * moves through the seamless service like every house round: the opening stake is debited at the start
 * (`<roundId>:debit`), a double or split when it is asked for (`<roundId>:debit:<action>:<version>`; refused →
 * nothing changes), the payout credited once at the end (`<roundId>:credit`) after the round's `game_rounds` row is
 * written open (so `house.recoverRounds` finishes a credit cut off by a crash). Two actions at once: each claims the
 * hand by its version (UPDATE … WHERE version = read), the loser is refused and moves nothing.
 */
export function createHandService(deps: { db: TDb; repo: THouseRepository; seamless: TSeamlessClient; now?: () => Date }) {
  const { db, repo, seamless } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function sessionOf(token: string | undefined) {
    if (!token) throw new AppError('not_logged_in');
    const s = await repo.session(db, hashGameToken(token), now());
    if (!s) throw new AppError('not_logged_in', null, 'This game session is not valid: start the game again');
    if (!s.live) throw new AppError('session_expired', null, GAME_SESSION_ENDED);
    const title = titleOfHouseGame(s.game.houseGame);
    const game = title?.kind === 'hand' ? HAND_GAMES.get(title.engine) : undefined;
    if (!title || !game) throw houseRefusal('not_hand_game', 'This game is not played in hands');
    return { ...s, game: s.game, engine: game };
  }

  async function seedOf(hand: THandRow) {
    const [seed] = await db.select().from(fairSeeds).where(eq(fairSeeds.id, hand.fairSeedId));
    if (!seed) throw new Error(`fair seed ${hand.fairSeedId} vanished`);
    return seed;
  }

  function replay(game: AnyHandGame, hand: THandRow, seed: { serverSeed: string; clientSeed: string }): TRound {
    return game.replay(game.checkStart(hand.startInput), hand.actions, new FairStream({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: hand.nonce })) as TRound;
  }

  function answer(hand: THandRow, round: TRound, seed: { serverSeedHash: string; clientSeed: string }, balance: number | null) {
    return {
      roundId: hand.roundId,
      engine: hand.engine,
      input: hand.startInput,
      over: round.over,
      view: round.view(),
      legal: round.legal,
      staked: round.staked,
      payout: round.payout,
      balance,
      fairness: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: hand.nonce },
    };
  }

  /** Ends a round that is over: its record written (open), the payout credited once, both marked settled. */
  async function settle(hand: THandRow, round: TRound, game: { vassalage: string; gameId: string; category: string }, refund = false): Promise<number | null> {
    const payout = refund ? round.staked : round.payout;
    const validBet = refund ? 0 : round.validBet;
    const at = now();
    const written = await db.transaction(async (tx) => {
      const [done] = await tx
        .update(houseHands)
        .set({ status: 'settled', settledAt: at, updatedAt: at, state: round.view() as Record<string, unknown>, version: sql`${houseHands.version} + 1` })
        .where(and(eq(houseHands.id, hand.id), eq(houseHands.status, 'open')))
        .returning({ id: houseHands.id });
      if (!done) return false;
      await tx
        .insert(gameRounds)
        .values({
          merchantId: hand.merchantId,
          roundId: hand.roundId,
          userId: hand.userId,
          gameRowId: hand.gameRowId,
          category: game.category,
          vassalage: game.vassalage,
          gameId: game.gameId,
          betAmount: round.staked,
          validBet,
          payout,
          status: 'open',
          detail: { input: hand.startInput, actions: hand.actions, outcome: round.view(), ...(refund ? { refunded: true } : {}) },
          fairSeedId: hand.fairSeedId,
          nonce: hand.nonce,
        })
        .onConflictDoNothing();
      return true;
    });
    if (!written) return null;
    const credit = await seamless(game.vassalage, 'credit', { txnId: `${hand.roundId}:credit`, roundId: hand.roundId, amount: payout, userId: hand.userId });
    if (credit.ok) {
      await db.update(gameRounds).set({ status: 'settled', settledAt: now() }).where(and(eq(gameRounds.roundId, hand.roundId), eq(gameRounds.vassalage, game.vassalage), eq(gameRounds.status, 'open')));
      return credit.balance;
    }
    return null;
  }

  /** A debit left in flight by a request that died is rolled back; the opening one voids the hand. */
  async function clearStalePending(hand: THandRow, vassalage: string): Promise<THandRow | null> {
    if (!hand.pendingTxn) return hand;
    if (hand.claimedAt && now().getTime() - hand.claimedAt.getTime() < HAND_CLAIM_MS) {
      throw houseRefusal('hand_busy', 'Another action on this hand is in progress', {}, 'conflict');
    }
    await seamless(vassalage, 'rollback', { txnId: `${hand.pendingTxn}:rollback`, roundId: hand.roundId, amount: 0, userId: hand.userId, refTxnId: hand.pendingTxn });
    const opening = hand.pendingTxn === `${hand.roundId}:debit`;
    const [row] = await db
      .update(houseHands)
      .set({ pendingTxn: null, version: sql`${houseHands.version} + 1`, updatedAt: now(), ...(opening ? { status: 'void' as const, settledAt: now() } : {}) })
      .where(and(eq(houseHands.id, hand.id), eq(houseHands.version, hand.version)))
      .returning();
    return opening ? null : (row ?? null);
  }

  /**
   * Applies one action: replay, check it is legal, claim the hand by its version, debit what it costs (with the
   * member's launch token; none for the house's own moves), save, settle when over.
   */
  async function advance(hand: THandRow, engine: AnyHandGame, game: { vassalage: string; gameId: string; category: string }, action: unknown, token: string | null) {
    const seed = await seedOf(hand);
    const round = replay(engine, hand, seed);
    if (round.over) throw houseRefusal('round_over', ROUND_OVER);
    const checked: unknown = engine.checkAction(action);
    const cost = round.costOf(checked);
    (round as unknown as { act(a: unknown): void }).act(checked);
    const at = now();
    const txn = cost > 0 ? `${hand.roundId}:debit:${String(checked)}:${hand.version + 1}` : null;
    const [claimed] = await db
      .update(houseHands)
      .set({ version: sql`${houseHands.version} + 1`, pendingTxn: txn, claimedAt: at })
      .where(and(eq(houseHands.id, hand.id), eq(houseHands.status, 'open'), eq(houseHands.version, hand.version)))
      .returning();
    if (!claimed) throw houseRefusal('hand_changed', 'This hand changed meanwhile: reload it', {}, 'conflict');
    let balance: number | null = null;
    if (txn) {
      const debit = await seamless(game.vassalage, 'debit', { txnId: txn, roundId: hand.roundId, amount: cost, sessionToken: token ?? '' });
      if (!debit.ok) {
        await db.update(houseHands).set({ pendingTxn: null }).where(and(eq(houseHands.id, hand.id), eq(houseHands.version, claimed.version)));
        if (debit.error === 'insufficient_balance') throw new AppError('insufficient_balance', { balance: debit.balance });
        if (debit.error === 'session_expired') throw new AppError('session_expired', null, GAME_SESSION_ENDED);
        throw rgSeamlessError(debit) ?? new AppError('operation_not_allowed', { error: debit.error });
      }
      balance = debit.balance;
    }
    const actions = [...hand.actions, checked];
    const [saved] = await db
      .update(houseHands)
      .set({ actions, state: round.view() as Record<string, unknown>, staked: round.staked, pendingTxn: null, version: sql`${houseHands.version} + 1`, updatedAt: at })
      .where(and(eq(houseHands.id, hand.id), eq(houseHands.version, claimed.version)))
      .returning();
    if (!saved) throw new Error(`hand ${hand.roundId} lost its claim`);
    if (round.over) balance = (await settle(saved, round, game)) ?? balance;
    return answer(saved, round, seed, balance);
  }

  async function openHand(userId: number, engine: string) {
    const [hand] = await db.select().from(houseHands).where(and(eq(houseHands.userId, userId), eq(houseHands.engine, engine), eq(houseHands.status, 'open')));
    return hand ?? null;
  }

  return {
    /** The member's open hand of this game (after a reload), or null; and the table limits. */
    async current(token: string | undefined) {
      const s = await sessionOf(token);
      const hand = await openHand(s.session.userId, s.engine.code);
      const limits = s.engine.limits;
      if (!hand || hand.pendingTxn) return { limits, hand: null };
      const seed = await seedOf(hand);
      return { limits, hand: answer(hand, replay(s.engine, hand, seed), seed, null) };
    },

    /** Starts a round: the nonce taken, the hand stored, the opening stake debited; a natural may end it at once. */
    async start(token: string | undefined, input: unknown) {
      const s = await sessionOf(token);
      const engine = s.engine;
      let start: unknown;
      try {
        start = engine.checkStart(input);
      } catch (err) {
        if (err instanceof HouseGameInputError && err.code === 'bad_amount') {
          throw new AppError('validation_failed', { issues: [{ path: 'input.stake', message: 'bad_amount', params: engine.limits }] },
            `The stake is from ${formatMinor(engine.limits.min)} to ${formatMinor(engine.limits.max)}`);
        }
        inputError(err);
      }
      const userId = s.session.userId;
      if (await openHand(userId, engine.code)) throw houseRefusal('hand_open', 'Finish the open hand first');
      const current = await repo.currentSeed(db, userId);
      const [seed] = await db
        .update(fairSeeds)
        .set({ nextNonce: sql`${fairSeeds.nextNonce} + 1` })
        .where(and(eq(fairSeeds.id, current.id), sql`${fairSeeds.revealedAt} is null`))
        .returning();
      if (!seed) throw houseRefusal('seed_changed', 'The seed changed meanwhile: try again', {}, 'conflict');
      const nonce = seed.nextNonce - 1;
      const roundId = `${s.game.vassalage}-${crypto.randomUUID()}`;
      const round = engine.replay(start, [], new FairStream({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce })) as TRound;
      const at = now();
      const [hand] = await db
        .insert(houseHands)
        .values({
          merchantId: s.session.merchantId,
          roundId,
          userId,
          gameRowId: s.game.id,
          engine: engine.code,
          fairSeedId: seed.id,
          nonce,
          startInput: start as Record<string, unknown>,
          actions: [],
          state: round.view() as Record<string, unknown>,
          staked: round.staked,
          pendingTxn: `${roundId}:debit`,
          claimedAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning();
      if (!hand) throw houseRefusal('hand_open', 'Finish the open hand first');
      const debit = await seamless(s.game.vassalage, 'debit', { txnId: `${roundId}:debit`, roundId, amount: round.staked, sessionToken: token });
      if (!debit.ok) {
        await db.update(houseHands).set({ status: 'void', pendingTxn: null, settledAt: now() }).where(eq(houseHands.id, hand.id));
        if (debit.error === 'insufficient_balance') throw new AppError('insufficient_balance', { balance: debit.balance });
        if (debit.error === 'session_expired') throw new AppError('session_expired', null, GAME_SESSION_ENDED);
        throw rgSeamlessError(debit) ?? new AppError('operation_not_allowed', { error: debit.error });
      }
      const [ready] = await db.update(houseHands).set({ pendingTxn: null, version: sql`${houseHands.version} + 1` }).where(eq(houseHands.id, hand.id)).returning();
      const row = ready ?? hand;
      let balance: number | null = debit.balance;
      if (round.over) balance = (await settle(row, round, s.game)) ?? balance;
      return answer(row, round, seed, balance);
    },

    /** One action on the member's hand `roundId`. */
    async act(token: string | undefined, roundId: string, action: unknown) {
      const s = await sessionOf(token);
      const [found] = await db.select().from(houseHands).where(and(eq(houseHands.roundId, roundId), eq(houseHands.userId, s.session.userId), eq(houseHands.engine, s.engine.code)));
      if (!found) throw houseRefusal('no_round', 'There is no such round', { roundId }, 'not_found');
      if (found.status !== 'open') throw houseRefusal('round_over', ROUND_OVER, { roundId });
      const hand = await clearStalePending(found, s.game.vassalage);
      if (!hand) throw houseRefusal('round_over', ROUND_OVER, { roundId });
      try {
        return await advance(hand, s.engine, s.game, action, token ?? null);
      } catch (err) {
        return inputError(err);
      }
    },

    /**
     * Plays out hands left open longer than HAND_EXPIRY_MS by the house rules (the `house.expireHands` job): blackjack
     * stands every hand, mines cashes out what was revealed, or returns the stake when nothing was.
     */
    async expireHands(): Promise<number> {
      const before = new Date(now().getTime() - HAND_EXPIRY_MS);
      const stale = await db.select().from(houseHands).where(and(eq(houseHands.status, 'open'), lt(houseHands.updatedAt, before))).limit(100);
      let ended = 0;
      for (const found of stale) {
        const engine = HAND_GAMES.get(found.engine);
        const [game] = await db.execute(sql`select category, game_id, vassalage from games where id = ${found.gameRowId}`).then((r) => (r as unknown as { rows: { category: string; game_id: string; vassalage: string }[] }).rows);
        if (!engine || !game) continue;
        const g = { category: game.category, gameId: game.game_id, vassalage: game.vassalage };
        let hand = await clearStalePending(found, g.vassalage).catch(() => null);
        while (hand && hand.status === 'open') {
          const seed = await seedOf(hand);
          const round = replay(engine, hand, seed);
          const next = engine.abandon(round);
          if (next === 'refund') {
            await settle(hand, round, g, true);
            break;
          }
          const result = await advance(hand, engine, g, next, null);
          if (result.over) break;
          const [reread] = await db.select().from(houseHands).where(eq(houseHands.id, hand.id));
          hand = reread ?? null;
        }
        ended += 1;
      }
      return ended;
    },

    /** Whether the member has a hand in play (their seed must not be revealed under it). */
    async hasOpenHand(userId: number): Promise<boolean> {
      const [row] = await db.select({ id: houseHands.id }).from(houseHands).where(and(eq(houseHands.userId, userId), eq(houseHands.status, 'open'))).limit(1);
      return Boolean(row);
    },
  };
}

export type THandService = ReturnType<typeof createHandService>;
