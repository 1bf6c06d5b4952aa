import { and, eq, sql } from 'drizzle-orm';
import { MAIN_WALLET } from '@playhall/contract/calls/wallet';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { lotteryDraws, lotteryGames } from '../../db/schema.ts';

export interface TOpenTicket {
  id: number;
  userId: number;
  betType: string;
  numbers: string[];
  stake: number;
  amount: number;
  oddsX1000: number;
}

export interface TTicketResult {
  id: number;
  status: 'won' | 'lost' | 'void';
  hits: number | null;
  payout: number;
}

export interface TPosting {
  entryId: number;
  accountId: number;
  amount: number;
  balanceAfter: number;
}

/**
 * A list as one array parameter (`{1,2,NULL}`): a chunk's thousands of values travel as a handful of bind values
 * the server parses natively, on either driver, instead of a JSON document decoded row by row. Only integers and
 * the status words pass (the type says so), so no element needs quoting.
 */
function arrayLiteral(values: readonly (number | TTicketResult['status'] | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;
}

const num = (v: string | number) => Number(v);

/** The SQL of lottery settlement: each method one statement, run in the transaction it is given. */
export function createSettlementRepository() {
  return {
    async drawWithStructure(db: TDb, drawId: number) {
      const [row] = await db
        .select({ draw: lotteryDraws, structure: lotteryGames.structure })
        .from(lotteryDraws)
        .innerJoin(lotteryGames, eq(lotteryGames.id, lotteryDraws.gameRowId))
        .where(eq(lotteryDraws.id, drawId));
      return row ?? null;
    },

    async draw(db: TDb, drawId: number) {
      const [draw] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId));
      return draw ?? null;
    },

    /** Closes the draw to bets at once: placing checks the status under the same row. */
    async markVoid(db: TDb, drawId: number, now: Date) {
      await db.update(lotteryDraws).set({ status: 'void', voidedAt: now }).where(and(eq(lotteryDraws.id, drawId), sql`${lotteryDraws.status} <> 'settled'`));
    },

    async markSettled(db: TDb, drawId: number, now: Date) {
      await db.update(lotteryDraws).set({ status: 'settled', settledAt: now }).where(and(eq(lotteryDraws.id, drawId), eq(lotteryDraws.status, 'drawn')));
    },

    async openCount(db: TDb, drawId: number): Promise<number> {
      const [left] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from lottery_tickets where draw_id = ${drawId} and status = 'open'`));
      return num(left?.n ?? 0);
    },

    /** The first `limit` open tickets of the draw after ticket `after`, in id order. */
    async openTickets(db: TTx, drawId: number, after: number, limit: number): Promise<TOpenTicket[]> {
      // numbers as text: one string per row for the driver instead of an array of strings.
      return rowsOf<{ id: string | number; user_id: string | number; bet_type: string; numbers: string; stake: string | number; amount: string | number; odds_x1000: number }>(
        await db.execute(sql`
          select id, user_id, bet_type, numbers::text as numbers, stake, amount, odds_x1000 from lottery_tickets
          where draw_id = ${drawId} and status = 'open' and id > ${after}
          order by id limit ${limit}`),
      ).map((t) => ({
        id: num(t.id),
        userId: num(t.user_id),
        betType: t.bet_type,
        numbers: arrayElements(t.numbers),
        stake: num(t.stake),
        amount: num(t.amount),
        oddsX1000: num(t.odds_x1000),
      }));
    },

    /**
     * One statement: the tickets' results written with a conditional flip (`status = 'open'`: a ticket another
     * worker settled first is not flipped, so not paid), and a journal entry under `<keyPrefix><ticket>` for each
     * flipped ticket that pays (a key already taken inserts nothing, so no money moves twice). Answers how many
     * tickets flipped and the new entries with their tickets, in ticket order.
     */
    async flipAndEnter(
      tx: TTx,
      merchantId: number,
      results: readonly TTicketResult[],
      now: Date,
      entry: { keyPrefix: string; kind: string; memo: string },
    ): Promise<{ flipped: number; entries: { entryId: number; ticketId: number }[] }> {
      const [row] = rowsOf<{ flipped: string | number; entry_ids: (string | number)[] | string; ticket_ids: (string | number)[] | string }>(
        await tx.execute(sql`
          with flipped as (
            update lottery_tickets lt set status = v.s, hits = v.h, payout = v.p, settled_at = ${now.toISOString()}::timestamptz
            from unnest(${arrayLiteral(results.map((r) => r.id))}::bigint[], ${arrayLiteral(results.map((r) => r.status))}::text[],
                        ${arrayLiteral(results.map((r) => r.hits))}::int[], ${arrayLiteral(results.map((r) => r.payout))}::bigint[]) as v(id, s, h, p)
            where lt.id = v.id and lt.status = 'open'
            returning lt.id, lt.payout
          ), entries as (
            insert into journal_entries (merchant_id, key, kind, memo)
            select ${merchantId}, ${entry.keyPrefix} || f.id, ${entry.kind}, ${entry.memo} from flipped f where f.payout > 0 order by f.id
            on conflict (merchant_id, key) do nothing
            returning id, key
          )
          select (select count(*) from flipped) as flipped,
                 coalesce(array_agg(e.id order by f.id), '{}') as entry_ids, coalesce(array_agg(f.id order by f.id), '{}') as ticket_ids
          from entries e join flipped f on e.key = ${entry.keyPrefix} || f.id`),
      );
      const entryIds = arrayElements(row?.entry_ids ?? []).map(Number);
      const ticketIds = arrayElements(row?.ticket_ids ?? []).map(Number);
      return { flipped: num(row?.flipped ?? 0), entries: entryIds.map((entryId, i) => ({ entryId, ticketId: ticketIds[i] as number })) };
    },

    /** The house account and the members' main wallets, locked in id order as every ledger writer locks. */
    async lockAccounts(tx: TTx, merchantId: number, houseId: number, userIds: readonly number[]) {
      return rowsOf<{ id: string | number; user_id: string | number | null; balance: string | number }>(
        await tx.execute(sql`
          select id, user_id, balance from ledger_accounts
          where id = ${houseId} or (merchant_id = ${merchantId} and wallet = ${MAIN_WALLET} and user_id = any(${arrayLiteral(userIds)}::bigint[]))
          order by id for update`),
      ).map((a) => ({ id: num(a.id), userId: a.user_id === null ? null : num(a.user_id), balance: num(a.balance) }));
    },

    /** The postings and each account's final balance, in one statement. */
    async post(tx: TTx, postings: readonly TPosting[], balances: ReadonlyMap<number, number>) {
      await tx.execute(sql`
        with p as (
          insert into postings (entry_id, account_id, amount, balance_after)
          select * from unnest(${arrayLiteral(postings.map((p) => p.entryId))}::bigint[], ${arrayLiteral(postings.map((p) => p.accountId))}::bigint[],
                               ${arrayLiteral(postings.map((p) => p.amount))}::bigint[], ${arrayLiteral(postings.map((p) => p.balanceAfter))}::bigint[])
        )
        update ledger_accounts la set balance = v.b
        from unnest(${arrayLiteral([...balances.keys()])}::bigint[], ${arrayLiteral([...balances.values()])}::bigint[]) as v(id, b)
        where la.id = v.id`);
    },
  };
}

/** The elements of an array the driver gave as an array or as its text ('{1,2}'): digits only, never quoted. */
function arrayElements(v: readonly (string | number)[] | string): string[] {
  if (typeof v !== 'string') return v.map(String);
  const inner = v.slice(1, -1);
  return inner === '' ? [] : inner.split(',');
}
