import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

export function createSessionRepository() {
  return {
    async insert(db: TTx, row: { tokenHash: string; userId: number; expiresAt: Date; ip: string; device: string }) {
      await db.insert(sessions).values(row);
    },
    /**
     * A live session of an active account: not revoked, not expired. Every call with a token runs
     * this, so it is plain SQL: about twice as fast as the query builder on PGlite.
     */
    async findLive(db: TTx, tokenHash: string, now: Date): Promise<{ sessionId: number; userId: number; accountType: number } | null> {
      const result = await db.execute(sql`
        select s.id as session_id, s.user_id, u.account_type
        from ${sessions} s join ${users} u on u.id = s.user_id
        where s.token_hash = ${tokenHash} and s.revoked_at is null
          and s.expires_at > ${now.toISOString()}::timestamptz and u.status = 'active'`);
      const [row] = (result as unknown as { rows: { session_id: number | string; user_id: number | string; account_type: number }[] }).rows;
      // node-postgres answers bigint columns as strings.
      return row ? { sessionId: Number(row.session_id), userId: Number(row.user_id), accountType: Number(row.account_type) } : null;
    },
    async revoke(db: TTx, sessionId: number, now: Date): Promise<void> {
      await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },
    async revokeAllOfUser(db: TTx, userId: number, now: Date): Promise<number> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length;
    },
    /** Housekeeping: sessions that ended (expired or revoked) more than `keepMs` ago. */
    async prune(db: TTx, before: Date): Promise<void> {
      await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)) ?? sql`false`);
    },
  };
}

export type TSessionRepository = ReturnType<typeof createSessionRepository>;
