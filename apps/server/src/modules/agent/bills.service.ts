import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TBill, TContractKind } from '@playhall/contract/calls/agent';
import type { TDb } from '../../db/client.ts';
import { contractBills, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TSettlementService } from './settlement.service.ts';

type TRow = typeof contractBills.$inferSelect;

/** The bill pages of the agent centre (dividend records, daily wages, hourly salary) and paying a bill one owes. */
export function createBillsService(deps: { db: TDb; timeZone: () => Promise<string>; settlement: Pick<TSettlementService, 'pay'> }) {
  const { db } = deps;

  async function toBills(rows: TRow[]): Promise<TBill[]> {
    const ids = [...new Set(rows.flatMap((r) => [r.payeeId, ...(r.payerId ? [r.payerId] : [])]))];
    const names = ids.length > 0 ? await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids)) : [];
    const account = new Map(names.map((u) => [u.id, u.username]));
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      contractId: r.contractId,
      period: r.period,
      periodStart: r.periodStart.toISOString(),
      periodEnd: r.periodEnd.toISOString(),
      base: r.base,
      activeMembers: r.activeMembers,
      rate: r.rate,
      amount: r.amount,
      paidAmount: r.paidAmount,
      status: r.status,
      payer: r.payerId ? { id: r.payerId, account: account.get(r.payerId) ?? '' } : null,
      payee: { id: r.payeeId, account: account.get(r.payeeId) ?? '' },
      deadline: r.deadline?.toISOString() ?? null,
      paidAt: r.paidAt?.toISOString() ?? null,
    }));
  }

  return {
    async list(me: number, q: { kind: TContractKind; role: 'payer' | 'payee'; status?: TBill['status']; from?: string; to?: string; page: number; pageSize: number }) {
      const tz = await deps.timeZone();
      const day = sql`(${contractBills.periodStart} at time zone ${tz})::date`;
      const where: SQL[] = [eq(contractBills.kind, q.kind), q.role === 'payer' ? eq(contractBills.payerId, me) : eq(contractBills.payeeId, me)];
      if (q.status) where.push(eq(contractBills.status, q.status));
      if (q.from) where.push(sql`${day} >= ${q.from}::date`);
      if (q.to) where.push(sql`${day} <= ${q.to}::date`);
      const rows = await db.select().from(contractBills).where(and(...where)).orderBy(desc(contractBills.periodStart), desc(contractBills.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize);
      const [agg] = await db
        .select({ n: sql<string>`count(*)`, amount: sql<string>`coalesce(sum(${contractBills.amount}), 0)`, paid: sql<string>`coalesce(sum(${contractBills.paidAmount}), 0)` })
        .from(contractBills)
        .where(and(...where));
      return { list: await toBills(rows), total: Number(agg?.n ?? 0), page: q.page, pageSize: q.pageSize, totals: { amount: Number(agg?.amount ?? 0), paidAmount: Number(agg?.paid ?? 0) } };
    },

    /** Pays what the member owes on a bill: a refused dividend paid in full lifts the freeze. */
    async pay(me: number, billId: number): Promise<TBill> {
      const [bill] = await db.select().from(contractBills).where(eq(contractBills.id, billId));
      if (!bill || bill.payerId !== me) throw new AppError('not_found', { billId }, 'No such bill');
      if (bill.status === 'paid') throw new AppError('conflict', { status: bill.status }, 'This bill is paid');
      if (bill.amount - bill.paidAmount <= 0) throw new AppError('conflict', { status: bill.status }, 'Nothing is owed on this bill');
      const outcome = await deps.settlement.pay(bill.id);
      if (outcome === 'insufficient') throw new AppError('insufficient_balance');
      const [after] = await db.select().from(contractBills).where(eq(contractBills.id, bill.id));
      const [out] = await toBills(after ? [after] : []);
      if (!out) throw new Error('bill vanished');
      return out;
    },
  };
}

export type TBillsService = ReturnType<typeof createBillsService>;
