import { and, eq } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { contractBills } from '../../db/schema.ts';

/**
 * Spec §4: a dividend left unpaid past its deadline is treated as refused, and its payer is frozen — no
 * withdrawal, no transfer out — until it is paid (paying a refused bill in full makes it `paid`).
 */
export async function isFrozen(db: TTx, userId: number): Promise<boolean> {
  const [bill] = await db
    .select({ id: contractBills.id })
    .from(contractBills)
    .where(and(eq(contractBills.payerId, userId), eq(contractBills.status, 'refused')))
    .limit(1);
  return bill !== undefined;
}
