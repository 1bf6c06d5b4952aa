import type { TDb, TTx } from '../../db/client.ts';
import { formatMinor } from '../ledger/amount.ts';
import type { TLedgerRepository } from '../ledger/ledger.repository.ts';
import type { TLedger } from '../ledger/ledger.service.ts';
import { creditDeposit } from './deposit-credit.ts';
import type { TDepositRepository, TDepositRow } from './deposit.repository.ts';

/**
 * Deposits as the operator reviews them: the queue waiting for review, or all, a page at a time when asked (the
 * console pages them; the CLI lists the whole queue).
 */
export async function reviewPage(
  repo: Pick<TDepositRepository, 'forOperator'>,
  db: TDb,
  merchantId: number,
  opts: { status: 'review' | 'all'; page?: number; pageSize?: number },
) {
  const page = opts.page && opts.pageSize ? { limit: opts.pageSize, offset: (opts.page - 1) * opts.pageSize } : undefined;
  const { rows, total } = await repo.forOperator(db, merchantId, { pendingOnly: opts.status === 'review', page });
  const list = rows.map((r) => ({
    id: r.deposit.id,
    user: r.username,
    channel: r.channelName,
    amount: r.deposit.amount,
    status: r.deposit.status,
    payerName: r.deposit.payerName,
    receiptUploadId: r.deposit.receiptUploadId,
    remark: r.deposit.remark,
    createdAt: r.deposit.createdAt.toISOString(),
  }));
  return { list, total };
}

export type TReviewOutcome =
  | { ok: true; before: Pick<TDepositRow, 'status'>; after: TDepositRow; message: string }
  | { ok: false; message: string };

/** The operator's side of bank deposits (`ops deposit review|approve|reject`); the caller audits. */
export function createDepositReview(deps: { repo: TDepositRepository; ledger: TLedger; ledgerRepo: TLedgerRepository }) {
  const { repo } = deps;

  async function pendingOne(tx: TTx, merchantId: number, id: number): Promise<TDepositRow | string> {
    const deposit = await repo.lock(tx, id);
    if (!deposit || deposit.merchantId !== merchantId) return `no deposit ${id}`;
    if (deposit.status !== 'pendingReview') return `deposit ${id} is ${deposit.status}, not pending review`;
    return deposit;
  }

  return {
    /** The review queue (`ops deposit review`): every deposit waiting for the operator, oldest first. */
    async list(db: TDb, merchantId: number) {
      return (await reviewPage(repo, db, merchantId, { status: 'review' })).list;
    },
    /** The receipt image a bank deposit came with, for the operator to look at. */
    async receipt(db: TDb, merchantId: number, id: number) {
      const deposit = await repo.byId(db, id);
      if (!deposit || deposit.merchantId !== merchantId) return { ok: false as const, message: `no deposit ${id}` };
      const upload = deposit.receiptUploadId ? await repo.upload(db, deposit.receiptUploadId) : null;
      if (!upload) return { ok: false as const, message: `deposit ${id} has no receipt` };
      return { ok: true as const, mime: upload.mime, base64: upload.data, bytes: Buffer.from(upload.data, 'base64').length };
    },
    async approve(tx: TTx, merchantId: number, id: number): Promise<TReviewOutcome> {
      const deposit = await pendingOne(tx, merchantId, id);
      if (typeof deposit === 'string') return { ok: false, message: deposit };
      const after = await creditDeposit(tx, deps, deposit, 'Bank deposit');
      return { ok: true, before: { status: deposit.status }, after, message: `deposit ${id} credited: +${formatMinor(deposit.amount)}` };
    },
    async reject(tx: TTx, merchantId: number, id: number, reason: string): Promise<TReviewOutcome> {
      const deposit = await pendingOne(tx, merchantId, id);
      if (typeof deposit === 'string') return { ok: false, message: deposit };
      const after = await repo.update(tx, id, { status: 'rejected', reviewRemark: reason });
      return { ok: true, before: { status: deposit.status }, after, message: `deposit ${id} rejected` };
    },
  };
}
