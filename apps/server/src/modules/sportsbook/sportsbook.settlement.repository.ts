import { sql } from 'drizzle-orm';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { textArray } from '../../db/text-array.ts';

/**
 * The SQL of sports settlement (sportsbook.settlement.ts): each method one statement, run in the transaction it is
 * given. A chunk's thousands of values travel as array parameters (`{1,2,NULL}`), as the lottery's settlement does.
 */

/** An integer array parameter: only integers and nulls pass, so no element needs quoting. */
function intArray(values: readonly (number | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
}
/** A text array parameter whose nulls stay SQL nulls. */
function textOrNullArray(values: readonly (string | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : textArray([v]).slice(1, -1))).join(',')}}`;
}
/** The elements of an array the driver gave as an array or as its text ('{1,2}', '{win,NULL}'): never quoted. */
function arrayElements(v: readonly (string | number | null)[] | string): (string | null)[] {
  if (typeof v !== 'string') return v.map((x) => (x === null ? null : String(x)));
  const inner = v.slice(1, -1);
  return inner === '' ? [] : inner.split(',').map((x) => (x === 'NULL' ? null : x));
}
const num = (v: string | number) => Number(v);

export interface TFixtureRow {
  id: number;
  sport: 'football' | 'esports';
  state: 'scheduled' | 'open' | 'suspended' | 'closed' | 'resulted' | 'void';
  kickoffAt: Date;
  resultHome: number | null;
  resultAway: number | null;
  resultVersion: number;
}

export interface TLegToJudge {
  betId: number;
  legNo: number;
  kind: string;
  line: number;
  selection: string;
}

export interface TBetToSettle {
  id: number;
  betId: string;
  userId: number;
  vassalage: string;
  stake: number;
  maxPayout: number;
  status: 'open' | 'settled';
  outcome: string | null;
  payout: number;
  settleCount: number;
  /** The stake's debit took bonus money: credited through seamless_call (its splitWin rule). */
  bonus: boolean;
  odds: number[];
  outcomes: (string | null)[];
}

export interface TBetChange {
  id: number;
  /** What the bet was when judged: the flip is conditional on it. */
  seenCount: number;
  status: 'open' | 'settled';
  outcome: string | null;
  payout: number;
  settleCount: number;
}

export interface TRoundChange {
  betId: string;
  vassalage: string;
  status: 'open' | 'settled' | 'void';
  payout: number;
  validBet: number;
}

export interface TPosting {
  entryId: number;
  accountId: number;
  amount: number;
  balanceAfter: number;
}

export interface TVendorRow {
  vassalage: string;
  txnId: string;
  type: 'credit' | 'rollback';
  userId: number;
  roundId: string;
  amount: number;
  refTxnId: string | null;
  entryId: number | null;
  balance: number;
}

export function createSportsSettlementRepository() {
  return {
    async fixture(db: TTx, merchantId: number, fixtureId: number, lock: boolean): Promise<TFixtureRow | null> {
      const [f] = rowsOf<{ id: string | number; sport: TFixtureRow['sport']; state: TFixtureRow['state']; kickoff_at: string | Date; result_home: number | null; result_away: number | null; result_version: number }>(
        await db.execute(sql`
          select id, sport, state, kickoff_at, result_home, result_away, result_version from sports_fixtures
          where id = ${fixtureId} and merchant_id = ${merchantId} ${lock ? sql`for update` : sql``}`),
      );
      if (!f) return null;
      return { id: num(f.id), sport: f.sport, state: f.state, kickoffAt: new Date(f.kickoff_at), resultHome: f.result_home, resultAway: f.result_away, resultVersion: f.result_version };
    },

    async fixtures(db: TTx, merchantId: number, fixtureIds: readonly number[]): Promise<TFixtureRow[]> {
      return rowsOf<{ id: string | number; sport: TFixtureRow['sport']; state: TFixtureRow['state']; kickoff_at: string | Date; result_home: number | null; result_away: number | null; result_version: number }>(
        await db.execute(sql`
          select id, sport, state, kickoff_at, result_home, result_away, result_version from sports_fixtures
          where id = any(${intArray(fixtureIds)}::bigint[]) and merchant_id = ${merchantId} order by id`),
      ).map((f) => ({ id: num(f.id), sport: f.sport, state: f.state, kickoffAt: new Date(f.kickoff_at), resultHome: f.result_home, resultAway: f.result_away, resultVersion: f.result_version }));
    },

    /** The new state and result, one more result version. */
    async writeResult(tx: TTx, fixtureId: number, state: 'resulted' | 'void', result: { home: number; away: number } | null, now: Date): Promise<number> {
      const [row] = rowsOf<{ result_version: number }>(
        await tx.execute(sql`
          update sports_fixtures set state = ${state}, result_home = ${result?.home ?? null}, result_away = ${result?.away ?? null},
            result_version = result_version + 1, resulted_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
          where id = ${fixtureId} returning result_version`),
      );
      return row?.result_version ?? 0;
    },

    /** The house game account of every shard (made on first use, as seamless_call makes them). */
    async houseAccounts(db: TDb, merchantId: number, shards: number): Promise<number[]> {
      return rowsOf<{ id: string | number }>(
        await db.execute(sql`select ledger_house(${merchantId}, 'game', s::smallint) as id from generate_series(0, ${shards - 1}) s order by s`),
      ).map((r) => num(r.id));
    },

    async singleWallet(db: TDb, merchantId: number): Promise<boolean> {
      const [m] = rowsOf<{ single_wallet: boolean }>(await db.execute(sql`select single_wallet from merchants where id = ${merchantId}`));
      return m?.single_wallet ?? true;
    },

    /**
     * The next `limit` bets after `afterBet` with a leg on these fixtures settled under an older result version than
     * the fixture's (`versions`, in the order of `fixtureIds`), and those legs. Each fixture's legs are read by its
     * index from the cursor on, at most `limit` each, so a chunk costs the same at the start and at the end of a round.
     */
    async legsBehind(db: TDb, fixtureIds: readonly number[], versions: readonly number[], afterBet: number, limit: number): Promise<(TLegToJudge & { fixtureId: number; version: number })[]> {
      return rowsOf<{ bet_id: string | number; leg_no: number; fixture_id: string | number; version: number; kind: string; line: number; selection: string }>(
        await db.execute(sql`
          with v(f, ver) as (select * from unnest(${intArray(fixtureIds)}::bigint[], ${intArray(versions)}::int[])),
          b as (
            select distinct x.bet_id from v cross join lateral (
              select l.bet_id from sports_bet_legs l where l.fixture_id = v.f and l.result_version < v.ver and l.bet_id > ${afterBet}
              order by l.bet_id limit ${limit}) x
            order by x.bet_id limit ${limit}
          )
          select l.bet_id, l.leg_no, l.fixture_id, v.ver as version, l.kind, l.line, l.selection
          from b join sports_bet_legs l on l.bet_id = b.bet_id join v on v.f = l.fixture_id and l.result_version < v.ver
          order by l.bet_id, l.leg_no`),
      ).map((l) => ({ betId: num(l.bet_id), legNo: l.leg_no, fixtureId: num(l.fixture_id), version: l.version, kind: l.kind, line: l.line, selection: l.selection }));
    },

    /** The chunk's bets locked in id order: a second settler of the same bets waits here, then finds them done. */
    async lockBets(tx: TTx, ids: readonly number[]): Promise<void> {
      await tx.execute(sql`select id from sports_bets where id = any(${intArray(ids)}::bigint[]) order by id for update`);
    },

    /**
     * The legs' outcomes under the fixture's result version; a leg already at that version is left alone (whoever
     * wrote it judged its bet in the same transaction). Answers the bets whose legs this call wrote.
     */
    async writeLegOutcomes(tx: TTx, legs: readonly { betId: number; legNo: number; version: number; outcome: string }[]): Promise<number[]> {
      return rowsOf<{ bet_id: string | number }>(
        await tx.execute(sql`
          update sports_bet_legs l set outcome = v.o, result_version = v.ver
          from unnest(${intArray(legs.map((l) => l.betId))}::bigint[], ${intArray(legs.map((l) => l.legNo))}::smallint[],
                      ${intArray(legs.map((l) => l.version))}::int[], ${textArray(legs.map((l) => l.outcome))}::text[]) as v(b, n, ver, o)
          where l.bet_id = v.b and l.leg_no = v.n and l.result_version < v.ver
          returning l.bet_id`),
      ).map((r) => num(r.bet_id));
    },

    /** The bets with every leg's odds and outcome, in leg order. */
    async betsWithLegs(tx: TTx, ids: readonly number[]): Promise<Omit<TBetToSettle, 'bonus'>[]> {
      return rowsOf<{
        id: string | number;
        bet_id: string;
        user_id: string | number;
        vassalage: string;
        stake: string | number;
        max_payout: string | number;
        status: 'open' | 'settled';
        outcome: string | null;
        payout: string | number;
        settle_count: number;
        odds: string | (string | number)[];
        outcomes: string | (string | null)[];
      }>(
        await tx.execute(sql`
          with l as (
            select bet_id, array_agg(odds order by leg_no) as odds, array_agg(outcome order by leg_no) as outcomes
            from sports_bet_legs where bet_id = any(${intArray(ids)}::bigint[]) group by bet_id
          )
          select b.id, b.bet_id, b.user_id, b.vassalage, b.stake, b.max_payout, b.status, b.outcome, b.payout, b.settle_count, l.odds, l.outcomes
          from sports_bets b join l on l.bet_id = b.id order by b.id`),
      ).map((b) => ({
        id: num(b.id),
        betId: b.bet_id,
        userId: num(b.user_id),
        vassalage: b.vassalage,
        stake: num(b.stake),
        maxPayout: num(b.max_payout),
        status: b.status,
        outcome: b.outcome,
        payout: num(b.payout),
        settleCount: b.settle_count,
        odds: arrayElements(b.odds).map(Number),
        outcomes: arrayElements(b.outcomes),
      }));
    },

    /** Of these bets, those whose stake's debit took bonus money (vendor_transactions.bonus_amount of `<betId>:debit`). */
    async bonusStakes(tx: TTx, merchantId: number, bets: readonly { vassalage: string; betId: string }[]): Promise<Set<string>> {
      if (bets.length === 0) return new Set();
      return new Set(
        rowsOf<{ round_id: string }>(
          await tx.execute(sql`
            select vt.round_id from unnest(${textArray(bets.map((b) => b.vassalage))}::text[], ${textArray(bets.map((b) => `${b.betId}:debit`))}::text[]) as v(vas, txn)
            join vendor_transactions vt on vt.merchant_id = ${merchantId} and vt.vassalage = v.vas and vt.txn_id = v.txn
            where vt.bonus_amount > 0`),
        ).map((r) => r.round_id),
      );
    },

    /** What earlier settlement entries credited to members' accounts (the postings a reversal takes back), by key. */
    async creditedBy(tx: TTx, merchantId: number, keys: readonly string[]): Promise<{ key: string; accountId: number; amount: number }[]> {
      if (keys.length === 0) return [];
      return rowsOf<{ key: string; account_id: string | number; amount: string | number }>(
        await tx.execute(sql`
          select je.key, p.account_id, p.amount from journal_entries je
          join postings p on p.entry_id = je.id join ledger_accounts a on a.id = p.account_id
          where je.merchant_id = ${merchantId} and je.key = any(${textArray(keys)}::text[]) and a.user_id is not null and p.amount > 0
          order by je.key, p.account_id`),
      ).map((r) => ({ key: r.key, accountId: num(r.account_id), amount: num(r.amount) }));
    },

    /** Members whose credits go through seamless_call, locked first as seamless_call locks them (member, then accounts). */
    async lockMembers(tx: TTx, userIds: readonly number[]): Promise<void> {
      if (userIds.length === 0) return;
      await tx.execute(sql`select id from users where id = any(${intArray(userIds)}::bigint[]) order by id for update`);
    },

    /**
     * The house accounts and the members' wallets (the games wallet and the bonus wallet), plus any account named,
     * locked in id order as every ledger writer locks: one statement, so two settlers never deadlock.
     */
    async lockAccounts(tx: TTx, merchantId: number, houseIds: readonly number[], userIds: readonly number[], wallets: readonly string[], extra: readonly number[]) {
      return rowsOf<{ id: string | number; user_id: string | number | null; wallet: string; balance: string | number }>(
        await tx.execute(sql`
          select id, user_id, wallet, balance from ledger_accounts
          where id = any(${intArray([...houseIds, ...extra])}::bigint[])
             or (merchant_id = ${merchantId} and user_id = any(${intArray(userIds)}::bigint[]) and wallet = any(${textArray(wallets)}::text[]))
          order by id for update`),
      ).map((a) => ({ id: num(a.id), userId: a.user_id === null ? null : num(a.user_id), wallet: a.wallet, balance: num(a.balance) }));
    },

    /** The conditional flip: a bet changes only from the settlement count it was judged at. Answers the ids changed. */
    async flipBets(tx: TTx, changes: readonly TBetChange[], now: Date): Promise<Set<number>> {
      if (changes.length === 0) return new Set();
      const at = now.toISOString();
      return new Set(
        rowsOf<{ id: string | number }>(
          await tx.execute(sql`
            update sports_bets b set status = v.s, outcome = v.o, payout = v.p, settle_count = v.n,
              settled_at = case when v.s = 'settled' then ${at}::timestamptz end
            from unnest(${intArray(changes.map((c) => c.id))}::bigint[], ${intArray(changes.map((c) => c.seenCount))}::int[], ${textArray(changes.map((c) => c.status))}::text[],
                        ${textOrNullArray(changes.map((c) => c.outcome))}::text[], ${intArray(changes.map((c) => c.payout))}::bigint[], ${intArray(changes.map((c) => c.settleCount))}::int[])
              as v(id, seen, s, o, p, n)
            where b.id = v.id and b.settle_count = v.seen
            returning b.id`),
        ).map((r) => num(r.id)),
      );
    },

    /** The unrecovered part of reversals, added to what the bets already owe. */
    async addUnrecovered(tx: TTx, owed: ReadonlyMap<number, number>): Promise<void> {
      if (owed.size === 0) return;
      await tx.execute(sql`
        update sports_bets b set unrecovered = b.unrecovered + v.u
        from unnest(${intArray([...owed.keys()])}::bigint[], ${intArray([...owed.values()])}::bigint[]) as v(id, u) where b.id = v.id`);
    },

    /** Journal entries under their keys; a key already taken inserts nothing. Answers the new entries' ids by key. */
    async insertEntries(tx: TTx, merchantId: number, entries: readonly { key: string; kind: string; memo: string }[]): Promise<Map<string, number>> {
      if (entries.length === 0) return new Map();
      const rows = rowsOf<{ id: string | number; key: string }>(
        await tx.execute(sql`
          insert into journal_entries (merchant_id, key, kind, memo)
          select ${merchantId}, v.k, v.kind, v.m from unnest(${textArray(entries.map((e) => e.key))}::text[], ${textArray(entries.map((e) => e.kind))}::text[], ${textArray(entries.map((e) => e.memo))}::text[]) as v(k, kind, m)
          on conflict (merchant_id, key) do nothing
          returning id, key`),
      );
      return new Map(rows.map((r) => [r.key, num(r.id)]));
    },

    /** The postings and each account's final balance, in one statement. */
    async post(tx: TTx, postings: readonly TPosting[], balances: ReadonlyMap<number, number>): Promise<void> {
      if (postings.length === 0) return;
      await tx.execute(sql`
        with p as (
          insert into postings (entry_id, account_id, amount, balance_after)
          select * from unnest(${intArray(postings.map((p) => p.entryId))}::bigint[], ${intArray(postings.map((p) => p.accountId))}::bigint[],
                               ${intArray(postings.map((p) => p.amount))}::bigint[], ${intArray(postings.map((p) => p.balanceAfter))}::bigint[])
        )
        update ledger_accounts la set balance = v.b
        from unnest(${intArray([...balances.keys()])}::bigint[], ${intArray([...balances.values()])}::bigint[]) as v(id, b)
        where la.id = v.id`);
    },

    /** The seamless record of set-based credits and reversals (vendor_transactions), as seamless_call would store them. */
    async insertVendorRows(tx: TTx, merchantId: number, rows: readonly TVendorRow[]): Promise<void> {
      if (rows.length === 0) return;
      await tx.execute(sql`
        insert into vendor_transactions (merchant_id, vassalage, txn_id, type, user_id, round_id, amount, bonus_amount, ref_txn_id, journal_entry_id, response)
        select ${merchantId}, v.vas, v.txn, v.typ, v.u, v.r, v.a, 0, v.ref, v.e,
               jsonb_build_object('ok', true, 'txnId', v.txn, 'balance', v.bal, 'duplicate', false)
        from unnest(${textArray(rows.map((r) => r.vassalage))}::text[], ${textArray(rows.map((r) => r.txnId))}::text[], ${textArray(rows.map((r) => r.type))}::text[],
                    ${intArray(rows.map((r) => r.userId))}::bigint[], ${textArray(rows.map((r) => r.roundId))}::text[], ${intArray(rows.map((r) => r.amount))}::bigint[],
                    ${textOrNullArray(rows.map((r) => r.refTxnId))}::text[], ${intArray(rows.map((r) => r.entryId))}::bigint[], ${intArray(rows.map((r) => r.balance))}::bigint[])
          as v(vas, txn, typ, u, r, a, ref, e, bal)
        on conflict (merchant_id, vassalage, txn_id) do nothing`);
    },

    /** The bets' game rounds (round_id = bet id): status, payout, valid bet and when they settled. */
    async updateRounds(tx: TTx, merchantId: number, rounds: readonly TRoundChange[], now: Date): Promise<void> {
      if (rounds.length === 0) return;
      await tx.execute(sql`
        update game_rounds g set status = v.s, payout = v.p, valid_bet = v.vb, settled_at = case when v.s = 'open' then null else ${now.toISOString()}::timestamptz end
        from unnest(${textArray(rounds.map((r) => r.vassalage))}::text[], ${textArray(rounds.map((r) => r.betId))}::text[], ${textArray(rounds.map((r) => r.status))}::text[],
                    ${intArray(rounds.map((r) => r.payout))}::bigint[], ${intArray(rounds.map((r) => r.validBet))}::bigint[]) as v(vas, rid, s, p, vb)
        where g.merchant_id = ${merchantId} and g.vassalage = v.vas and g.round_id = v.rid`);
    },

    /** A credit through the seamless wallet's own function (bonus stakes: its splitWin rule), in this transaction. */
    async seamlessCredit(tx: TTx, merchantId: number, c: { vassalage: string; txnId: string; roundId: string; amount: number; userId: number; now: Date; shards: number }): Promise<{ ok: boolean; error?: string }> {
      const [row] = rowsOf<{ r: { ok: boolean; error?: string } }>(
        await tx.execute(sql`
          select seamless_call(${merchantId}::int, ${c.vassalage}::text, 'credit'::text, ${c.txnId}::text, ${c.roundId}::text, ${c.amount}::bigint,
                               null::text, ${c.userId}::bigint, null::text, ${c.now.toISOString()}::timestamptz, ${c.shards}::int) as r`),
      );
      return row?.r ?? { ok: false, error: 'no answer' };
    },
  };
}

export type TSportsSettlementRepository = ReturnType<typeof createSportsSettlementRepository>;
