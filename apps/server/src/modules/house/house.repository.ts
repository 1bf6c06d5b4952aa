import crypto from 'node:crypto';
import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { runStatement, statement } from '../../db/prepared.ts';
import { onPostgres, walFlushed, withoutFlushWait } from '../../db/wal-flush.ts';
import { fairSeeds, gameRounds, gameSessions, games, sessions, users } from '../../db/schema.ts';
import { commitOf, newClientSeed, newServerSeed } from '../house-games/index.ts';
import { hashGameToken, type TSeamlessAnswer } from '../seamless/seamless.service.ts';
import { BOOK_VENDORS } from '../sportsbook/sportsbook.books.ts';

/**
 * `house_start_round` (migration 0010, liveness since 0016): the launch, whether it is live (its own life and the
 * login session it was issued under), its game and, when live, the next nonce, in one call.
 */
const START_ROUND = statement(
  'house_start_round',
  `select user_id::text, merchant_id, live, game_row_id, vassalage, game_id, category, house_game, seed_id::text,
          server_seed, server_seed_hash, client_seed, nonce
   from house_start_round($1::text, $2::timestamptz, $3::text[])`,
);

/**
 * `house_round` of migration 0010: the round stored, debited, credited and settled through seamless_call. On PostgreSQL
 * its commit does not wait for the WAL flush, so the member's row and the house shard are free at once; the answer
 * waits for a flush that covers it (db/wal-flush.ts, one for all rounds waiting).
 */
const ROUND = 'house_round($1::int, $2::text, $3::bigint, $4::int, $5::text, $6::text, $7::text, $8::bigint, $9::bigint, $10::bigint, $11::jsonb, $12::bigint, $13::int, $14::text, $15::timestamptz, $16::int) as r';
const PLAY_ROUND = statement('house_play_round', `select ${ROUND}`);
const PLAY_ROUND_UNFLUSHED = statement('house_play_round_unflushed', withoutFlushWait(ROUND));

export interface TRoundStart {
  userId: number;
  merchantId: number;
  /** The launch's 4 hours are not over, its login session is neither revoked nor expired, the account is active. */
  live: boolean;
  game: { id: number; vassalage: string; gameId: string; category: string; houseGame: string | null };
  seed: { id: number; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number } | null;
}

