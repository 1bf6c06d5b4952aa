import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { gatewayPayments } from '../../db/schema.ts';

/** SQL of the sandbox gateway: its payments and their callback deliveries. */
export function createSandboxGatewayRepository() {
  return {
    async byTxn(db: TTx, txnId: string) {
      const [row] = await db.select().from(gatewayPayments).where(eq(gatewayPayments.txnId, txnId));
      return row ?? null;
    },
    /** The merchant order's payment, when one was opened already (a retried create). */
    async byOrder(db: TTx, depositId: number) {
      const [row] = await db.select().from(gatewayPayments).where(eq(gatewayPayments.depositId, depositId)).limit(1);
      return row ?? null;
    },
    async insert(db: TTx, row: { txnId: string; depositId: number; amount: number }) {
      await db.insert(gatewayPayments).values(row);
    },
    /** open → paid or failed, once; false when the payment was no longer open. */
    async settle(db: TTx, txnId: string, status: 'paid' | 'failed'): Promise<boolean> {
      const rows = await db
        .update(gatewayPayments)
        .set({ status })
        .where(and(eq(gatewayPayments.txnId, txnId), eq(gatewayPayments.status, 'open')))
        .returning({ txnId: gatewayPayments.txnId });
      return rows.length > 0;
    },
    async countAttempt(db: TTx, txnId: string) {
      await db.update(gatewayPayments).set({ callbackAttempts: sql`${gatewayPayments.callbackAttempts} + 1` }).where(eq(gatewayPayments.txnId, txnId));
    },
    async ack(db: TTx, txnId: string, at: Date) {
      await db.update(gatewayPayments).set({ callbackAckedAt: at }).where(and(eq(gatewayPayments.txnId, txnId), isNull(gatewayPayments.callbackAckedAt)));
    },
  };
}

export type TSandboxGatewayRepository = ReturnType<typeof createSandboxGatewayRepository>;
