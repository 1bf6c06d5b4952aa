import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { runStatement, statement } from '../../db/prepared.ts';
import { sessions } from '../../db/schema.ts';

/**
 * What makes a session live, over `sessions s join users u` with the token hash as $1 and the moment as $2: not
 * revoked, not expired, an active account. Member info checks it in its own statement (member-info.repository.ts).
 */
export const LIVE_SESSION_WHERE = `s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and u.status = 'active'`;

/** One indexed read (the token hash is unique), prepared once per connection. */
const LIVE_SESSION = statement(
  'live_session',
  `select s.id::text as session_id, s.user_id::text as user_id, u.account_type
   from sessions s join users u on u.id = s.user_id
   where ${LIVE_SESSION_WHERE}`,
);

export function createSessionRepository() {
  return {
    async insert(db: TTx, row: { tokenHash: string; userId: number; expiresAt: Date; ip: string; device: string }) {
      await db.insert(sessions).values(row);
    },
    /** A live session of an active account: not revoked, not expired. Every call with a token runs this. */
    async findLive(db: TDb, tokenHash: string, now: Date): Promise<{ sessionId: number; userId: number; accountType: number } | null> {
      const [row] = await runStatement<{ session_id: string; user_id: string; account_type: number }>(db, LIVE_SESSION, [tokenHash, now]);
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
