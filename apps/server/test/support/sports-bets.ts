import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../src/db/client.ts';
import { HOUSE_SHARDS } from '../../src/modules/ledger/ledger.service.ts';
import { insertFixtures, type TNewFixture, type TNewMarket } from '../../src/modules/sportsbook/sportsbook.fixtures.ts';

/**
 * Many sports bets at once, for the settlement at scale (the two-process test and `npm run bench`'s `sports` part):
 * members funded through the ledger, a round of football fixtures with every market kind, and bets — singles and
 * parlays of 2–5 legs on random selections — written set-based as placing writes them: the bet, its legs, its game
 * round, and its stake debited as a `vendor:<vendor>:<betId>:debit` ledger entry with its vendor transaction. Not
 * thousands of HTTP calls: what is measured is settlement.
 */

const FOOTBALL_MARKETS: TNewMarket[] = [
  { kind: 'oneXTwo', line: 0, odds: { home: 2150, draw: 3300, away: 3400 } },
  { kind: 'asianHandicap', line: -3, odds: { home: 1930, away: 1930 } },
  { kind: 'asianHandicap', line: -2, odds: { home: 2050, away: 1800 } },
  { kind: 'asianHandicap', line: -1, odds: { home: 1750, away: 2100 } },
  { kind: 'asianHandicap', line: 0, odds: { home: 1600, away: 2350 } },
  { kind: 'overUnder', line: 9, odds: { over: 1750, under: 2100 } },
  { kind: 'overUnder', line: 10, odds: { over: 1950, under: 1900 } },
  { kind: 'overUnder', line: 11, odds: { over: 2200, under: 1650 } },
  { kind: 'bothTeamsToScore', line: 0, odds: { yes: 1850, no: 1900 } },
  { kind: 'correctScore', line: 0, odds: { '0-0': 9500, '1-0': 7000, '1-1': 6500, '2-1': 8500, '2-0': 9000, '0-1': 9000, other: 4200 } },
];

/** A virtual-style round of `n` football fixtures with every market kind (quarter and half lines among them). */
export function roundFixtures(roundId: string, n: number, kickoffAt: Date): TNewFixture[] {
  return Array.from({ length: n }, (_, i) => ({
    source: 'virtual' as const,
    sport: 'football' as const,
    externalId: `V:BENCH:${roundId}:${i + 1}`,
    leagueCode: 'BENCH',
    leagueName: 'Bench League',
    homeTeam: `Team ${2 * i + 1}`,
    awayTeam: `Team ${2 * i + 2}`,
    roundId,
    kickoffAt,
    state: 'open' as const,
    markets: FOOTBALL_MARKETS,
  }));
}

export async function insertRound(db: TDb, merchantId: number, roundId: string, n: number, kickoffAt: Date): Promise<number[]> {
  const ids = await db.transaction((tx) => insertFixtures(tx, merchantId, roundFixtures(roundId, n, kickoffAt)));
  return [...ids.values()].sort((a, b) => a - b);
}

/** `count` members named `<prefix>NNNNNN`, each with `funds` in the main wallet through one ledger entry. */
export async function fundedMembers(db: TDb, merchantId: number, prefix: string, count: number, funds: number): Promise<number[]> {
  const ids = rowsOf<{ id: string | number }>(
    await db.execute(sql`
      insert into users (merchant_id, username, type, account_type)
      select ${merchantId}, ${prefix} || lpad(i::text, 6, '0'), 'member', 0 from generate_series(1, ${count}) i returning id`),
  ).map((r) => Number(r.id));
  await db.execute(sql`
    select ledger_post(${merchantId}, 'seed:sports:' || u, 'adjustment', 'sports bench funds',
      array[ledger_house(${merchantId}, 'adjustment', 0::smallint), ledger_wallet(${merchantId}, u, 'MAIN')], array[-${funds}::bigint, ${funds}::bigint])
    from unnest(${`{${ids.join(',')}}`}::bigint[]) u`);
  return ids;
}

export interface TSeedBets {
  merchantId: number;
  vassalage: string;
  fixtureIds: readonly number[];
  userIds: readonly number[];
  bets: number;
  /** Bet ids are `<prefix>-<n>`. */
  prefix: string;
  /** Share of singles; the rest are parlays of 2–5 legs. */
  singles?: number;
  minStake: number;
  maxPayout: number;
}

