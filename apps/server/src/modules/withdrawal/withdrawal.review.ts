import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import type { TDb, TTx } from '../../db/client.ts';
import { scheduleJob, type TJobHandler } from '../../jobs/scheduler.ts';
import { AppError } from '../../lib/app-error.ts';
import { formatMinor } from '../ledger/amount.ts';
import { amountText, writeEventMessage } from '../inbox/event-messages.ts';
import type { TLedgerRepository } from '../ledger/ledger.repository.ts';
import type { TLedger, TPosting } from '../ledger/ledger.service.ts';
import type { TWithdrawalRepository, TWithdrawalRow, TWithdrawalStatus } from './withdrawal.repository.ts';

/** The job that treats a paid, unanswered withdrawal as received at its deadline; keyed by the withdrawal id. */
export const AUTO_CONFIRM_JOB = 'withdrawal.autoConfirm';

type TSnapshot = Pick<TWithdrawalRow, 'status' | 'confirmation' | 'receivedAmount' | 'reviewRemark'>;
const snapshot = (w: TWithdrawalRow): TSnapshot => ({ status: w.status, confirmation: w.confirmation, receivedAmount: w.receivedAmount, reviewRemark: w.reviewRemark });

/**
 * The operator's side of withdrawals (`ops withdrawal …`) and the auto-confirmation job. Each operator
 * step runs in the caller's transaction (with its audit row) and moves money only through the ledger,
 * under a key per withdrawal and step, so a repeated command can never pay or refund twice.
 */
