import { and, eq, sql } from 'drizzle-orm';
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
 *
 * A limit on guesses takes its hit *before* the secret is checked (`hit`, then refuse when the count
 * is over the limit): the count a request gets back is its place in line, so a concurrent burst,
 * across processes, checks at most the limit. A request refused before its check gives its place
 * back (`giveBack`), so only checked guesses stay counted.
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
    /** Undoes one hit of the current window (a request that took its place but was refused unchecked). */
    async giveBack(db: TTx, key: string, now: Date): Promise<void> {
      await db
        .update(authCounters)
        .set({ count: sql`greatest(${authCounters.count} - 1, 0)` })
        .where(and(eq(authCounters.key, key), sql`${authCounters.windowEndsAt} > ${now.toISOString()}::timestamptz`));
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
