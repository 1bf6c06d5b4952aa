import { AppError } from '../../lib/app-error.ts';
import type { TDb, TTx } from '../../db/client.ts';
import type { TLedgerRepository } from './ledger.repository.ts';

/** The largest amount one posting may carry (10^13 minor units): far beyond any real transfer, far inside BIGINT. */
export const MAX_POSTING = 10_000_000_000_000;

/**
 * Sub-accounts of the house `game` account: every bet and payout of every member posts against it, and one
 * row would make all of them wait on its lock in turn; a member's postings go to shard `id % HOUSE_SHARDS`
 * (each shard is an account of its own, so the ledger check holds as before). Changing the number is safe:
 * shards are made on first use and the house's position is the sum over its shards.
 */
export const HOUSE_SHARDS = 16;

export interface TPosting {
  accountId: number;
  /** Signed minor units: positive credits the account. */
  amount: number;
}

export interface TPostedEntry {
  entryId: number;
  kind: string;
  createdAt: Date;
  /** True when the key had been posted before: nothing moved, this is the first result. */
  replayed: boolean;
  postings: { accountId: number; amount: number; balanceAfter: number }[];
}

export class LedgerInvariantError extends Error {}

/**
 * The only way money moves (ARCHITECTURE.md, Data). Runs inside the caller's transaction: the entry,
 * its postings and the balance updates commit or roll back together. The entry's key is unique, so a
 * second post with the same key — a retry, or a concurrent twin that committed first — returns the
 * first entry and moves nothing. Accounts are locked in id order so two entries never deadlock. The
 * posting itself is the `ledger_post` function of migration 0010: one round trip.
 */
export function createLedger(deps: { repo: TLedgerRepository }) {
  const { repo } = deps;

  async function post(
    tx: TTx,
    input: { merchantId: number; key: string; kind: string; memo?: string | null; postings: TPosting[] },
  ): Promise<TPostedEntry> {
    if (input.postings.length < 2) throw new LedgerInvariantError('an entry needs at least two postings');
    let sum = 0n;
    for (const p of input.postings) {
      if (!Number.isSafeInteger(p.amount) || p.amount === 0 || Math.abs(p.amount) > MAX_POSTING) {
        throw new LedgerInvariantError(`bad posting amount ${p.amount}`);
      }
      sum += BigInt(p.amount);
    }
    if (sum !== 0n) throw new LedgerInvariantError(`postings sum to ${sum}, not zero`);

    const accounts = input.postings.map((p) => p.accountId);
    if (new Set(accounts).size !== accounts.length) throw new LedgerInvariantError('an account appears twice in one entry');
    const posted = await repo.post(tx, { merchantId: input.merchantId, key: input.key, kind: input.kind, memo: input.memo ?? null, accounts, amounts: input.postings.map((p) => p.amount) });
    if (posted.status === 'insufficient') throw new AppError('insufficient_balance');
    // The same key for another kind of operation is a client bug, not a retry.
    if (posted.status === 'kindMismatch') throw new AppError('duplicate_request');
    return { entryId: posted.entryId, kind: posted.kind, createdAt: new Date(posted.createdAt), replayed: posted.status === 'replayed', postings: posted.postings };
  }

  /** The invariants `ops ledger check` proves: balances equal their postings, entries sum to zero, no wallet below zero. */
  async function check(db: TDb): Promise<{ ok: boolean; problems: string[]; counts: Awaited<ReturnType<TLedgerRepository['counts']>> }> {
    const problems: string[] = [];
    for (const a of await repo.unbalancedAccounts(db)) {
      problems.push(`account ${a.id} (${a.kind}${a.user_id ? ` of user ${a.user_id} ${a.wallet}` : ''}): balance ${a.balance} but postings sum to ${a.posted}`);
    }
    for (const e of await repo.unbalancedEntries(db)) {
      problems.push(`entry ${e.id} (${e.key}): ${Number(e.n) === 0 ? 'has no postings' : `postings sum to ${e.total}`}`);
    }
    for (const w of await repo.negativeWallets(db)) problems.push(`wallet ${w.id} of user ${w.user_id} ${w.wallet} is negative: ${w.balance}`);
    return { ok: problems.length === 0, problems, counts: await repo.counts(db) };
  }

  return { post, check };
}

export type TLedger = ReturnType<typeof createLedger>;
