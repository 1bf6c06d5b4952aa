import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import { consoleDepositDecide, type TConsoleCallDef } from '@playhall/contract/console';
import {
  consoleReportAgents,
  consoleReportGgr,
  consoleReportMembers,
  type TReportAgentRow,
  type TReportGgrRow,
  type TReportMemberRow,
} from '@playhall/contract/console-reports';
import { rowsOf } from '../src/db/client.ts';
import { ACTIVE_MEMBER_VALID_BET } from '../src/modules/agent/settlement.service.ts';
import { createLedgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { consoleCall, enrolledOperator } from './support/console.ts';
import { houseClient } from './support/house-client.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

// The console's reports (issue 24) over HTTP with real operator sessions: every figure of each report equals the direct
// sums over the bet records, the wallets' postings and the upline tree, computed here apart (local days by the
// merchant's zone in JavaScript), on bets placed by a house game and a deposit approved by the console, and on bets and
// money dated on both sides of a local midnight. A role without reports.view is refused; a bad range too.

let t: TTestApp;
let api: TApi;
let tz = '';
let finance = '';
let support = '';
const { launchUrl, house } = houseClient(() => ({ t, api }));

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  finance = (await enrolledOperator(t, 'finance.reports', 'finance')).cookie;
  support = (await enrolledOperator(t, 'support.reports', 'support')).cookie;
  const [m] = await q<{ tz: string }>(sql`select time_zone as tz from merchants where id = ${t.merchantId}`);
  tz = String(m?.tz);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const localDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(at);
/** The instant of a local wall-clock time in the merchant's zone (the zone's offset at that moment, no DST assumed). */
function localInstant(day: string, time: string): Date {
  const guess = new Date(`${day}T${time}Z`);
  const shown = new Date(new Intl.DateTimeFormat('sv-SE', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' }).format(guess).replace(' ', 'T') + 'Z');
  return new Date(guess.getTime() - (shown.getTime() - guess.getTime()));
}

async function report<T>(def: TConsoleCallDef, input: Record<string, unknown>, cookie = finance) {
  const res = await consoleCall<T>(t, def, input, { cookie });
  return res;
}
async function ok<T>(def: TConsoleCallDef, input: Record<string, unknown>): Promise<T> {
  const res = await report<T>(def, input);
  expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([200, 'ok']);
  return res.body.value;
}

/** Every row of a paged report, 100 a page, as the page's CSV export reads them. */
async function allRows<R>(def: TConsoleCallDef, input: Record<string, unknown>): Promise<{ rows: R[]; first: { total: number; totals: Record<string, number> } }> {
  const rows: R[] = [];
  let first: { total: number; totals: Record<string, number> } | null = null;
  for (let page = 1; ; page++) {
    const v = await ok<{ list: R[]; total: number; totals: Record<string, number> }>(def, { ...input, page, pageSize: 100 });
    first ??= v;
    rows.push(...v.list);
    if (v.list.length < 100) break;
  }
  return { rows, first: first! };
}

// ---------------------------------------------------------------- direct sums

interface TBetRow {
  user_id: string | number;
  category: string;
  vassalage: string;
  status: string;
  bet_amount: string | number;
  valid_bet: string | number;
  payout: string | number;
  created_at: string | Date;
}

/** The merchant's bets of non-trial accounts whose local day is in [from, to] (a wide UTC window, filtered here). */
async function betsIn(from: string, to: string) {
  const rows = await q<TBetRow>(sql`
    select b.user_id, b.category, b.vassalage, b.status, b.bet_amount, b.valid_bet, b.payout, b.created_at
    from bet_records b join users u on u.id = b.user_id
    where b.merchant_id = ${t.merchantId} and u.account_type <> 4
      and b.created_at >= ${from}::date - 2 and b.created_at < ${to}::date + 3`);
  return rows.map((r) => ({ ...r, day: localDay(new Date(r.created_at)), user: Number(r.user_id) })).filter((r) => r.day >= from && r.day <= to);
}

/** Per account: deposits and withdrawals posted to its wallets (local day in range), stakes and payouts of its bets. */
async function perMember(from: string, to: string) {
  const out = new Map<number, { deposits: number; withdrawals: number; bets: number; validBet: number; payouts: number }>();
  const of = (id: number) => {
    let m = out.get(id);
    if (!m) out.set(id, (m = { deposits: 0, withdrawals: 0, bets: 0, validBet: 0, payouts: 0 }));
    return m;
  };
  for (const b of await betsIn(from, to)) {
    if (b.status !== 'void') of(b.user).bets += Number(b.bet_amount);
    if (b.status === 'settled') {
      of(b.user).payouts += Number(b.payout);
      of(b.user).validBet += Number(b.valid_bet);
    }
  }
  const postings = await q<{ user_id: string | number; kind: string; amount: string | number; created_at: string | Date }>(sql`
    select a.user_id, e.kind, p.amount, p.created_at
    from postings p join ledger_accounts a on a.id = p.account_id and a.kind = 'wallet' join journal_entries e on e.id = p.entry_id
    join users u on u.id = a.user_id
    where u.merchant_id = ${t.merchantId} and u.account_type <> 4 and e.kind in ('deposit', 'withdrawal')
      and p.created_at >= ${from}::date - 2 and p.created_at < ${to}::date + 3`);
  for (const p of postings) {
    if (localDay(new Date(p.created_at)) < from || localDay(new Date(p.created_at)) > to) continue;
    if (p.kind === 'deposit') of(Number(p.user_id)).deposits += Number(p.amount);
    else of(Number(p.user_id)).withdrawals -= Number(p.amount);
  }
  for (const [id, m] of out) if (!m.deposits && !m.withdrawals && !m.bets && !m.payouts) out.delete(id);
  return out;
}

async function checkGgr(from: string, to: string) {
  const v = await ok<{ rows: TReportGgrRow[]; totals: Record<string, number> }>(consoleReportGgr, { from, to });
  const want = new Map<string, { bets: number; payouts: number; betCount: number; players: Set<number> }>();
  const all = { bets: 0, payouts: 0, betCount: 0, players: new Set<number>() };
  for (const b of await betsIn(from, to)) {
    const key = `${b.day}|${b.category}|${b.vassalage}`;
    const g = want.get(key) ?? { bets: 0, payouts: 0, betCount: 0, players: new Set<number>() };
    want.set(key, g);
    for (const x of [g, all]) {
      if (b.status !== 'void') {
        x.bets += Number(b.bet_amount);
        x.betCount += 1;
        x.players.add(b.user);
      }
      if (b.status === 'settled') x.payouts += Number(b.payout);
    }
  }
  const got = new Map(v.rows.map((r) => [`${r.day}|${r.category}|${r.vendor}`, r]));
  expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
  for (const [key, g] of want) {
    expect(got.get(key), key).toMatchObject({ bets: g.bets, payouts: g.payouts, ggr: g.bets - g.payouts, betCount: g.betCount, players: g.players.size });
  }
  expect(v.totals).toEqual({ bets: all.bets, payouts: all.payouts, ggr: all.bets - all.payouts, betCount: all.betCount, players: all.players.size });
  return v;
}

async function checkMembers(from: string, to: string) {
  const { rows, first } = await allRows<TReportMemberRow>(consoleReportMembers, { from, to });
  const want = await perMember(from, to);
  expect(rows.map((r) => r.userId).sort()).toEqual([...want.keys()].sort());
  expect(first.total).toBe(want.size);
  const sum = { deposits: 0, withdrawals: 0, bets: 0, validBet: 0, payouts: 0, ggr: 0 };
  for (const r of rows) {
    const m = want.get(r.userId)!;
    expect(r, r.username).toMatchObject({ ...m, ggr: m.bets - m.payouts });
    for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += k === 'ggr' ? m.bets - m.payouts : m[k];
  }
  expect(first.totals).toEqual(sum);
  // Sorted by GGR, most first (the default).
  expect(rows.map((r) => r.ggr)).toEqual([...rows.map((r) => r.ggr)].sort((a, b) => b - a));
  return { rows, want };
}

async function checkAgents(from: string, to: string) {
  const { rows, first } = await allRows<TReportAgentRow>(consoleReportAgents, { from, to });
  const members = await perMember(from, to);
  const paths = await q<{ a: string | number; d: string | number; created_at: string | Date }>(sql`
    select p.ancestor_id as a, p.descendant_id as d, u.created_at
    from user_paths p join users u on u.id = p.descendant_id join users ag on ag.id = p.ancestor_id
    where p.depth > 0 and ag.merchant_id = ${t.merchantId} and ag.type = 'agent'`);
  const agents = await q<{ id: string | number; top: boolean }>(sql`
    select u.id, (up.id is null or up.type <> 'agent') as top from users u left join users up on up.id = u.upline_id
    where u.merchant_id = ${t.merchantId} and u.type = 'agent'`);
  const tops = new Set(agents.filter((a) => a.top).map((a) => Number(a.id)));
  expect(rows.map((r) => r.agentId).sort()).toEqual(agents.map((a) => Number(a.id)).sort());
  expect(first.total).toBe(agents.length);
  const totals = { deposits: 0, withdrawals: 0, bets: 0, validBet: 0, payouts: 0, ggr: 0, teamSize: 0, newMembers: 0, activeMembers: 0 };
  for (const r of rows) {
    const team = paths.filter((p) => Number(p.a) === r.agentId);
    const want = { deposits: 0, withdrawals: 0, bets: 0, validBet: 0, payouts: 0, ggr: 0, teamSize: team.length, newMembers: 0, activeMembers: 0 };
    for (const p of team) {
      const m = members.get(Number(p.d));
      const day = localDay(new Date(p.created_at));
      if (day >= from && day <= to) want.newMembers += 1;
      if (!m) continue;
      want.deposits += m.deposits;
      want.withdrawals += m.withdrawals;
      want.bets += m.bets;
      want.validBet += m.validBet;
      want.payouts += m.payouts;
      want.ggr += m.bets - m.payouts;
      if (m.validBet >= ACTIVE_MEMBER_VALID_BET) want.activeMembers += 1;
    }
    expect(r, r.username).toMatchObject(want);
    // The top agents' teams do not overlap and hold every other: the total adds up theirs.
    if (tops.has(r.agentId)) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += want[k];
  }
  expect(first.totals).toEqual(totals);
  return rows;
}

// ---------------------------------------------------------------- fixtures

let seq = 0;
async function user(username: string, uplineId: number | null, type: 'agent' | 'member', at: Date, accountType?: number): Promise<number> {
  const [row] = await q<{ id: number }>(sql`
    insert into users (merchant_id, username, type, account_type, upline_id, created_at)
    values (${t.merchantId}, ${username}, ${type}, ${accountType ?? (type === 'agent' ? 2 : 0)}, ${uplineId}, ${at.toISOString()}::timestamptz) returning id`);
  return Number(row?.id);
}

async function round(userId: number, stake: number, at: Date, status: 'open' | 'settled' | 'void', payout: number, game: { row: number; category: string; vassalage: string }) {
  await t.database.db.execute(sql`
    insert into game_rounds (merchant_id, round_id, user_id, game_row_id, category, vassalage, game_id, bet_amount, valid_bet, payout, status, settled_at, created_at)
    values (${t.merchantId}, ${`report-${++seq}`}, ${userId}, ${game.row}, ${game.category}, ${game.vassalage}, 'report-game', ${stake}, ${status === 'settled' ? stake : 0},
            ${payout}, ${status}, ${status === 'open' ? null : at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)`);
}

/** A balanced journal entry dated `at` (the ledger's own post dates by the clock): house to the member's main wallet. */
async function money(userId: number, kind: 'deposit' | 'withdrawal', amount: number, at: Date) {
  const ledgerRepo = createLedgerRepository();
  await t.database.db.transaction(async (tx) => {
    const wallet = await ledgerRepo.walletAccount(tx, t.merchantId, userId, 'MAIN');
    const houseAccount = await ledgerRepo.houseAccount(tx, t.merchantId, 'adjustment');
    const [e] = rowsOf<{ id: number }>(
      await tx.execute(sql`insert into journal_entries (merchant_id, key, kind, created_at) values (${t.merchantId}, ${`report:${++seq}`}, ${kind}, ${at.toISOString()}::timestamptz) returning id`),
    );
    const [h] = rowsOf<{ balance: number }>(await tx.execute(sql`update ledger_accounts set balance = balance - ${amount} where id = ${houseAccount} returning balance`));
    const [w] = rowsOf<{ balance: number }>(await tx.execute(sql`update ledger_accounts set balance = balance + ${amount} where id = ${wallet.id} returning balance`));
    await tx.execute(sql`
      insert into postings (entry_id, account_id, amount, balance_after, created_at) values
        (${Number(e?.id)}, ${houseAccount}, ${-amount}, ${Number(h?.balance)}, ${at.toISOString()}::timestamptz),
        (${Number(e?.id)}, ${wallet.id}, ${amount}, ${Number(w?.balance)}, ${at.toISOString()}::timestamptz)`);
  });
}

// ---------------------------------------------------------------- tests

describe(`console reports on ${TEST_DB}`, () => {
  it('refuses a role without reports.view, and a reversed or too long range as a field error', async () => {
    for (const def of [consoleReportGgr, consoleReportAgents, consoleReportMembers]) {
      const refused = await report(def, {}, support);
      expect([refused.status, refused.body.code], def.name).toEqual([403, 'forbidden']);
      const reversed = await report(def, { from: '2025-03-02', to: '2025-03-01' });
      expect([reversed.status, reversed.body.value], def.name).toEqual([400, { issues: [expect.objectContaining({ path: 'from', message: 'from_after_to' })] }]);
      const long = await report(def, { from: '2024-01-01', to: '2025-01-01' });
      expect([long.status, long.body.value], def.name).toEqual([400, { issues: [expect.objectContaining({ path: 'from', message: 'range_too_long' })] }]);
      const noDate = await report(def, { from: '2025-02-30' });
      expect([noDate.status, noDate.body.code], def.name).toEqual([400, 'validation_failed']);
      // 366 days (a leap year) is the most.
      expect((await report(def, { from: '2024-01-01', to: '2024-12-31' })).status, def.name).toBe(200);
    }
    const badSort = await report(consoleReportMembers, { sort: 'password' });
    expect(badSort.status).toBe(400);
  });

  it("today's bets from a house game and a deposit approved in the console: each report equals the direct sums", async () => {
    await api.ops({ kind: 'user.create', username: 'reportplay01', password: 'Member12345', type: 'member', upline: null });
    await api.sql(sql`update users set password_initial = false where username = ${'reportplay01'}`);
    const [me] = await q<{ id: number }>(sql`select id from users where username = 'reportplay01'`);
    const [channel] = await q<{ id: number }>(sql`select id from deposit_channels where merchant_id = ${t.merchantId} and type = 'bank' order by id limit 1`);
    const [d] = await q<{ id: number }>(sql`
      insert into deposits (merchant_id, user_id, channel_id, request_id, amount, status, payer_name)
      values (${t.merchantId}, ${Number(me?.id)}, ${Number(channel?.id)}, 'report-dep-1', 3000000, 'pendingReview', 'Payer') returning id`);
    const decided = await consoleCall(t, consoleDepositDecide, { id: Number(d?.id), decision: 'approve' }, { cookie: finance });
    expect(decided.status).toBe(200);
    const login = (await api.call(auth.login, { type: 'username', username: 'reportplay01', password: 'Member12345' }, { ip: freshIp() })) as TLogin;
    const url = await launchUrl(login.body.value.token, { vassalage: 'PH_SLOT', gameId: 'lucky-crown', language: 'EN' });
    const gameToken = new URLSearchParams(url.split('#')[1]).get('token');
    for (let i = 0; i < 3; i++) expect((await house('POST', 'play', gameToken, { input: { betPerLine: 5_000 } })).status).toBe(200);

    const today = localDay(new Date());
    const ggr = await checkGgr(today, today);
    expect(ggr.rows.find((r) => r.vendor === 'PH_SLOT' && r.category === 'RNG')?.betCount).toBeGreaterThanOrEqual(3);
    const { rows } = await checkMembers(today, today);
    expect(rows.find((r) => r.username === 'reportplay01')).toMatchObject({ deposits: 3_000_000, bets: 300_000, withdrawals: 0 });
    // Searched by a part of the name, case aside.
    const found = await ok<{ list: TReportMemberRow[]; total: number }>(consoleReportMembers, { from: today, to: today, q: 'PORTPLAY' });
    expect([found.total, found.list.map((r) => r.username)]).toEqual([1, ['reportplay01']]);
    await checkAgents(today, today);
  });

  it('splits bets and money at local midnight, by category and vendor, per agent team and member; trial accounts left out', async () => {
    const D = '2021-06-15';
    const before = localInstant(D, '23:59:59');
    const after = localInstant('2021-06-16', '00:00:00');
    expect([localDay(before), localDay(after)]).toEqual([D, '2021-06-16']);
    const [slot] = await q<{ id: number }>(sql`select id from games where house_game = 'slot' limit 1`);
    const [other] = await q<{ category: string; vassalage: string }>(sql`
      select category, vassalage from vendors where merchant_id = ${t.merchantId} and category <> 'RNG' order by id limit 1`);
    const rng = { row: Number(slot?.id), category: 'RNG', vassalage: 'PH_SLOT' };
    const live = { row: Number(slot?.id), category: String(other?.category), vassalage: String(other?.vassalage) };

    const top = await user('rpt_top', null, 'agent', localInstant('2021-06-14', '12:00:00'));
    const sub = await user('rpt_sub', top, 'agent', localInstant(D, '08:00:00'));
    const m1 = await user('rpt_m1', sub, 'member', before);
    const m2 = await user('rpt_m2', top, 'member', after);
    const m3 = await user('rpt_m3', null, 'member', localInstant('2021-06-14', '12:00:00'));
    const trial = await user('rpt_trial', null, 'member', before, 4);

    await round(m1, 5_000_000, before, 'settled', 1_000_000, rng);
    await round(m1, 2_000_000, after, 'settled', 6_000_000, rng);
    await round(m1, 700_000, before, 'void', 0, rng);
    await round(m2, 300_000, before, 'open', 0, live);
    await round(m2, 9_000_000, after, 'settled', 0, live);
    await round(m3, 100_000, before, 'settled', 150_000, live);
    await round(trial, 8_000_000, before, 'settled', 0, rng);
    await money(m1, 'deposit', 10_000_000, before);
    await money(m1, 'withdrawal', -4_000_000, after);
    await money(m2, 'deposit', 500_000, after);
    await money(trial, 'deposit', 900_000, before);

    // The day before midnight only.
    const ggr = await checkGgr(D, D);
    expect(ggr.rows.filter((r) => r.vendor === 'PH_SLOT')).toEqual([
      expect.objectContaining({ day: D, category: 'RNG', bets: 5_000_000, payouts: 1_000_000, ggr: 4_000_000, betCount: 1, players: 1 }),
    ]);
    expect(ggr.totals).toEqual({ bets: 5_400_000, payouts: 1_150_000, ggr: 4_250_000, betCount: 3, players: 3 });
    const members = await checkMembers(D, D);
    expect(members.rows.map((r) => r.username).sort()).toEqual(['rpt_m1', 'rpt_m2', 'rpt_m3']);
    expect(members.rows.find((r) => r.username === 'rpt_m1')).toMatchObject({ deposits: 10_000_000, withdrawals: 0, bets: 5_000_000, validBet: 5_000_000, payouts: 1_000_000 });
    const agents = await checkAgents(D, D);
    expect(agents.find((r) => r.username === 'rpt_top')).toMatchObject({ upline: null, teamSize: 3, newMembers: 2, bets: 5_300_000, deposits: 10_000_000 });
    expect(agents.find((r) => r.username === 'rpt_sub')).toMatchObject({ upline: 'rpt_top', teamSize: 1, newMembers: 1, bets: 5_000_000, activeMembers: 1 });

    // Both days: every group of each day, members across the two.
    const both = await checkGgr(D, '2021-06-16');
    expect(both.rows.filter((r) => r.vendor === 'PH_SLOT').map((r) => [r.day, r.ggr])).toEqual([
      [D, 4_000_000],
      ['2021-06-16', -4_000_000],
    ]);
    const two = await checkMembers(D, '2021-06-16');
    expect(two.rows.map((r) => r.username)).toEqual(['rpt_m2', 'rpt_m1', 'rpt_m3']);
    expect(two.rows.find((r) => r.username === 'rpt_m1')).toMatchObject({ withdrawals: 4_000_000, ggr: 0 });
    await checkAgents(D, '2021-06-16');

    // Sorted by username ascending, two to a page: the pages follow on.
    const p1 = await ok<{ list: TReportMemberRow[]; total: number }>(consoleReportMembers, { from: D, to: '2021-06-16', sort: 'username', order: 'asc', pageSize: 2 });
    const p2 = await ok<{ list: TReportMemberRow[]; total: number }>(consoleReportMembers, { from: D, to: '2021-06-16', sort: 'username', order: 'asc', pageSize: 2, page: 2 });
    expect([...p1.list, ...p2.list].map((r) => r.username)).toEqual(['rpt_m1', 'rpt_m2', 'rpt_m3']);
    const past = await ok<{ list: TReportMemberRow[]; total: number; totals: { bets: number } }>(consoleReportMembers, { from: D, to: '2021-06-16', page: 9 });
    expect([past.list.length, past.total, past.totals.bets]).toEqual([0, 3, two.rows.reduce((s, r) => s + r.bets, 0)]);
    // An empty range answers zeros, not an error.
    const empty = await ok<{ rows: unknown[]; totals: Record<string, number> }>(consoleReportGgr, { from: '2021-01-01', to: '2021-01-02' });
    expect(empty).toMatchObject({ rows: [], totals: { bets: 0, payouts: 0, ggr: 0, betCount: 0, players: 0 } });
  });
});