export function createWithdrawalReview(deps: {
  repo: TWithdrawalRepository;
  ledgerRepo: Pick<TLedgerRepository, 'walletAccount' | 'houseAccount'>;
  ledger: Pick<TLedger, 'post'>;
}) {
  const { repo, ledgerRepo, ledger } = deps;

  async function locked(tx: TTx, merchantId: number, id: number, expected: TWithdrawalStatus): Promise<TWithdrawalRow> {
    const w = await repo.lockWithdrawal(tx, id);
    if (!w || w.merchantId !== merchantId) throw new AppError('not_found', { id }, `no withdrawal ${id}`);
    if (w.status !== expected) throw new AppError('conflict', { status: w.status }, `withdrawal ${id} is ${w.status}, not ${expected}`);
    return w;
  }

  async function post(tx: TTx, w: TWithdrawalRow, step: string, kind: string, memo: string | null, postings: TPosting[]) {
    await ledger.post(tx, { merchantId: w.merchantId, key: `withdrawal:${w.id}:${step}`, kind, memo, postings: postings.filter((p) => p.amount !== 0) });
  }

  return {
    list(db: TDb, merchantId: number, status: TWithdrawalStatus) {
      return repo.forReview(db, merchantId, [status]);
    },

    /** The member's proof image of a partly received withdrawal, for the operator to look at. */
    async proof(db: TDb, merchantId: number, id: number) {
      const row = await repo.byId(db, id);
      if (!row || row.w.merchantId !== merchantId) throw new AppError('not_found', { id }, `no withdrawal ${id}`);
      const upload = row.w.proofUploadId ? await repo.upload(db, row.w.proofUploadId) : null;
      if (!upload) throw new AppError('not_found', { id }, `withdrawal ${id} has no proof image`);
      return { mime: upload.mime, base64: upload.data, bytes: Buffer.from(upload.data, 'base64').length };
    },

    /** Paid: the held amount leaves (cash-out), the fee goes to the house; the member has `confirmMinutes` to answer. */
    async pay(tx: TTx, merchantId: number, id: number, opts: { actor: string; at: Date; confirmMinutes: number }) {
      const w = await locked(tx, merchantId, id, 'pending');
      const hold = await ledgerRepo.houseAccount(tx, merchantId, 'withdrawalHold');
      const cashOut = await ledgerRepo.houseAccount(tx, merchantId, 'cashOut');
      const feeAccount = await ledgerRepo.houseAccount(tx, merchantId, 'withdrawalFee');
      await post(tx, w, 'pay', 'withdrawalPay', null, [
        { accountId: hold, amount: -(w.amount + w.fee) },
        { accountId: cashOut, amount: w.amount },
        { accountId: feeAccount, amount: w.fee },
      ]);
      const confirmDeadline = new Date(opts.at.getTime() + opts.confirmMinutes * 60_000);
      const after = await repo.update(tx, w.id, { status: 'paid', paidAt: opts.at, confirmDeadline, reviewedBy: opts.actor });
      await writeEventMessage(tx, 'withdrawalPaid', { userId: w.userId, sourceKey: `withdrawal:${w.id}:paid`, a: amountText(w.amount), b: String(w.id) });
      await scheduleJob(tx, { name: AUTO_CONFIRM_JOB, key: String(w.id), runAt: confirmDeadline, payload: { withdrawalId: w.id } });
      return { before: snapshot(w), after: { ...snapshot(after), confirmDeadline: confirmDeadline.toISOString() }, withdrawal: after };
    },

    /** Rejected: amount and fee go back from the hold to the member's main wallet. */
    async reject(tx: TTx, merchantId: number, id: number, opts: { actor: string; reason: string }) {
      const w = await locked(tx, merchantId, id, 'pending');
      const hold = await ledgerRepo.houseAccount(tx, merchantId, 'withdrawalHold');
      const wallet = await ledgerRepo.walletAccount(tx, merchantId, w.userId, MAIN_WALLET);
      await post(tx, w, 'reject', 'withdrawalRefund', opts.reason, [
        { accountId: hold, amount: -(w.amount + w.fee) },
        { accountId: wallet.id, amount: w.amount + w.fee },
      ]);
      const after = await repo.update(tx, w.id, { status: 'rejected', reviewRemark: opts.reason, reviewedBy: opts.actor });
      await writeEventMessage(tx, 'withdrawalRejected', { userId: w.userId, sourceKey: `withdrawal:${w.id}:rejected`, a: amountText(w.amount + w.fee), b: String(w.id), c: opts.reason });
      return { before: snapshot(w), after: snapshot(after), withdrawal: after };
    },

    /**
     * Ends a dispute. `refund` (0 for none) comes back from cash-out to the main wallet, at most the part of
     * the amount the member says did not arrive; the fee stays with the house (an operator adjustment can
     * return it). The member's answer stays on the record; the status becomes confirmed.
     */
    async resolve(tx: TTx, merchantId: number, id: number, opts: { actor: string; refund: number; reason: string }) {
      const w = await locked(tx, merchantId, id, 'disputed');
      const missing = w.amount - (w.confirmation === 'partlyReceived' ? (w.receivedAmount ?? 0) : 0);
      if (opts.refund < 0 || opts.refund > missing) {
        throw new AppError('amount_out_of_range', { max: missing }, `refund at most ${formatMinor(missing)} (the amount not received)`);
      }
      if (opts.refund > 0) {
        const cashOut = await ledgerRepo.houseAccount(tx, merchantId, 'cashOut');
        const wallet = await ledgerRepo.walletAccount(tx, merchantId, w.userId, MAIN_WALLET);
        await post(tx, w, 'resolve', 'withdrawalRefund', opts.reason, [
          { accountId: cashOut, amount: -opts.refund },
          { accountId: wallet.id, amount: opts.refund },
        ]);
      }
      const after = await repo.update(tx, w.id, { status: 'confirmed', reviewRemark: opts.reason, reviewedBy: opts.actor });
      return { before: snapshot(w), after: { ...snapshot(after), refund: opts.refund }, withdrawal: after };
    },

    /** The job: a withdrawal still paid and unanswered at its deadline is autoReceived; anything else is left alone. */
    autoConfirmJob: {
      async run({ db, now, job }) {
        const id = Number(job.payload.withdrawalId);
        return db.transaction(async (tx) => {
          const w = await repo.lockWithdrawal(tx, id);
          if (!w || w.status !== 'paid') return;
          if (w.confirmDeadline && w.confirmDeadline > now) return { retryAt: w.confirmDeadline };
          await repo.update(tx, w.id, { status: 'confirmed', confirmation: 'autoReceived', confirmedAt: now });
        });
      },
    } satisfies TJobHandler,
  };
}

export type TWithdrawalReview = ReturnType<typeof createWithdrawalReview>;
