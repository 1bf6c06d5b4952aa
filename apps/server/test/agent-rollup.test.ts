import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import { DEFAULT_TIME_ZONE } from '../src/lib/zoned-time.ts';
import { ACTIVE_MEMBER_VALID_BET } from '../src/modules/agent/settlement.service.ts';
import { createTeamOverviewService } from '../src/modules/agent/team-overview.service.ts';
import { daysBetween } from '../src/modules/agent/team-range.ts';
import { createTeamRollup } from '../src/modules/agent/team-rollup.ts';
import { createLedger } from '../src/modules/ledger/ledger.service.ts';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

// The team overview reads rollups that triggers and the rollup keep (issue 14). Here its every figure is compared
// with the direct sums over the team (the overview's SQL before the rollups), on a team with bets of every state,
// lottery tickets, money postings and registrations spread over days; then again after data that arrives late
// (an old round settled or voided, a bet dated days back, a member registered in the past) and after the rollup
// ran again, twice at once: nothing is missed and nothing counted twice.

const tz = DEFAULT_TIME_ZONE;
const NOW = new Date();
const DAY = 86_400_000;
let t: TTestApp;
let merchantId: number;
let gameRow: number;
let drawId: number;
const rollup = () => createTeamRollup({ db: t.database.db, timeZone: async () => tz });
const overviewOf = (agentId: number, range: { from?: string; to?: string }) =>
  createTeamOverviewService({ db: t.database.db, timeZone: async () => tz, rollup: rollup(), now: () => NOW }).overview(agentId, range);

beforeAll(async () => {
  t = await createTestApp();
  const [m] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from merchants limit 1`));
  merchantId = Number(m?.id);
  const [g] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from games where house_game = 'slot' limit 1`));
  gameRow = Number(g?.id);
  const [lg] = rowsOf<{ id: number; game_code: string }>(await t.database.db.execute(sql`select id, game_code from lottery_games limit 1`));
  const [d] = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`
      insert into lottery_draws (merchant_id, game_row_id, game_code, draw_no, close_at, draw_at)
      values (${merchantId}, ${Number(lg?.id)}, ${String(lg?.game_code)}, 'rollup-1', now(), now()) returning id`),
  );
  drawId = Number(d?.id);
});
afterAll(async () => {
  await t?.close();
});

const ago = (days: number, hours = 0) => new Date(NOW.getTime() - days * DAY - hours * 3_600_000);
const localDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(at);

async function user(username: string, uplineId: number | null, type: 'agent' | 'member', at: Date): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`
      insert into users (merchant_id, username, type, account_type, upline_id, created_at)
      values (${merchantId}, ${username}, ${type}, ${type === 'agent' ? 2 : 0}, ${uplineId}, ${at.toISOString()}::timestamptz) returning id`),
  );
  return Number(row?.id);
}

let rounds = 0;
async function round(userId: number, stake: number, at: Date, status: 'open' | 'settled' | 'void', payout = 0): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await t.database.db.execute(sql`
      insert into game_rounds (merchant_id, round_id, user_id, game_row_id, category, vassalage, game_id, bet_amount, valid_bet, payout, status, settled_at, created_at)
      values (${merchantId}, ${`rollup-${++rounds}`}, ${userId}, ${gameRow}, 'RNG', 'PH_SLOT', 'lucky-crown', ${stake}, ${status === 'settled' ? stake : 0}, ${payout}, ${status},
              ${status === 'open' ? null : at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
      returning id`),
  );
  return Number(row?.id);
}

async function ticket(userId: number, amount: number, at: Date, status: 'open' | 'won' | 'lost' | 'void', payout: number | null) {
  await t.database.db.execute(sql`
    insert into lottery_tickets (merchant_id, user_id, draw_id, game_code, draw_no, bet_type, numbers, stake, amount, odds_x1000, status, payout, request_id, idx, created_at)
    values (${merchantId}, ${userId}, ${drawId}, 'X', 'rollup-1', 'lo', ${'{12}'}::text[], ${amount}, ${amount}, 1000, ${status}, ${payout}, ${`r${++rounds}`}, 0, ${at.toISOString()}::timestamptz)`);
}

