import { and, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import type { TDb, TTx } from '../../db/client.ts';
import { runStatement, statement } from '../../db/prepared.ts';
import { journalEntries, ledgerAccounts, postings, users, withdrawals } from '../../db/schema.ts';

export interface TPostingFilter {
  /** Entry kind, and the sign of the member's posting when the kind has an in and an out side. */
  kind?: { kind: string; sign: 1 | -1 | 0 };
  /** Inclusive business days (yyyy-MM-dd) in the merchant's time zone. */
  from?: string;
  to?: string;
  timeZone: string;
}

const VENDOR_TRANSFERS = statement('wallet_vendor_transfers', 'select wallet_vendor_transfers($1::int, $2::jsonb) as r');

export interface TVendorTransferItem {
  user: number;
  key: string;
  from: string;
  to: string;
  amount: number;
}

export interface TVendorTransferResult {
  status: 'posted' | 'replayed' | 'insufficient' | 'kindMismatch';
  wallets: { wallet: string; balance: number }[];
  held: number;
}

/** SQL of the wallet calls: members as payers, vendors' wallets, the payment password, the account record. */
export function createWalletRepository() {
  return {
    /**
     * `wallet_vendor_transfers` (migration 0010): the transfers of one merchant in one transaction, each with
     * the member's wallets and held withdrawals after it, in the order given.
     */
    async vendorTransfers(db: TDb, merchantId: number, items: TVendorTransferItem[]): Promise<TVendorTransferResult[]> {
      const [row] = await runStatement<{ r: TVendorTransferResult[] }>(db, VENDOR_TRANSFERS, [merchantId, JSON.stringify(items)]);
      if (!row) throw new Error('vendor transfers answered nothing');
      return row.r;
    },
    async payer(db: TTx, userId: number) {
      const [row] = await db
        .select({
          id: users.id,
          merchantId: users.merchantId,
          username: users.username,
          uplineId: users.uplineId,
          passwordHash: users.passwordHash,
          paymentPasswordHash: users.paymentPasswordHash,
          paymentPasswordLockedUntil: users.paymentPasswordLockedUntil,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },
    /** Amount plus fee of the member's withdrawals held for the operator (out of the wallets, in the hold account). */
    async heldForWithdrawals(db: TTx, userId: number): Promise<number> {
      const [row] = await db
        .select({ held: sql<string>`coalesce(sum(${withdrawals.amount} + ${withdrawals.fee}), 0)` })
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')));
      return Number(row?.held ?? 0);
    },
    async usernameOf(db: TTx, userId: number): Promise<string | null> {
      const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
      return row?.username ?? null;
    },
    /** A direct downline of `uplineId` by username (case-insensitive), active. */
    async directDownline(db: TTx, uplineId: number, username: string) {
      const [row] = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(and(eq(users.uplineId, uplineId), eq(users.status, 'active'), sql`lower(${users.username}) = lower(${username})`));
      return row ?? null;
    },
    async isActive(db: TTx, userId: number): Promise<boolean> {
      const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId));
      return row?.status === 'active';
    },
    async setPaymentPassword(db: TTx, userId: number, hash: string): Promise<void> {
      await db.update(users).set({ paymentPasswordHash: hash, paymentPasswordFailures: 0, paymentPasswordLockedUntil: null }).where(eq(users.id, userId));
    },
    /**
     * Counts a wrong payment password in one statement (so concurrent guesses all count); the
     * `maxFailures`-th locks until `lockedUntil` and starts the count again.
     */
    async paymentPasswordFailed(db: TTx, userId: number, maxFailures: number, lockedUntil: Date): Promise<{ failures: number; locked: boolean }> {
      const reached = sql`${users.paymentPasswordFailures} + 1 >= ${maxFailures}`;
      const [row] = await db
        .update(users)
        .set({
          paymentPasswordFailures: sql`case when ${reached} then 0 else ${users.paymentPasswordFailures} + 1 end`,
          paymentPasswordLockedUntil: sql`case when ${reached} then ${lockedUntil.toISOString()}::timestamptz else ${users.paymentPasswordLockedUntil} end`,
        })
        .where(eq(users.id, userId))
        .returning({ failures: users.paymentPasswordFailures });
      const failures = row?.failures ?? 0;
      return { failures, locked: failures === 0 };
    },
    async paymentPasswordPassed(db: TTx, userId: number): Promise<void> {
      await db
        .update(users)
        .set({ paymentPasswordFailures: 0 })
        .where(and(eq(users.id, userId), sql`${users.paymentPasswordFailures} <> 0`));
    },
    /** The member's main-wallet postings with their entries, newest first. */
    async mainPostings(db: TTx, userId: number, filter: TPostingFilter, page: number, pageSize: number) {
      const where: SQL[] = [eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.wallet, MAIN_WALLET)];
      if (filter.kind) {
        where.push(eq(journalEntries.kind, filter.kind.kind));
        if (filter.kind.sign > 0) where.push(gte(postings.amount, 0));
        if (filter.kind.sign < 0) where.push(lt(postings.amount, 0));
      }
      const day = sql`(${postings.createdAt} at time zone ${filter.timeZone})::date`;
      if (filter.from) where.push(gte(day, sql`${filter.from}::date`));
      if (filter.to) where.push(lte(day, sql`${filter.to}::date`));
      const base = () =>
        db
          .select({
            id: postings.id,
            amount: postings.amount,
            balanceAfter: postings.balanceAfter,
            createdAt: postings.createdAt,
            kind: journalEntries.kind,
            memo: journalEntries.memo,
            key: journalEntries.key,
          })
          .from(postings)
          .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
          .where(and(...where));
      const rows = await base().orderBy(desc(postings.id)).limit(pageSize).offset((page - 1) * pageSize);
      const [total] = await db
        .select({ n: count() })
        .from(postings)
        .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
        .where(and(...where));
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}

export type TWalletRepository = ReturnType<typeof createWalletRepository>;
