import { and, eq } from 'drizzle-orm';
import { consoleDepositDecide, consoleDepositReceipt, consoleDeposits, consoleWithdrawalDecide, consoleWithdrawals } from '@playhall/contract/console';
import { deposits, withdrawals } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { createDepositRepository } from '../../deposit/deposit.repository.ts';
import { reviewPage } from '../../deposit/deposit-review.service.ts';
import type { TConsoleRegistrar } from '../console-registrar.ts';
import { runAsOperator, type TPageDeps } from './console-ops.ts';

const depositRepo = createDepositRepository();

async function depositOf(deps: TPageDeps, id: number) {
  const [row] = await deps.db
    .select({ id: deposits.id, receiptUploadId: deposits.receiptUploadId })
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.merchantId, deps.merchantId)));
  if (!row) throw new AppError('not_found', { id }, `No deposit ${id}`);
  return row;
}

async function withdrawalOf(deps: TPageDeps, id: number): Promise<void> {
  const [row] = await deps.db.select({ id: withdrawals.id }).from(withdrawals).where(and(eq(withdrawals.id, id), eq(withdrawals.merchantId, deps.merchantId)));
  if (!row) throw new AppError('not_found', { id }, `No withdrawal ${id}`);
}

/** The withdrawal review command's rows (ops.service.ts, `withdrawal.review`). */
interface TWithdrawalReviewRow {
  id: number;
  username: string;
  amount: number;
  fee: number;
  status: string;
  createdAt: Date;
  paidAt: Date | null;
  confirmation: string | null;
  receivedAmount: number | null;
  confirmedAt: Date | null;
  remark: string | null;
  proofUploadId: string | null;
  card: { bankName: string; accountNumber: string; accountName: string };
}

/**
 * The money queues: deposits to review (with the receipt) and withdrawals to pay or reject, through the CLI's
 * commands (`deposit review|receipt|approve|reject`, `withdrawal review|pay|reject`) run as the operator. The
 * disputed withdrawals are listed here too; their proof and resolution are disputes.page.ts.
 */
export function registerMoneyQueues(calls: TConsoleRegistrar, deps: TPageDeps): void {
  calls.serve(consoleDeposits, async (input) => {
    // The review queue's query, paged (deposit-review.service.ts); `all` reaches past the queue, newest first.
    const { list, total } = await reviewPage(depositRepo, deps.db, deps.merchantId, input);
    return {
      list: list.map((d) => ({ id: d.id, member: d.user, amount: d.amount, channel: d.channel, status: d.status, createdAt: d.createdAt, hasReceipt: d.receiptUploadId !== null })),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  });

  calls.serve(consoleDepositReceipt, async (input, ctx) => {
    const deposit = await depositOf(deps, input.id);
    if (deposit.receiptUploadId === null) throw new AppError('not_found', { id: input.id }, `Deposit ${input.id} has no receipt`);
    // `out` is where the CLI writes the file; the console shows the image instead.
    const r = await runAsOperator(deps, ctx.actor, { kind: 'deposit.receipt', id: input.id, out: 'console' });
    const { mime, base64 } = r.data as { mime: string; base64: string };
    return { mime, base64 };
  });

  calls.serve(consoleDepositDecide, async (input, ctx) => {
    await depositOf(deps, input.id);
    const r = await runAsOperator(deps, ctx.actor, input.decision === 'approve' ? { kind: 'deposit.approve', id: input.id } : { kind: 'deposit.reject', id: input.id, reason: input.reason });
    return { message: r.message };
  });

  calls.serve(consoleWithdrawals, async (input, ctx) => {
    // The queues (pending, paid awaiting the member's confirmation, disputed) are short-lived: paged here.
    const r = await runAsOperator(deps, ctx.actor, { kind: 'withdrawal.review', status: input.status });
    const rows = r.data as TWithdrawalReviewRow[];
    const from = (input.page - 1) * input.pageSize;
    return {
      list: rows.slice(from, from + input.pageSize).map((w) => ({
        id: w.id,
        member: w.username,
        amount: w.amount,
        fee: w.fee,
        bank: w.card.bankName,
        // The whole number: finance pays to it (the CLI's review shows it whole too).
        cardNumber: w.card.accountNumber,
        holder: w.card.accountName,
        status: w.status,
        createdAt: w.createdAt.toISOString(),
        // The member's claim, which a dispute is judged on (disputes.page.ts shows the proof and resolves).
        paidAt: w.paidAt?.toISOString() ?? null,
        confirmation: w.confirmation,
        receivedAmount: w.receivedAmount,
        confirmedAt: w.confirmedAt?.toISOString() ?? null,
        memberRemark: w.remark,
        hasProof: w.proofUploadId !== null,
      })),
      total: rows.length,
      page: input.page,
      pageSize: input.pageSize,
    };
  });

  calls.serve(consoleWithdrawalDecide, async (input, ctx) => {
    await withdrawalOf(deps, input.id);
    const r = await runAsOperator(deps, ctx.actor, input.decision === 'pay' ? { kind: 'withdrawal.pay', id: input.id } : { kind: 'withdrawal.reject', id: input.id, reason: input.reason });
    return { message: r.message };
  });
}
