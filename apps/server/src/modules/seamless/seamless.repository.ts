import { and, eq, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { gameSessions, merchants, users, vendorTransactions } from '../../db/schema.ts';

/** SQL of the seamless wallet: the vendor transactions, and what a call needs to know of the member. */
export function createSeamlessRepository() {
  return {
    async existing(db: TTx, merchantId: number, vassalage: string, txnId: string) {
      const [row] = await db
        .select()
        .from(vendorTransactions)
        .where(and(eq(vendorTransactions.merchantId, merchantId), eq(vendorTransactions.vassalage, vassalage), eq(vendorTransactions.txnId, txnId)));
      return row ?? null;
    },
    /** Inserts the transaction unless its id exists; false when another call holds the id (a duplicate). */
    async insert(db: TTx, row: typeof vendorTransactions.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(vendorTransactions)
        .values(row)
        .onConflictDoNothing({ target: [vendorTransactions.merchantId, vendorTransactions.vassalage, vendorTransactions.txnId] })
        .returning({ id: vendorTransactions.id });
      return rows.length > 0;
    },
    /** The rollback that names this debit, if one came (even before the debit itself). */
    async rollbackOf(db: TTx, merchantId: number, vassalage: string, debitTxnId: string) {
      const [row] = await db
        .select()
        .from(vendorTransactions)
        .where(
          and(
            eq(vendorTransactions.merchantId, merchantId),
            eq(vendorTransactions.vassalage, vassalage),
            eq(vendorTransactions.type, 'rollback'),
            eq(vendorTransactions.refTxnId, debitTxnId),
          ),
        );
      return row ?? null;
    },
    async session(db: TTx, tokenHash: string) {
      const [row] = await db.select().from(gameSessions).where(eq(gameSessions.tokenHash, tokenHash));
      return row ?? null;
    },
    async member(db: TTx, userId: number) {
      const [row] = await db
        .select({ id: users.id, merchantId: users.merchantId, status: users.status, singleWallet: merchants.singleWallet })
        .from(users)
        .innerJoin(merchants, eq(merchants.id, users.merchantId))
        .where(eq(users.id, userId));
      return row ?? null;
    },
    /** Locks the member's row: one seamless call per member at a time decides on committed state. */
    async lockMember(db: TTx, userId: number) {
      await db.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
    },
  };
}

export type TSeamlessRepository = ReturnType<typeof createSeamlessRepository>;
