import { and, eq } from 'drizzle-orm';
import { consoleWithdrawalProof, consoleWithdrawalResolve } from '@playhall/contract/console-disputes';
import { withdrawals } from '../../../db/schema.ts';
import { AppError, invalidInput } from '../../../lib/app-error.ts';
import type { TConsoleRegistrar } from '../console-registrar.ts';
import { runAsOperator, type TPageDeps } from './console-ops.ts';

/** The withdrawal of this merchant, with what a dispute is judged on; `not_found` for an unknown id. */
async function disputeOf(deps: TPageDeps, id: number) {
  const [row] = await deps.db
    .select({ status: withdrawals.status, amount: withdrawals.amount, confirmation: withdrawals.confirmation, receivedAmount: withdrawals.receivedAmount, proofUploadId: withdrawals.proofUploadId })
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.merchantId, deps.merchantId)));
  if (!row) throw new AppError('not_found', { id }, `No withdrawal ${id}`);
  return row;
}

/**
 * The disputes queue (the list is `withdrawals.list` with status `disputed`, money-queues.page.ts): the member's proof
 * image and the resolution, through the CLI's `withdrawal proof|resolve` run as the operator (same service, same
 * audit row).
 */
export function registerDisputePages(calls: TConsoleRegistrar, deps: TPageDeps): void {
  calls.serve(consoleWithdrawalProof, async (input, ctx) => {
    const w = await disputeOf(deps, input.id);
    if (w.proofUploadId === null) throw new AppError('not_found', { id: input.id }, `Withdrawal ${input.id} has no proof image`);
    // `out` is where the CLI writes the file (cli/main.ts); the console shows the image instead.
    const r = await runAsOperator(deps, ctx.actor, { kind: 'withdrawal.proof', id: input.id, out: 'console' });
    const { mime, base64 } = r.data as { mime: string; base64: string };
    return { mime, base64 };
  });

  calls.serve(consoleWithdrawalResolve, async (input, ctx) => {
    const w = await disputeOf(deps, input.id);
    // The command refuses a refund above the missing part as one line of text; the page names the field first. Its
    // rule (withdrawal.review.ts) is checked again under the row's lock; a withdrawal no longer disputed is `conflict`.
    if (w.status === 'disputed') {
      const missing = w.amount - (w.confirmation === 'partlyReceived' ? (w.receivedAmount ?? 0) : 0);
      if (input.refund > missing) throw invalidInput([{ path: 'refund', message: 'refund_above_missing', params: { max: missing } }]);
    }
    const r = await runAsOperator(deps, ctx.actor, { kind: 'withdrawal.resolve', id: input.id, refund: input.refund, reason: input.reason });
    return { message: r.message };
  });
}