/** SQL of the house vendor: launch sessions, members' fair seeds and rounds. */
export function createHouseRepository() {
  return {
    async startRound(db: TDb, tokenHash: string, now: Date, soloGames: readonly string[]): Promise<TRoundStart | null> {
      const [r] = await runStatement<{
        user_id: string; merchant_id: number; live: boolean; game_row_id: number; vassalage: string; game_id: string; category: string;
        house_game: string | null; seed_id: string | null; server_seed: string | null; server_seed_hash: string | null; client_seed: string | null; nonce: number | null;
      }>(db, START_ROUND, [tokenHash, now, `{${soloGames.join(',')}}`]);
      if (!r) return null;
      return {
        userId: Number(r.user_id),
        merchantId: r.merchant_id,
        live: r.live,
        game: { id: r.game_row_id, vassalage: r.vassalage, gameId: r.game_id, category: r.category, houseGame: r.house_game },
        seed:
          r.seed_id === null || r.nonce === null
            ? null
            : { id: Number(r.seed_id), serverSeed: r.server_seed ?? '', serverSeedHash: r.server_seed_hash ?? '', clientSeed: r.client_seed ?? '', nonce: r.nonce },
      };
    },
    async playRound(
      db: TDb,
      round: { merchantId: number; roundId: string; userId: number; gameRowId: number; category: string; vassalage: string; gameId: string; betAmount: number; validBet: number; payout: number; detail: unknown; fairSeedId: number; nonce: number; tokenHash: string; at: Date; shards: number },
    ): Promise<TSeamlessAnswer> {
      const unflushed = onPostgres(db);
      const [row] = await runStatement<{ r: TSeamlessAnswer }>(db, unflushed ? PLAY_ROUND_UNFLUSHED : PLAY_ROUND, [
        round.merchantId, round.roundId, round.userId, round.gameRowId, round.category, round.vassalage, round.gameId,
        round.betAmount, round.validBet, round.payout, JSON.stringify(round.detail), round.fairSeedId, round.nonce, round.tokenHash, round.at, round.shards,
      ]);
      if (!row) throw new Error(`house round ${round.roundId} answered nothing`);
      if (unflushed) await walFlushed(db);
      return row.r;
    },
    async createSession(db: TTx, row: typeof gameSessions.$inferInsert) {
      await db.insert(gameSessions).values(row);
    },
    /**
     * A launch with its game and member, and whether it is live at `now`: its own life not over, the login session it
     * was issued under neither revoked (logout, a password change) nor expired, the account active (issue 15).
     */
    async session(db: TTx, tokenHash: string, now: Date) {
      const at = now.toISOString();
      const [row] = await db
        .select({
          session: gameSessions,
          game: games,
          username: users.username,
          accountType: users.accountType,
          live: sql<boolean>`(${gameSessions.expiresAt} > ${at}::timestamptz and ${sessions.revokedAt} is null and ${sessions.expiresAt} > ${at}::timestamptz and ${users.status} = 'active')`,
        })
        .from(gameSessions)
        .innerJoin(sessions, eq(sessions.id, gameSessions.sessionId))
        .innerJoin(games, eq(games.id, gameSessions.gameRowId))
        .innerJoin(users, eq(users.id, gameSessions.userId))
        .where(eq(gameSessions.tokenHash, tokenHash));
      return row ?? null;
    },
    /** The member's current (unrevealed) seed, made on first use. */
    async currentSeed(db: TTx, userId: number) {
      const [existing] = await db.select().from(fairSeeds).where(and(eq(fairSeeds.userId, userId), isNull(fairSeeds.revealedAt)));
      if (existing) return existing;
      const serverSeed = newServerSeed();
      await db
        .insert(fairSeeds)
        .values({ userId, serverSeed, serverSeedHash: commitOf(serverSeed), clientSeed: newClientSeed() })
        .onConflictDoNothing();
      const [row] = await db.select().from(fairSeeds).where(and(eq(fairSeeds.userId, userId), isNull(fairSeeds.revealedAt)));
      if (!row) throw new Error('fair seed vanished');
      return row;
    },
    /** Reveals the current seed and starts a new one with the given client seed. */
    async rotateSeed(db: TTx, userId: number, clientSeed: string, at: Date) {
      const [old] = await db
        .update(fairSeeds)
        .set({ revealedAt: at })
        .where(and(eq(fairSeeds.userId, userId), isNull(fairSeeds.revealedAt)))
        .returning();
      const serverSeed = newServerSeed();
      const [next] = await db.insert(fairSeeds).values({ userId, serverSeed, serverSeedHash: commitOf(serverSeed), clientSeed }).returning();
      return { revealed: old ?? null, next: next ?? null };
    },
    async settleRound(db: TTx, id: number, status: 'settled' | 'void', at: Date) {
      await db.update(gameRounds).set({ status, settledAt: at }).where(and(eq(gameRounds.id, id), eq(gameRounds.status, 'open')));
    },
    async round(db: TTx, merchantId: number, roundId: string) {
      const [row] = await db.select().from(gameRounds).where(and(eq(gameRounds.merchantId, merchantId), eq(gameRounds.roundId, roundId)));
      return row ?? null;
    },
    /**
     * Rounds left open longer than `before` (a crash between debit and credit): the recovery job's work. A sports bet
     * stays open until its fixtures are resulted: the book settles it, never this recovery.
     */
    async staleOpenRounds(db: TTx, before: Date) {
      return db
        .select()
        .from(gameRounds)
        .where(and(eq(gameRounds.status, 'open'), sql`${gameRounds.createdAt} < ${before.toISOString()}::timestamptz`, notInArray(gameRounds.vassalage, [...BOOK_VENDORS])))
        .limit(100);
    },
    newToken(): { token: string; hash: string } {
      const token = crypto.randomBytes(32).toString('base64url');
      return { token, hash: hashGameToken(token) };
    },
  };
}

export type THouseRepository = ReturnType<typeof createHouseRepository>;
