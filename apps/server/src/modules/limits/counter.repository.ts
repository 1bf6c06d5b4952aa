import { eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { authCounters } from '../../db/schema.ts';

export interface TCounter {
  /** Hits in the current window (0 when the window has ended). */
  count: number;
  lockedUntil: Date | null;
}

/**
 * Fixed-window counters with an optional lock, one row per key. The increment is a single upsert,
 * so concurrent processes never lose a hit.
 */
export function createCounterRepository() {
  return {
    async hit(db: TTx, key: string, windowMs: number, now: Date): Promise<TCounter> {
      const windowEnd = new Date(now.getTime() + windowMs);
      const expired = sql`${authCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(authCounters)
        .values({ key, count: 1, windowEndsAt: windowEnd })
        .onConflictDoUpdate({
          target: authCounters.key,
          set: {
            count: sql`case when ${expired} then 1 else ${authCounters.count} + 1 end`,
            windowEndsAt: sql`case when ${expired} then ${windowEnd.toISOString()}::timestamptz else ${authCounters.windowEndsAt} end`,
          },
        })
        .returning({ count: authCounters.count, lockedUntil: authCounters.lockedUntil });
      return { count: row?.count ?? 1, lockedUntil: row?.lockedUntil ?? null };
    },
    async peek(db: TTx, key: string, now: Date): Promise<TCounter> {
      const [row] = await db.select().from(authCounters).where(eq(authCounters.key, key));
      if (!row) return { count: 0, lockedUntil: null };
      return { count: row.windowEndsAt > now ? row.count : 0, lockedUntil: row.lockedUntil };
    },
    async lock(db: TTx, key: string, until: Date, now: Date): Promise<void> {
      await db
        .insert(authCounters)
        .values({ key, count: 0, windowEndsAt: now, lockedUntil: until })
        .onConflictDoUpdate({ target: authCounters.key, set: { lockedUntil: until } });
    },
    async clear(db: TTx, key: string): Promise<void> {
      await db.delete(authCounters).where(eq(authCounters.key, key));
    },
    /** Drops rows whose window and lock are both over (housekeeping). */
    async prune(db: TTx, now: Date): Promise<void> {
      await db
        .delete(authCounters)
        .where(
          sql`${authCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz and (${authCounters.lockedUntil} is null or ${authCounters.lockedUntil} <= ${now.toISOString()}::timestamptz)`,
        );
    },
  };
}

export type TCounterRepository = ReturnType<typeof createCounterRepository>;
