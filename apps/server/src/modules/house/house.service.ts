import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { houseHands } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TReader } from '../../lib/content-language.ts';
import { gameNameFor } from '../games/catalogue.service.ts';
import { HOUSE_GAMES, HouseGameInputError, playRound, seedsProblem } from '../house-games/index.ts';
import { HOUSE_SHARDS } from '../ledger/ledger.service.ts';
import { hashGameToken, type TSeamlessAnswer, type TSeamlessOp } from '../seamless/seamless.service.ts';
import type { THouseRepository } from './house.repository.ts';
import { houseRefusal } from './house-refusal.ts';
import { STAKES } from '@playhall/contract/stakes';
import { formatMinor } from '../ledger/amount.ts';
import { HOUSE_TITLES } from '@playhall/contract/house-rules/catalog';
import { rgSeamlessError } from '../responsible/rg-guard.ts';

/** The house vendor's name for itself in seamless calls is the game's vendor code. */
export type TSeamlessClient = (
  vassalage: string,
  op: TSeamlessOp,
  body: { txnId: string; roundId: string; amount: number; sessionToken?: string; userId?: number; refTxnId?: string },
) => Promise<TSeamlessAnswer>;

/** The catalogue's house game names (`games.house_game`) and the engines that play them (house-rules/catalog.ts). */
export const HOUSE_ENGINES: Readonly<Record<string, string>> = Object.fromEntries(HOUSE_TITLES.map((t) => [t.houseGame, t.engine]));

/** The house games played in rooms: a launch without a room (the game's card) is seated in one (games/launch.service.ts). */
export const ROOM_GAMES: ReadonlySet<string> = new Set(HOUSE_TITLES.filter((t) => t.kind === 'room').map((t) => t.houseGame));

/** The house games whose round is settled by one `play` request. */
const SOLO_GAMES: readonly string[] = HOUSE_TITLES.filter((t) => t.kind === 'solo' && HOUSE_GAMES.has(t.engine)).map((t) => t.houseGame);

/**
 * A launch lasts this long, and never longer than the login session it was issued under: logout, a password change,
 * an operator's lock or that session's expiry end it sooner (issue 15). A round that started in time still pays
 * after it (credits need no session).
 */
export const GAME_SESSION_TTL_MS = 4 * 60 * 60 * 1000;
/** What the game page is told when its launch has ended. */
export const GAME_SESSION_ENDED = 'This game session has ended: start the game again';
/** An open round older than this was cut off (a crash between debit and credit); the recovery job ends it. */
export const STALE_ROUND_MS = 2 * 60 * 1000;

/**
 * The house vendor (ARCHITECTURE.md, Games): its game pages play rounds here. A round is decided from the
 * member's provably-fair seeds, stored open, then paid through the same signed seamless-wallet calls a
 * third-party vendor makes — debit the stake, credit the payout — and settled. Solo games only; the dice
 * room is played in rooms.
 */