/** Writes `bets` open bets with their debits, in one transaction; answers the total staked. */
export async function seedBets(db: TDb, o: TSeedBets): Promise<{ staked: number }> {
  const [game] = rowsOf<{ id: number; category: string; game_id: string }>(
    await db.execute(sql`select id, category, game_id from games where merchant_id = ${o.merchantId} and vassalage = ${o.vassalage} order by id limit 1`),
  );
  if (!game) throw new Error(`no ${o.vassalage} game in the catalogue`);
  const fixtures = `{${o.fixtureIds.join(',')}}`;
  const users = `{${o.userIds.join(',')}}`;
  const f = o.fixtureIds.length;
  const like = `${o.prefix}-%`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ledger_house(${o.merchantId}, 'game', s::smallint) from generate_series(0, ${HOUSE_SHARDS - 1}) s`);
    await tx.execute(sql`
      create temp table sb_sel on commit drop as
      select m.fixture_id, m.id as market_id, m.kind, m.line, s.key as selection, s.value::int as odds,
             row_number() over (partition by m.fixture_id order by m.id, s.key) as sel_no, count(*) over (partition by m.fixture_id) as cnt
      from sports_markets m, jsonb_each_text(m.odds) s where m.fixture_id = any(${fixtures}::bigint[])`);
    await tx.execute(sql`
      create temp table sb_bet on commit drop as
      select i, (${users}::bigint[])[1 + i % ${o.userIds.length}] as user_id,
             case when random() < ${o.singles ?? 0.5} then 1 else least(2 + floor(random() * 4)::int, ${f}) end as legs,
             (1 + floor(random() * 20))::bigint * ${o.minStake} as stake, floor(random() * ${f})::int as start
      from generate_series(1, ${o.bets}) i`);
    await tx.execute(sql`
      create temp table sb_pick on commit drop as
      with l as (
        select b.i, k as leg_no, (${fixtures}::bigint[])[1 + (b.start + k - 1) % ${f}] as fixture_id, random() as r
        from sb_bet b, generate_series(1, b.legs) k
      )
      select l.i, l.leg_no, s.fixture_id, s.market_id, s.kind, s.line, s.selection, s.odds
      from l join sb_sel s on s.fixture_id = l.fixture_id and s.sel_no = 1 + floor(l.r * s.cnt)::int`);
    await tx.execute(sql`
      insert into sports_bets (merchant_id, bet_id, user_id, vassalage, game_row_id, sport, client_ref, stake, odds, max_payout, leg_count)
      select ${o.merchantId}, ${o.prefix} || '-' || b.i, b.user_id, ${o.vassalage}, ${game.id}, 'football', ${o.prefix} || '-' || b.i, b.stake, c.odds, ${o.maxPayout}, b.legs
      from sb_bet b join (select i, round(exp(sum(ln(odds::numeric))) / power(1000::numeric, count(*) - 1)) as odds from sb_pick group by i) c on c.i = b.i
      order by b.i`);
    await tx.execute(sql`
      insert into sports_bet_legs (bet_id, leg_no, fixture_id, market_id, kind, line, selection, odds)
      select sb.id, p.leg_no, p.fixture_id, p.market_id, p.kind, p.line, p.selection, p.odds
      from sb_pick p join sports_bets sb on sb.merchant_id = ${o.merchantId} and sb.bet_id = ${o.prefix} || '-' || p.i`);
    await tx.execute(sql`
      insert into game_rounds (merchant_id, round_id, user_id, game_row_id, category, vassalage, game_id, bet_amount, status, detail)
      select ${o.merchantId}, bet_id, user_id, ${game.id}, ${game.category}, ${o.vassalage}, ${game.game_id}, stake, 'open', '{}'::jsonb
      from sports_bets where merchant_id = ${o.merchantId} and bet_id like ${like}`);
    // The debits, as seamless_call writes them: an entry under the bet's key, the wallet down and the member's house
    // shard up (balances after each posting in bet order), the balances, and the vendor transaction.
    await tx.execute(sql`
      create temp table sb_debit on commit drop as
      select b.id as bet_row, b.bet_id, b.user_id, b.stake, w.id as wallet_id, h.id as house_id, null::bigint as entry_id
      from sports_bets b
      join ledger_accounts w on w.merchant_id = ${o.merchantId} and w.user_id = b.user_id and w.wallet = 'MAIN'
      join ledger_accounts h on h.merchant_id = ${o.merchantId} and h.user_id is null and h.kind = 'game' and h.shard = b.user_id % ${HOUSE_SHARDS}
      where b.merchant_id = ${o.merchantId} and b.bet_id like ${like}`);
    await tx.execute(sql`
      insert into journal_entries (merchant_id, key, kind, memo)
      select ${o.merchantId}, 'vendor:' || ${o.vassalage} || ':' || bet_id || ':debit', 'bet', ${o.vassalage} || ' ' || bet_id from sb_debit order by bet_row`);
    await tx.execute(sql`
      update sb_debit d set entry_id = je.id from journal_entries je
      where je.merchant_id = ${o.merchantId} and je.key = 'vendor:' || ${o.vassalage} || ':' || d.bet_id || ':debit'`);
    await tx.execute(sql`
      insert into postings (entry_id, account_id, amount, balance_after)
      select d.entry_id, d.wallet_id, -d.stake, w.balance - sum(d.stake) over (partition by d.wallet_id order by d.bet_row)
      from sb_debit d join ledger_accounts w on w.id = d.wallet_id
      union all
      select d.entry_id, d.house_id, d.stake, h.balance + sum(d.stake) over (partition by d.house_id order by d.bet_row)
      from sb_debit d join ledger_accounts h on h.id = d.house_id`);
    await tx.execute(sql`
      update ledger_accounts a set balance = a.balance + v.delta
      from (select wallet_id as id, -sum(stake) as delta from sb_debit group by wallet_id
            union all select house_id, sum(stake) from sb_debit group by house_id) v
      where a.id = v.id`);
    await tx.execute(sql`
      insert into vendor_transactions (merchant_id, vassalage, txn_id, type, user_id, round_id, amount, bonus_amount, journal_entry_id, response)
      select ${o.merchantId}, ${o.vassalage}, bet_id || ':debit', 'debit', user_id, bet_id, stake, 0, entry_id,
             jsonb_build_object('ok', true, 'txnId', bet_id || ':debit', 'duplicate', false)
      from sb_debit`);
    const [row] = rowsOf<{ s: string | number }>(await tx.execute(sql`select coalesce(sum(stake), 0) as s from sb_debit`));
    await tx.execute(sql`analyze sports_bets`);
    await tx.execute(sql`analyze sports_bet_legs`);
    return { staked: Number(row?.s ?? 0) };
  });
}

/** A round's results: a score per fixture, from `random` (0–4 home goals, 0–3 away). */
export function randomScores(fixtureIds: readonly number[], random: () => number = Math.random): Map<number, { home: number; away: number }> {
  return new Map(fixtureIds.map((id) => [id, { home: Math.floor(random() * 5), away: Math.floor(random() * 4) }]));
}
