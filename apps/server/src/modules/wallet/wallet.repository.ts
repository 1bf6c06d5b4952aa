import { and, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
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
    /**
     * Takes a place to check a payment password, before argon2 runs: the failures so far plus the
     * checks in flight stay within `max`, so a burst, on any number of processes, checks at most `max`
     * guesses. 'locked' while the lock lasts; 'busy' when the places are all taken by checks in flight
     * (wait and ask again: right passwords sent together all pass, a few at a time).
     */
    async takePaymentPasswordCheck(db: TTx, userId: number, max: number, now: Date): Promise<'ok' | 'busy' | { lockedUntil: Date }> {
      const at = sql`${now.toISOString()}::timestamptz`;
      // A check takes milliseconds: places last taken 10 s ago are of a process that died mid-check.
      const checking = sql`case when ${users.paymentPasswordCheckingAt} > ${at} - interval '10 seconds' then ${users.paymentPasswordChecking} else 0 end`;
      const result = await db.execute(sql`
        with me as (
          select ${users.id} as id, ${users.paymentPasswordLockedUntil} as locked_until,
                 ${users.paymentPasswordFailures} + ${checking} as taken, ${checking} as checking
          from ${users} where ${users.id} = ${userId} for update
        ), took as (
          update ${users} set payment_password_checking = me.checking + 1, payment_password_checking_at = ${at}
          from me
          where ${users.id} = me.id and (me.locked_until is null or me.locked_until <= ${at}) and me.taken < ${max}
          returning ${users.id}
        )
        select me.locked_until, (select count(*) from took)::int as took from me`);
      const [row] = rowsOf<{ locked_until: Date | string | null; took: number }>(result);
      if (!row) return 'busy';
      if (row.took === 1) return 'ok';
      const lockedUntil = row.locked_until === null ? null : new Date(row.locked_until);
      return lockedUntil && lockedUntil > now ? { lockedUntil } : 'busy';
    },
    /**
     * Ends a check that took its place: a right password clears the failures; a wrong one counts, and
     * the one that reaches `max` locks until `lockedUntil` (and the count starts over); an unchecked one
     * (the check failed) only gives its place back. Answers the failures after it (0 when it locked).
     */
    async endPaymentPasswordCheck(
      db: TTx,
      userId: number,
      outcome: 'right' | 'wrong' | 'unchecked',
      max: number,
      lockedUntil: Date,
    ): Promise<{ failures: number; locked: boolean }> {
      const checking = sql`greatest(${users.paymentPasswordChecking} - 1, 0)`;
      if (outcome !== 'wrong') {
        await db
          .update(users)
          .set(outcome === 'right' ? { paymentPasswordChecking: checking, paymentPasswordFailures: 0 } : { paymentPasswordChecking: checking })
          .where(eq(users.id, userId));
        return { failures: 0, locked: false };
      }
      const reached = sql`${users.paymentPasswordFailures} + 1 >= ${max}`;
      const [row] = await db
        .update(users)
        .set({
          paymentPasswordChecking: checking,
          paymentPasswordFailures: sql`case when ${reached} then 0 else ${users.paymentPasswordFailures} + 1 end`,
          paymentPasswordLockedUntil: sql`case when ${reached} then ${lockedUntil.toISOString()}::timestamptz else ${users.paymentPasswordLockedUntil} end`,
        })
        .where(eq(users.id, userId))
        .returning({ failures: users.paymentPasswordFailures });
      const failures = row?.failures ?? 0;
      return { failures, locked: failures === 0 };
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