export function createHouseService(deps: { db: TDb; repo: THouseRepository; seamless: TSeamlessClient; now?: () => Date }) {
  const { db, repo, seamless } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function sessionOf(token: string | undefined) {
    if (!token) throw new AppError('not_logged_in');
    const s = await repo.session(db, hashGameToken(token), now());
    if (!s) throw new AppError('not_logged_in', null, 'This game session is not valid: start the game again');
    if (!s.live) throw new AppError('session_expired', null, GAME_SESSION_ENDED);
    return s;
  }

  /** Pays a stored open round: debit, then credit; a refused debit voids it. Safe to run again. */
  async function pay(round: { id: number; roundId: string; vassalage: string; userId: number; betAmount: number; payout: number }, token?: string) {
    const debit = await seamless(round.vassalage, 'debit', {
      txnId: `${round.roundId}:debit`,
      roundId: round.roundId,
      amount: round.betAmount,
      sessionToken: token ?? 'recovery',
    });
    if (!debit.ok) {
      await repo.settleRound(db, round.id, 'void', now());
      return debit;
    }
    const credit = await seamless(round.vassalage, 'credit', { txnId: `${round.roundId}:credit`, roundId: round.roundId, amount: round.payout, userId: round.userId });
    if (credit.ok) await repo.settleRound(db, round.id, 'settled', now());
    return credit;
  }

  return {
    /** A launch of a house game under the member's login session: a token only the game page holds (its hash is stored). */
    async launch(input: { merchantId: number; userId: number; sessionId: number; gameRowId: number; roomId?: string }) {
      const { token, hash } = repo.newToken();
      await repo.createSession(db, {
        tokenHash: hash,
        merchantId: input.merchantId,
        userId: input.userId,
        sessionId: input.sessionId,
        gameRowId: input.gameRowId,
        roomId: input.roomId ?? null,
        expiresAt: new Date(now().getTime() + GAME_SESSION_TTL_MS),
      });
      return token;
    },

    /** What the game page shows on load: the game (named in the reader's language), the player, the seeds' commitment and the balance. */
    async state(token: string | undefined, balance: (userId: number) => Promise<number>, reader: TReader) {
      const s = await sessionOf(token);
      const seed = await repo.currentSeed(db, s.session.userId);
      return {
        game: { vassalage: s.game.vassalage, gameId: s.game.gameId, name: gameNameFor(s.game, reader), houseGame: s.game.houseGame },
        player: s.username,
        balance: await balance(s.session.userId),
        expiresAt: s.session.expiresAt.toISOString(),
        fairness: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nextNonce },
      };
    },

    /**
     * A solo round: its start (session, game, nonce) in one statement, the outcome here, then `house_round`
     * stores, debits, credits and settles it through seamless_call in one more (issue 14: a spin was 44
     * statements and two in-process HTTP calls).
     */
    async play(token: string | undefined, input: unknown) {
      if (!token) throw new AppError('not_logged_in');
      const tokenHash = hashGameToken(token);
      const at = now();
      let start = await repo.startRound(db, tokenHash, at, SOLO_GAMES);
      if (!start) throw new AppError('not_logged_in', null, 'This game session is not valid: start the game again');
      if (!start.live) throw new AppError('session_expired', null, GAME_SESSION_ENDED);
      const code = HOUSE_ENGINES[start.game.houseGame ?? ''];
      if (!code || !SOLO_GAMES.includes(start.game.houseGame ?? '')) throw houseRefusal('played_in_room', 'This game is played in a room');
      if (!start.seed) {
        // The member's first round: make the seed, then take its first nonce.
        await repo.currentSeed(db, start.userId);
        start = await repo.startRound(db, tokenHash, at, SOLO_GAMES);
      }
      const seed = start?.seed;
      if (!start || !seed) throw new Error('fair seed vanished');
      let outcome;
      try {
        outcome = playRound(code, input, { serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce });
      } catch (err) {
        if (err instanceof HouseGameInputError) throw new AppError('validation_failed', { issues: [{ path: 'input', message: err.code }] }, err.message);
        throw err;
      }
      if (!outcome) throw new AppError('not_found');
      // Nothing below the currency's smallest stake (stakes.ts; issue 16): the pages offer no less either.
      if (outcome.stake < STAKES.minStake) {
        throw new AppError('validation_failed', { issues: [{ path: 'input', message: 'bad_amount', params: { min: STAKES.minStake } }] }, `A round's stake is at least ${formatMinor(STAKES.minStake)}`);
      }
      const roundId = `${start.game.vassalage}-${crypto.randomUUID()}`;
      const paid = await repo.playRound(db, {
        merchantId: start.merchantId,
        roundId,
        userId: start.userId,
        gameRowId: start.game.id,
        category: start.game.category,
        vassalage: start.game.vassalage,
        gameId: start.game.gameId,
        betAmount: outcome.stake,
        validBet: outcome.validBet,
        payout: outcome.payout,
        detail: { input, outcome: outcome.detail },
        fairSeedId: seed.id,
        nonce: seed.nonce,
        tokenHash,
        at,
        shards: HOUSE_SHARDS,
      });
      if (!paid.ok) {
        if (paid.error === 'insufficient_balance') throw new AppError('insufficient_balance', { balance: paid.balance });
        if (paid.error === 'session_expired') throw new AppError('session_expired');
        throw rgSeamlessError(paid) ?? new AppError('operation_not_allowed', { error: paid.error });
      }
      return {
        roundId,
        stake: outcome.stake,
        payout: outcome.payout,
        detail: outcome.detail,
        balance: paid.balance,
        fairness: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce },
      };
    },

    /** Reveals the current server seed (so its rounds can be checked) and starts a new one. */
    async rotateSeed(token: string | undefined, clientSeed: string) {
      const s = await sessionOf(token);
      const problem = seedsProblem({ serverSeed: '0'.repeat(64), clientSeed, nonce: 0 });
      if (problem) throw new AppError('validation_failed', { issues: [{ path: 'clientSeed', message: problem }] });
      // A hand in play (blackjack, mines) was dealt from this seed: revealing it would show the cards still to come.
      const [hand] = await db.select({ id: houseHands.id }).from(houseHands).where(and(eq(houseHands.userId, s.session.userId), eq(houseHands.status, 'open'))).limit(1);
      if (hand) throw houseRefusal('seed_hand_open', 'Finish your open hand before changing the seed');
      const { revealed, next } = await repo.rotateSeed(db, s.session.userId, clientSeed, now());
      return {
        revealed: revealed ? { serverSeed: revealed.serverSeed, serverSeedHash: revealed.serverSeedHash, clientSeed: revealed.clientSeed, rounds: revealed.nextNonce } : null,
        next: next ? { serverSeedHash: next.serverSeedHash, clientSeed: next.clientSeed, nonce: next.nextNonce } : null,
      };
    },

    /** Ends rounds cut off between debit and credit: pays what was debited, voids what was not. */
    async recoverStaleRounds(): Promise<number> {
      const stale = await repo.staleOpenRounds(db, new Date(now().getTime() - STALE_ROUND_MS));
      for (const round of stale) await pay(round);
      return stale.length;
    },
  };
}

export type THouseService = ReturnType<typeof createHouseService>;
