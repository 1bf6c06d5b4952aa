import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type TTx } from '../../db/client.ts';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema.ts';

export type TPostResult =
  | { status: 'posted' | 'replayed'; entryId: number; kind: string; createdAt: string; postings: { accountId: number; amount: number; balanceAfter: number }[] }
  | { status: 'insufficient' }
  | { status: 'kindMismatch' };

export type THouseAccount = Exclude<(typeof ledgerAccounts.$inferSelect)['kind'], 'wallet'>;

/** SQL of the ledger; every method takes the database or the transaction it must run in. */
export function createLedgerRepository() {
  return {
    /** The member's wallet account (`MAIN` or a vendor code), made on first use. */
    async walletAccount(db: TTx, merchantId: number, userId: number, wallet: string): Promise<{ id: number; balance: number }> {
      const [row] = rowsOf<{ id: string; balance: string }>(
        await db.execute(sql`select id::text, balance::text from ledger_wallet_balance(${merchantId}::int, ${userId}::bigint, ${wallet}::text)`),
      );
      if (!row) throw new Error('wallet account vanished');
      return { id: Number(row.id), balance: Number(row.balance) };
    },
    /** A house account; `shard` picks one of the sub-accounts of a busy kind (HOUSE_SHARDS), 0 for the rest. */
    async houseAccount(db: TTx, merchantId: number, kind: THouseAccount, shard = 0): Promise<number> {
      const [row] = rowsOf<{ id: string }>(await db.execute(sql`select ledger_house(${merchantId}::int, ${kind}::text, ${shard}::smallint)::text as id`));
      if (!row) throw new Error('house account vanished');
      return Number(row.id);
    },
    /** The member's cash wallets (MAIN and vendor wallets); the bonus wallet and points account are not cash (issue 17). */
    async walletsOf(db: TTx, merchantId: number, userId: number) {
      return db
        .select({ id: ledgerAccounts.id, wallet: ledgerAccounts.wallet, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.merchantId, merchantId), eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'wallet')))
        .orderBy(asc(ledgerAccounts.id));
    },
    /** `ledger_post` (migration 0010): the entry, its balance updates and postings, or why not. */
    async post(db: TTx, e: { merchantId: number; key: string; kind: string; memo: string | null; accounts: number[]; amounts: number[] }): Promise<TPostResult> {
      const [row] = rowsOf<{ r: TPostResult }>(
        await db.execute(sql`select ledger_post(${e.merchantId}::int, ${e.key}::text, ${e.kind}::text, ${e.memo}::text,
          ${`{${e.accounts.join(',')}}`}::bigint[], ${`{${e.amounts.join(',')}}`}::bigint[]) as r`),
      );
      if (!row) throw new Error(`ledger_post ${e.key} answered nothing`);
      return row.r;
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