/** A balanced journal entry dated `at` (the ledger's own post dates by the clock): house to the member's main wallet. */
async function money(userId: number, kind: 'deposit' | 'withdrawal' | 'bonus' | 'adjustment', amount: number, at: Date) {
  const ledgerRepo = createLedgerRepository();
  await t.database.db.transaction(async (tx) => {
    const wallet = await ledgerRepo.walletAccount(tx, merchantId, userId, 'MAIN');
    const house = await ledgerRepo.houseAccount(tx, merchantId, 'adjustment');
    const [e] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into journal_entries (merchant_id, key, kind, created_at) values (${merchantId}, ${`rollup:${++rounds}`}, ${kind}, ${at.toISOString()}::timestamptz) returning id`),
    );
    const [h] = rowsOf<{ balance: number }>(await tx.execute(sql`update ledger_accounts set balance = balance - ${amount} where id = ${house} returning balance`));
    const [w] = rowsOf<{ balance: number }>(await tx.execute(sql`update ledger_accounts set balance = balance + ${amount} where id = ${wallet.id} returning balance`));
    await tx.execute(sql`
      insert into postings (entry_id, account_id, amount, balance_after, created_at) values
        (${Number(e?.id)}, ${house}, ${-amount}, ${Number(h?.balance)}, ${at.toISOString()}::timestamptz),
        (${Number(e?.id)}, ${wallet.id}, ${amount}, ${Number(w?.balance)}, ${at.toISOString()}::timestamptz)`);
  });
}

/** The overview's figures summed directly over the team, as the overview computed them before the rollups. */
async function direct(agentId: number, from: string, to: string) {
  const db = t.database.db;
  const between = (col: string) => sql.raw(`${col} >= ('${from}'::date)::timestamp at time zone '${tz}' and ${col} < ('${to}'::date + 1)::timestamp at time zone '${tz}'`);
  const day = (col: string) => sql.raw(`to_char((${col} at time zone '${tz}')::date, 'YYYY-MM-DD')`);
  const [c] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`
      select (select count(*) from user_paths where ancestor_id = ${agentId} and depth > 0) as size,
        (select count(*) from users where upline_id = ${agentId} and type = 'member') as members,
        (select count(*) from users where upline_id = ${agentId} and type = 'agent') as agents,
        (select count(*) from users where id in (select descendant_id from user_paths where ancestor_id = ${agentId} and depth > 0) and ${between('created_at')}) as fresh,
        (select coalesce(sum(balance), 0) from ledger_accounts where kind <> 'points' and user_id in (select descendant_id from user_paths where ancestor_id = ${agentId} and depth > 0)) as balance`),
  );
  const money = rowsOf<{ day: string; kind: string; total: string | number }>(
    await db.execute(sql`
      select ${day('p.created_at')} as day, e.kind, sum(p.amount) as total
      from user_paths tm join ledger_accounts a on a.user_id = tm.descendant_id and a.kind = 'wallet'
      join postings p on p.account_id = a.id join journal_entries e on e.id = p.entry_id
      where tm.ancestor_id = ${agentId} and tm.depth > 0 and e.kind in ('deposit', 'withdrawal', 'bonus') and ${between('p.created_at')}
      group by 1, 2`),
  );
  const bets = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      with team as (select descendant_id as id from user_paths where ancestor_id = ${agentId} and depth > 0),
      bets as (
        select x.user_id, x.created_at, x.bet_amount, x.valid_bet, x.payout, x.status from game_rounds x join team on team.id = x.user_id where ${between('x.created_at')}
        union all
        select t.user_id, t.created_at, t.amount, case when t.status in ('won', 'lost') then t.amount else 0 end,
               case when t.status in ('won', 'lost') then coalesce(t.payout, 0) else 0 end,
               case t.status when 'open' then 'open' when 'void' then 'void' else 'settled' end
        from lottery_tickets t join team on team.id = t.user_id where ${between('t.created_at')}
      ),
      active as (select user_id from bets where status = 'settled' group by user_id having sum(valid_bet) >= ${ACTIVE_MEMBER_VALID_BET})
      select ${day('b.created_at')} as day, sum(b.bet_amount) filter (where b.status <> 'void') as bet, sum(b.valid_bet) filter (where b.status = 'settled') as valid,
             sum(b.payout) filter (where b.status = 'settled') as payout, sum(b.payout - b.bet_amount) filter (where b.status = 'settled') as wl,
             (select count(*) from active) as active
      from bets b group by 1`),
  );
  const n = (v: unknown) => Number(v ?? 0);
  const series = daysBetween(from, to).map((date) => {
    const m = (kind: string) => n(money.find((x) => x.day === date && x.kind === kind)?.total);
    const b = bets.find((x) => x.day === date);
    return { date, deposit: m('deposit'), withdrawal: -m('withdrawal'), betAmount: n(b?.bet), validBet: n(b?.valid), payout: n(b?.payout), winLoss: n(b?.wl), bonus: m('bonus') };
  });
  const sum = (k: keyof (typeof series)[number]) => series.reduce((s, d) => s + Number(d[k]), 0);
  return {
    teamSize: n(c?.size),
    directMembers: n(c?.members),
    directAgents: n(c?.agents),
    newMembers: n(c?.fresh),
    activeMembers: n(bets[0]?.active),
    teamBalance: n(c?.balance),
    totals: { deposit: sum('deposit'), withdrawal: sum('withdrawal'), betAmount: sum('betAmount'), validBet: sum('validBet'), payout: sum('payout'), winLoss: sum('winLoss'), bonus: sum('bonus') },
    series,
  };
}

