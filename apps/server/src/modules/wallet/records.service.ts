import { TRANSACTION_TYPES, type TTransaction } from '@playhall/contract/calls/wallet';
import type { TDb } from '../../db/client.ts';
import type { TReader } from '../../lib/content-language.ts';
import { formatMinor } from '../ledger/amount.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { detailsOf } from './record-detail.repository.ts';
import type { TWalletRepository } from './wallet.repository.ts';

type TTransactionType = (typeof TRANSACTION_TYPES)[number];

/** Entry kinds with an in and an out side: the member's record names the side by the posting's sign. */
const SIDED = new Set(['memberTransfer', 'vendorTransfer', 'salary', 'dividend']);

/** The record type of a main-wallet posting: the entry's kind, with In/Out for sided kinds. */
export function transactionType(kind: string, amount: number): TTransactionType {
  const name = SIDED.has(kind) ? `${kind}${amount >= 0 ? 'In' : 'Out'}` : kind;
  return (TRANSACTION_TYPES as readonly string[]).includes(name) ? (name as TTransactionType) : 'adjustment';
}

/** The entry kind and posting sign a record type filter selects. */
export function entryFilterOf(type: TTransactionType): { kind: string; sign: 1 | -1 | 0 } {
  const sided = /^(.*)(In|Out)$/.exec(type);
  if (sided?.[1] && SIDED.has(sided[1])) return { kind: sided[1], sign: sided[2] === 'In' ? 1 : -1 };
  return { kind: type, sign: 0 };
}

/** Rows in one CSV export at most; past it the answer says `truncated`. */
export const EXPORT_ROW_CAP = 10_000;

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a text cell a spreadsheet would read as
 * a formula (= + - @ at the start) is prefixed with an apostrophe.
 */
export function csvField(value: string, text: boolean): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The account record (transactionHistory): the member's main-wallet postings, newest first, each said in words with
 * its game named in the reader's language (the request's, else the site language; issue 23).
 */
export function createRecordsService(deps: { db: TDb; repo: Pick<TWalletRepository, 'mainPostings'>; site: Pick<TSiteConfigLoader, 'get'> }) {
  return {
    async transactions(userId: number, query: { type?: TTransactionType; from?: string; to?: string; page: number; pageSize: number }, language: string | null) {
      const { timeZone, id: merchantId, defaultLanguage } = (await deps.site.get()).merchant;
      const reader: TReader = { language, fallback: defaultLanguage };
      const { rows, total } = await deps.repo.mainPostings(
        deps.db,
        userId,
        { ...(query.type ? { kind: entryFilterOf(query.type) } : {}), from: query.from, to: query.to, timeZone },
        query.page,
        query.pageSize,
      );
      // Each record in words: what it is about, with the names of its games looked up for the whole page at once.
      const details = await detailsOf(deps.db, merchantId, rows, reader);
      const list: TTransaction[] = rows.map((r, i) => ({
        id: r.id,
        time: r.createdAt.toISOString(),
        type: transactionType(r.kind, r.amount),
        amount: r.amount,
        balanceAfter: r.balanceAfter,
        remark: r.memo,
        detail: details[i] ?? null,
        reference: r.key,
      }));
      return { list, total, page: query.page, pageSize: query.pageSize };
    },
    /** The account record as CSV (amounts in major units with two decimals), newest first, up to the cap. */
    async exportCsv(userId: number, query: { type?: TTransactionType; from?: string; to?: string }, language: string | null) {
      const { list, total } = await this.transactions(userId, { ...query, page: 1, pageSize: EXPORT_ROW_CAP }, language);
      const lines = ['time,type,amount,balanceAfter,remark,reference'];
      for (const r of list) {
        lines.push([r.time, r.type, formatMinor(r.amount), formatMinor(r.balanceAfter), csvField(r.remark ?? '', true), csvField(r.reference, true)].join(','));
      }
      return { filename: `transactions-${query.from ?? 'start'}-${query.to ?? 'now'}.csv`, csv: `${lines.join('\r\n')}\r\n`, truncated: total > list.length };
    },
  };
}
