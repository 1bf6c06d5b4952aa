import { and, eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type TUserRow = typeof users.$inferSelect;
export type TNewUser = typeof users.$inferInsert;

/** SQL of the users table. Every method takes the database or a transaction. */
export function createAccountRepository() {
  return {
    async byId(db: TTx, id: number): Promise<TUserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },
    async byUsername(db: TTx, merchantId: number, username: string): Promise<TUserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.merchantId, merchantId), sql`lower(${users.username}) = lower(${username})`));
      return row ?? null;
    },
    async byMobile(db: TTx, merchantId: number, countryDialingCode: string, mobile: string): Promise<TUserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.merchantId, merchantId), eq(users.countryDialingCode, countryDialingCode), eq(users.mobile, mobile)));
      return row ?? null;
    },
    async emailTaken(db: TTx, merchantId: number, email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.merchantId, merchantId), sql`lower(${users.email}) = lower(${email})`));
      return row !== undefined;
    },
    async idNumberTaken(db: TTx, merchantId: number, idNumber: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.merchantId, merchantId), eq(users.idNumber, idNumber)));
      return row !== undefined;
    },
    async insert(db: TTx, values: TNewUser): Promise<number> {
      const [row] = await db.insert(users).values(values).returning({ id: users.id });
      if (!row) throw new Error('user insert returned nothing');
      return row.id;
    },
    async update(db: TTx, id: number, values: Partial<Omit<TNewUser, 'id' | 'merchantId'>>): Promise<void> {
      await db.update(users).set(values).where(eq(users.id, id));
    },
    /** Records an accepted TOTP step; false when this or a later step was already used (a replay). */
    async useTotpStep(db: TTx, id: number, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, id), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    /** Sets firstLoginDoneAt once; later calls keep the first time. */
    async markFirstLoginDone(db: TTx, id: number, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ firstLoginDoneAt: sql`coalesce(${users.firstLoginDoneAt}, ${now.toISOString()}::timestamptz)` })
        .where(eq(users.id, id));
    },
  };
}

export type TAccountRepository = ReturnType<typeof createAccountRepository>;