const ids: Record<string, number> = {};
const RANGES = () => [
  { from: localDay(ago(6)), to: localDay(NOW) },
  { from: localDay(ago(12)), to: localDay(NOW) },
  { from: localDay(ago(3)), to: localDay(ago(3)) },
  { from: localDay(ago(9)), to: localDay(ago(2)) },
  { from: '2020-01-01', to: '2020-01-31' },
];

async function expectSameAsDirect() {
  for (const agent of ['boss', 'sub1', 'sub2', 'agent01']) {
    const id = ids[agent] ?? 0;
    for (const r of RANGES()) expect(await overviewOf(id, r), `${agent} ${r.from}..${r.to}`).toEqual(await direct(id, r.from, r.to));
    expect(await overviewOf(id, {}), `${agent} default range`).toEqual(await direct(id, localDay(ago(6)), localDay(NOW)));
  }
}

describe('team rollups', () => {
  it('give the overview the same figures as the direct sums over the team', async () => {
    const [a1] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from users where username = 'agent01'`));
    ids.agent01 = Number(a1?.id);
    ids.boss = await user('rollboss', ids.agent01, 'agent', ago(20));
    ids.sub1 = await user('rollsub1', ids.boss, 'agent', ago(10));
    ids.sub2 = await user('rollsub2', ids.sub1, 'agent', ago(8, 5));
    ids.m1 = await user('rollm1', ids.sub1, 'member', ago(4, 3));
    ids.m2 = await user('rollm2', ids.sub2, 'member', ago(1, 20));
    ids.m3 = await user('rollm3', ids.boss, 'member', ago(0));
    for (const [i, who] of (['sub1', 'sub2', 'm1', 'm2', 'm3'] as const).entries()) {
      const u = ids[who] ?? 0;
      for (let d = 0; d < 10; d += 1 + (i % 3)) {
        await round(u, 40_000 + i * 10_000, ago(d, i), 'settled', d % 2 === 0 ? 0 : 90_000);
        await round(u, 5_000, ago(d, i + 1), d % 3 === 0 ? 'void' : 'open');
        await ticket(u, 20_000, ago(d, 2), d % 2 === 0 ? 'lost' : 'won', d % 2 === 0 ? 0 : 150_000);
      }
      await ticket(u, 7_000, ago(1), 'open', null);
      await money(u, 'deposit', 500_000 + i, ago(i * 2, 1));
      await money(u, 'bonus', 3_000, ago(i, 4));
      await money(u, 'adjustment', 1_234, ago(i));
      await money(u, 'withdrawal', -200_000, ago(i, 2));
    }
    await expectSameAsDirect();
    // Not an agreement on zeros: the boss's team shows every kind of figure.
    const boss = await overviewOf(ids.boss, { from: localDay(ago(12)), to: localDay(NOW) });
    expect(boss).toMatchObject({ teamSize: 5, directMembers: 1, directAgents: 1, newMembers: 5 });
    expect(boss.activeMembers).toBeGreaterThan(0);
    expect(boss.teamBalance).toBeGreaterThan(0);
    for (const k of ['deposit', 'withdrawal', 'betAmount', 'validBet', 'payout', 'winLoss', 'bonus'] as const) expect(boss.totals[k], k).not.toBe(0);
  });

  it('counts data that arrives late once, and a rerun of the rollup counts nothing twice', async () => {
    const open = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from game_rounds where round_id like 'rollup-%' and status = 'open' order by id`));
    expect(open.length).toBeGreaterThan(2);
    // An old open round settles, another is voided, both days ago by their bet time.
    await t.database.db.execute(sql`update game_rounds set status = 'settled', valid_bet = bet_amount, payout = 12000, settled_at = now() where id = ${Number(open[0]?.id)}`);
    await t.database.db.execute(sql`update game_rounds set status = 'void', settled_at = now() where id = ${Number(open[1]?.id)}`);
    // An update that changes no figure queues nothing.
    await t.database.db.execute(sql`update game_rounds set detail = '{"seen": true}'::jsonb where id = ${Number(open[2]?.id)}`);
    // Open lottery tickets settle in a later draw.
    await t.database.db.execute(sql`update lottery_tickets set status = 'won', payout = 55000 where status = 'open' and user_id = ${ids.m2 ?? 0}`);
    await t.database.db.execute(sql`update lottery_tickets set status = 'lost', payout = 0 where status = 'open' and user_id = ${ids.m1 ?? 0}`);
    // A bet and money dated days back, a member registered in the past.
    await round(ids.m1 ?? 0, 333_000, ago(5, 7), 'settled', 0);
    await money(ids.m3 ?? 0, 'deposit', 77_000, ago(3));
    ids.m4 = await user('rollm4', ids.sub2 ?? 0, 'member', ago(2, 9));
    await round(ids.m4, 150_000, ago(2), 'settled', 0);
    await expectSameAsDirect();
    // The rollup run again, and twice at once: the queue was taken once, so nothing moves.
    const before = await overviewOf(ids.boss ?? 0, { from: localDay(ago(12)), to: localDay(NOW) });
    expect(await rollup().catchUp()).toBe(0);
    await Promise.all([rollup().catchUp(), rollup().catchUp()]);
    expect(await overviewOf(ids.boss ?? 0, { from: localDay(ago(12)), to: localDay(NOW) })).toEqual(before);
    // Changes queued while two rollups run at once are each applied once.
    await money(ids.m2 ?? 0, 'bonus', 4_000, ago(1));
    await round(ids.sub2 ?? 0, 90_000, ago(6), 'settled', 180_000);
    await Promise.all([rollup().catchUp(), rollup().catchUp()]);
    await expectSameAsDirect();
    expect((await createLedger({ repo: createLedgerRepository() }).check(t.database.db)).ok).toBe(true);
  });
});
