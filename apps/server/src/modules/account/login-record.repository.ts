import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { knownIps, loginHistory } from '../../db/schema.ts';

/** Login history (time, IP, country, device) and the IPs each account has used. */
export function createLoginRecordRepository() {
  return {
    async record(db: TTx, row: { userId: number; ip: string; country: string; device: string; method: string }, now: Date) {
      await db.insert(loginHistory).values({ ...row, createdAt: now });
      await db
        .insert(knownIps)
        .values({ userId: row.userId, ip: row.ip, firstSeenAt: now, lastSeenAt: now })
        .onConflictDoUpdate({ target: [knownIps.userId, knownIps.ip], set: { lastSeenAt: now } });
    },
    /** Whether the account has logged in from this IP, and whether it has any recorded IP at all. */
    async ipStatus(db: TTx, userId: number, ip: string): Promise<{ known: boolean; any: boolean }> {
      const [row] = await db
        .select({ any: count(), known: sql<number>`count(*) filter (where ${knownIps.ip} = ${ip})` })
        .from(knownIps)
        .where(eq(knownIps.userId, userId));
      return { known: Number(row?.known ?? 0) > 0, any: Number(row?.any ?? 0) > 0 };
    },
    async page(db: TTx, userId: number, page: number, pageSize: number) {
      const [total] = await db.select({ n: count() }).from(loginHistory).where(eq(loginHistory.userId, userId));
      const list = await db
        .select()
        .from(loginHistory)
        .where(and(eq(loginHistory.userId, userId)))
        .orderBy(desc(loginHistory.createdAt), desc(loginHistory.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { list, total: Number(total?.n ?? 0) };
    },
  };
}

export type TLoginRecordRepository = ReturnType<typeof createLoginRecordRepository>;
