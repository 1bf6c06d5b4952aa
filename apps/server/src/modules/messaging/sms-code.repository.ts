import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { smsCodes } from '../../db/schema.ts';

export type TSmsPurpose = (typeof smsCodes.$inferSelect)['purpose'];

interface TNumber {
  merchantId: number;
  countryDialingCode: string;
  mobile: string;
  purpose: TSmsPurpose;
}

const sameNumber = (n: TNumber) =>
  and(
    eq(smsCodes.merchantId, n.merchantId),
    eq(smsCodes.countryDialingCode, n.countryDialingCode),
    eq(smsCodes.mobile, n.mobile),
    eq(smsCodes.purpose, n.purpose),
    isNull(smsCodes.consumedAt),
  );

export function createSmsCodeRepository() {
  return {
    /** A new code replaces any earlier one for the same number and purpose. */
    async replace(db: TTx, n: TNumber, codeHash: string, expiresAt: Date, now: Date): Promise<void> {
      await db.update(smsCodes).set({ consumedAt: now }).where(sameNumber(n));
      await db.insert(smsCodes).values({ ...n, codeHash, expiresAt });
    },
    async current(db: TTx, n: TNumber) {
      const [row] = await db.select().from(smsCodes).where(sameNumber(n)).orderBy(desc(smsCodes.id)).limit(1);
      return row ?? null;
    },
    /**
     * Takes one of the live code's `max` guesses before the guess is checked: the code's id and hash,
     * or null when there is no live code with guesses left (a burst, on any number of processes,
     * checks at most `max`).
     */
    async takeAttempt(db: TTx, n: TNumber, max: number, now: Date): Promise<{ id: number; codeHash: string } | null> {
      const live = db.select({ id: smsCodes.id }).from(smsCodes).where(sameNumber(n)).orderBy(desc(smsCodes.id)).limit(1);
      const [row] = await db
        .update(smsCodes)
        .set({ attempts: sql`${smsCodes.attempts} + 1` })
        .where(
          and(
            eq(smsCodes.id, sql`(${live})`),
            isNull(smsCodes.consumedAt),
            lt(smsCodes.attempts, max),
            sql`${smsCodes.expiresAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: smsCodes.id, codeHash: smsCodes.codeHash });
      return row ?? null;
    },
    /** Consumes the code once: false when another request consumed it first. */
    async consume(db: TTx, id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(smsCodes)
        .set({ consumedAt: now })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt)))
        .returning({ id: smsCodes.id });
      return rows.length === 1;
    },
    async prune(db: TTx, before: Date): Promise<void> {
      await db.delete(smsCodes).where(lt(smsCodes.expiresAt, before));
    },
  };
}

export type TSmsCodeRepository = ReturnType<typeof createSmsCodeRepository>;
