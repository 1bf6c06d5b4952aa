import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { contractBills, users } from '../../db/schema.ts';

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

/**
 * The merchant's frozen accounts (payers of a refused dividend), newest freeze first, with how many bills and how much
 * they owe: the operator console's list (issue 24). A freeze lifts only when the bill is paid in full.
 */
export async function frozenAccounts(db: TTx, merchantId: number, q: { page: number; pageSize: number }) {
  const where = and(eq(contractBills.merchantId, merchantId), eq(contractBills.status, 'refused'), isNotNull(contractBills.payerId));
  const rows = await db
    .select({
      id: users.id,
      account: users.username,
      upline: sql<string | null>`(select u2.username from users u2 where u2.id = ${users.uplineId})`,
      bills: sql<string>`count(*)`,
      owed: sql<string>`sum(${contractBills.amount} - ${contractBills.paidAmount})`,
      since: sql<string>`min(coalesce(${contractBills.deadline}, ${contractBills.periodEnd}))`,
    })
    .from(contractBills)
    .innerJoin(users, eq(users.id, contractBills.payerId))
    .where(where)
    .groupBy(users.id, users.username, users.uplineId)
    .orderBy(sql`min(coalesce(${contractBills.deadline}, ${contractBills.periodEnd})) desc`, users.id)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [n] = await db.select({ n: sql<string>`count(distinct ${contractBills.payerId})` }).from(contractBills).where(where);
  return {
    list: rows.map((r) => ({ id: r.id, account: r.account, upline: r.upline, bills: Number(r.bills), owed: Number(r.owed), since: new Date(r.since).toISOString() })),
    total: Number(n?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}
