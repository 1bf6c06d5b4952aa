import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema.ts';

export type THouseAccount = Exclude<(typeof ledgerAccounts.$inferSelect)['kind'], 'wallet'>;

/** SQL of the ledger; every method takes the database or the transaction it must run in. */
export function createLedgerRepository() {
  return {
    /** The member's wallet account (`MAIN` or a vendor code), made on first use. */
    async walletAccount(db: TTx, merchantId: number, userId: number, wallet: string): Promise<{ id: number; balance: number }> {
      await db
        .insert(ledgerAccounts)
        .values({ merchantId, userId, kind: 'wallet', wallet })
        .onConflictDoNothing({ target: [ledgerAccounts.merchantId, ledgerAccounts.userId, ledgerAccounts.wallet], where: sql`${ledgerAccounts.userId} is not null` });
      const [row] = await db
        .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.wallet, wallet)));
      if (!row) throw new Error('wallet account vanished');
      return row;
    },
    /** A house account; `shard` picks one of the sub-accounts of a busy kind (HOUSE_SHARDS), 0 for the rest. */
    async houseAccount(db: TTx, merchantId: number, kind: THouseAccount, shard = 0): Promise<number> {
      await db
        .insert(ledgerAccounts)
        .values({ merchantId, kind, shard })
        .onConflictDoNothing({ target: [ledgerAccounts.merchantId, ledgerAccounts.kind, ledgerAccounts.shard], where: sql`${ledgerAccounts.userId} is null` });
      const [row] = await db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.shard, shard), isNull(ledgerAccounts.userId)));
      if (!row) throw new Error('house account vanished');
      return row.id;
    },
    async walletsOf(db: TTx, merchantId: number, userId: number) {
      return db
        .select({ id: ledgerAccounts.id, wallet: ledgerAccounts.wallet, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.userId, userId)))
        .orderBy(asc(ledgerAccounts.id));
    },
    /** Inserts the entry unless its key exists; null when another entry (committed first) holds the key. */
    async insertEntry(db: TTx, row: { merchantId: number; key: string; kind: string; memo: string | null }) {
      const [entry] = await db
        .insert(journalEntries)
        .values(row)
        .onConflictDoNothing({ target: [journalEntries.merchantId, journalEntries.key] })
        .returning();
      return entry ?? null;
    },
    async entryByKey(db: TTx, merchantId: number, key: string) {
      const [entry] = await db.select().from(journalEntries).where(and(eq(journalEntries.merchantId, merchantId), eq(journalEntries.key, key)));
      return entry ?? null;
    },
    async postingsOf(db: TTx, entryId: number) {
      return db
        .select({ accountId: postings.accountId, amount: postings.amount, balanceAfter: postings.balanceAfter })
        .from(postings)
        .where(eq(postings.entryId, entryId))
        .orderBy(asc(postings.id));
    },
    /**
     * Adds `amount` to the account; a member wallet only while it stays at or above zero (the
     * conditional UPDATE of ARCHITECTURE.md). Null when the wallet cannot afford it.
     */
    async applyAmount(db: TTx, accountId: number, amount: number): Promise<number | null> {
      const [row] = await db
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${amount}` })
        .where(and(eq(ledgerAccounts.id, accountId), or(isNull(ledgerAccounts.userId), sql`${ledgerAccounts.balance} + ${amount} >= 0`)))
        .returning({ balance: ledgerAccounts.balance });
      return row ? row.balance : null;
    },
    async insertPostings(db: TTx, rows: { entryId: number; accountId: number; amount: number; balanceAfter: number }[]) {
      await db.insert(postings).values(rows);
    },
    async accountsByIds(db: TTx, ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
    },
    /** Accounts whose balance is not the sum of their postings. */
    async unbalancedAccounts(db: TTx) {
      const result = await db.execute(sql`
        select a.id, a.user_id, a.kind, a.wallet, a.balance, coalesce(sum(p.amount), 0) as posted
        from ${ledgerAccounts} a left join ${postings} p on p.account_id = a.id
        group by a.id
        having a.balance <> coalesce(sum(p.amount), 0)
        order by a.id`);
      return (result as unknown as { rows: Record<string, unknown>[] }).rows;
    },
    /** Entries whose postings do not sum to zero, or that have none. */
    async unbalancedEntries(db: TTx) {
      const result = await db.execute(sql`
        select e.id, e.key, coalesce(sum(p.amount), 0) as total, count(p.id) as n
        from ${journalEntries} e left join ${postings} p on p.entry_id = e.id
        group by e.id
        having coalesce(sum(p.amount), 0) <> 0 or count(p.id) = 0
        order by e.id`);
      return (result as unknown as { rows: Record<string, unknown>[] }).rows;
    },
    async negativeWallets(db: TTx) {
      const result = await db.execute(sql`
        select id, user_id, wallet, balance from ${ledgerAccounts} where user_id is not null and balance < 0 order by id`);
      return (result as unknown as { rows: Record<string, unknown>[] }).rows;
    },
    async counts(db: TTx) {
      const result = await db.execute(sql`
        select (select count(*) from ${ledgerAccounts}) as accounts, (select count(*) from ${journalEntries}) as entries,
               (select count(*) from ${postings}) as postings`);
      const [row] = (result as unknown as { rows: { accounts: string | number; entries: string | number; postings: string | number }[] }).rows;
      return { accounts: Number(row?.accounts ?? 0), entries: Number(row?.entries ?? 0), postings: Number(row?.postings ?? 0) };
    },
  };
}

export type TLedgerRepository = ReturnType<typeof createLedgerRepository>;
