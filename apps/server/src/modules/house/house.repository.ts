import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { fairSeeds, gameRounds, gameSessions, games, users } from '../../db/schema.ts';
import { commitOf, newClientSeed, newServerSeed } from '../house-games/index.ts';
import { hashGameToken } from '../seamless/seamless.service.ts';

/** SQL of the house vendor: launch sessions, members' fair seeds and rounds. */
export function createHouseRepository() {
  return {
    async createSession(db: TTx, row: typeof gameSessions.$inferInsert) {
      await db.insert(gameSessions).values(row);
    },
    async session(db: TTx, tokenHash: string) {
      const [row] = await db
        .select({ session: gameSessions, game: games, username: users.username, accountType: users.accountType })
        .from(gameSessions)
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
    /** Takes the next nonce of the member's current seed in one statement (concurrent rounds never share one). */
    async takeNonce(db: TTx, seedId: number): Promise<number> {
      const [row] = await db
        .update(fairSeeds)
        .set({ nextNonce: sql`${fairSeeds.nextNonce} + 1` })
        .where(and(eq(fairSeeds.id, seedId), isNull(fairSeeds.revealedAt)))
        .returning({ next: fairSeeds.nextNonce });
      if (!row) throw new Error('seed rotated meanwhile');
      return row.next - 1;
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
    async seedById(db: TTx, id: number) {
      const [row] = await db.select().from(fairSeeds).where(eq(fairSeeds.id, id));
      return row ?? null;
    },
    async insertRound(db: TTx, row: typeof gameRounds.$inferInsert) {
      const [r] = await db.insert(gameRounds).values(row).returning();
      if (!r) throw new Error('round not stored');
      return r;
    },
    async settleRound(db: TTx, id: number, status: 'settled' | 'void', at: Date) {
      await db.update(gameRounds).set({ status, settledAt: at }).where(and(eq(gameRounds.id, id), eq(gameRounds.status, 'open')));
    },
    async round(db: TTx, merchantId: number, roundId: string) {
      const [row] = await db.select().from(gameRounds).where(and(eq(gameRounds.merchantId, merchantId), eq(gameRounds.roundId, roundId)));
      return row ?? null;
    },
    /** Rounds left open longer than `before` (a crash between debit and credit): the recovery job's work. */
    async staleOpenRounds(db: TTx, before: Date) {
      return db
        .select()
        .from(gameRounds)
        .where(and(eq(gameRounds.status, 'open'), sql`${gameRounds.createdAt} < ${before.toISOString()}::timestamptz`))
        .limit(100);
    },
    newToken(): { token: string; hash: string } {
      const token = crypto.randomBytes(32).toString('base64url');
      return { token, hash: hashGameToken(token) };
    },
  };
}

export type THouseRepository = ReturnType<typeof createHouseRepository>;
