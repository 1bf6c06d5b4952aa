import crypto from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as agent from '@playhall/contract/calls/agent';
import type { TTier } from '@playhall/contract/calls/agent';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as wallet from '@playhall/contract/calls/wallet';
import { rowsOf } from '../src/db/client.ts';
import {
  dividendAmount,
  ledgerKey,
  periodWindow,
  realtimeSalary,
  salaryAmount,
  type TPeriodUnit,
} from '../src/modules/agent-engine/index.ts';
import { ACTIVE_MEMBER_VALID_BET } from '../src/modules/agent/settlement.service.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

/**
 * Issue 7's week: a three-level team (top agent A, its agent B, B's agent C, a member under each) with contracts
 * of every kind down the chain, a simulated week of bets (slot rounds and a lottery ticket, placed through the real
 * server and then dated into the week of 1–7 June 2026), and two server processes whose schedulers tick through
 * that week and three days past it every 15 minutes, at the same moments. On PostgreSQL the two are separate
 * Node processes on the database (`support/scheduler-process.ts`); on PGlite, which allows one process, two apps
 * with their own schedulers in this one.
 *
 * It shows: every contract is billed once for every period, each bill's amount is the formula's on the week's
 * bets and bonuses (computed here from them, not by the server's SQL), each paid bill is one ledger entry under
 * `<kind>:<contract>:<period>` moving exactly that amount, the agents' balances move by what they received minus
 * what they paid, the ledger check is clean, and the weekly dividend A cannot pay is refused at its deadline and
 * freezes A — no withdrawal — until A pays it.
 */

const TZ = 'Asia/Ho_Chi_Minh';
const WEEK_START = new Date('2026-06-01T00:00:00+07:00'); // a Monday
const WEEK_END = new Date('2026-06-08T00:00:00+07:00');
const LAST_TICK = new Date('2026-06-11T00:30:00+07:00');
const TICK_MS = 15 * 60_000;
const ONLY = ['agent.settle.'];
const PASSWORD = 'Week12345';
const PAY = '135790';

let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

/** A scheduler in another server: `tick(at)` runs what is due there at that moment. */
interface TTicker {
  tick(at: Date): Promise<number>;
  close(): Promise<void>;
}

async function forkedServer(databaseUrl: string): Promise<TTicker> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'support/scheduler-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve(n: number): void; reject(e: Error): void }>();
  let nextId = 1;
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`scheduler process exited ${code}`)));
    child.on('message', (raw) => {
      const msg = raw as { ready?: boolean; id?: number; ran?: number; error?: string };
      if (msg.ready) return resolve();
      const w = waiting.get(msg.id ?? 0);
      waiting.delete(msg.id ?? 0);
      if (msg.error) w?.reject(new Error(msg.error));
      else w?.resolve(msg.ran ?? 0);
    });
  });
  return {
    tick: (at) =>
      new Promise<number>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        child.send({ id, at: at.toISOString(), only: ONLY });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ stop: true });
      }),
  };
}

async function twoServers(): Promise<TTicker[]> {
  if (TEST_DB === 'postgres' && t.databaseUrl) return [await forkedServer(t.databaseUrl), await forkedServer(t.databaseUrl)];
  const first: TTicker = { tick: (at) => t.scheduler.tick(at, { only: ONLY }), close: async () => undefined };
  const other = await t.secondApp();
  return [first, { tick: (at) => other.scheduler.tick(at, { only: ONLY }), close: () => other.close() }];
}

async function token(username: string): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password: PASSWORD }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res.body.value.token;
}

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

const at = (day: number, hh: number, mm: number, ss = 0) => new Date(WEEK_START.getTime() + day * 86_400_000 + ((hh * 60 + mm) * 60 + ss) * 1000);

describe('a simulated week on two servers', () => {
  it('settles every kind once per period by the formulas, and freezes the upline that does not pay', async () => {
    // --- The team: A (top agent) → B → C, a member under each.
    const ids: Record<string, number> = {};
    const idOf = (name: string): number => ids[name] ?? 0;
    for (const [username, type, upline] of [
      ['weekaa', 'agent', null],
      ['weekab', 'agent', 'weekaa'],
      ['weekac', 'agent', 'weekab'],
      ['weekma', 'member', 'weekaa'],
      ['weekmb', 'member', 'weekab'],
      ['weekmc', 'member', 'weekac'],
    ] as const) {
      const created = await api.ops({ kind: 'user.create', username, password: PASSWORD, type, upline });
      expect(created.ok, created.message).toBe(true);
      await api.sql(sql`update users set password_initial = false where username = ${username}`);
      const [row] = await q<{ id: string }>(sql`select id from users where username = ${username}`);
      ids[username] = Number(row?.id);
    }
    const team = {
      weekaa: ['weekaa', 'weekab', 'weekac', 'weekma', 'weekmb', 'weekmc'],
      weekab: ['weekab', 'weekac', 'weekmb', 'weekmc'],
      weekac: ['weekac', 'weekmc'],
    } as const;
    const tok = { weekaa: await token('weekaa'), weekab: await token('weekab'), weekac: await token('weekac') };

    // --- Contracts of every kind down the chain (tiers: a higher rate once a member is active and the team's
    // valid bet reaches 3,000.00). Periods differ by level: A's dividend is monthly, B's weekly, C's daily.
    const salary = (low: number, high: number) => ({ tiers: [{ rate: low, minActiveMembers: 0, minValidBet: 0 }, { rate: high, minActiveMembers: 1, minValidBet: 15_000_000 }] });
    const platform: agent.TContractTerms[] = [
      { kind: 'dailySalary', ...salary(50, 80) } as agent.TContractTerms,
      { kind: 'hourlySalary', tiers: [{ rate: 30, minActiveMembers: 0, minValidBet: 0 }] },
      { kind: 'realtimeSalary', profitRate: 20, lossRate: 40, minBetAmount: 1_000 },
      { kind: 'dividend', period: 'monthly', tiers: [{ rate: 3_000, minActiveMembers: 0, minNetLoss: 0 }] },
    ];
    for (const terms of platform) expect((await api.ops({ kind: 'contract.platform', username: 'weekaa', terms })).ok).toBe(true);
    const relays = { dailySalary: agent.processDailySalary, hourlySalary: agent.processHourlySalary, realtimeSalary: agent.processRealtimeSalary, dividend: agent.processDividend };
    const chain: [keyof typeof tok, keyof typeof tok, keyof typeof relays, Record<string, unknown>][] = [
      ['weekaa', 'weekab', 'dailySalary', salary(40, 60)],
      ['weekaa', 'weekab', 'hourlySalary', { tiers: [{ rate: 20, minActiveMembers: 0, minValidBet: 0 }] }],
      ['weekaa', 'weekab', 'realtimeSalary', { profitRate: 15, lossRate: 30, minBetAmount: 1_000 }],
      ['weekaa', 'weekab', 'dividend', { period: 'weekly', tiers: [{ rate: 2_000, minActiveMembers: 0, minNetLoss: 0 }] }],
      ['weekab', 'weekac', 'dailySalary', salary(30, 45)],
      ['weekab', 'weekac', 'hourlySalary', { tiers: [{ rate: 10, minActiveMembers: 0, minValidBet: 0 }] }],
      ['weekab', 'weekac', 'realtimeSalary', { profitRate: 10, lossRate: 20, minBetAmount: 2_000 }],
      ['weekab', 'weekac', 'dividend', { period: 'daily', tiers: [{ rate: 1_000, minActiveMembers: 0, minNetLoss: 0 }] }],
    ];
    for (const [up, down, kind, terms] of chain) {
      const offered = await api.call<agent.TContract>(relays[kind], { action: 'sign', downlineId: ids[down], terms }, { token: tok[up] });
      expect(offered.body.code, `${up} → ${down} ${kind}`).toBe('ok');
      const accepted = await api.call<agent.TContract>(relays[kind], { action: 'accept', contractId: offered.body.value.id }, { token: tok[down] });
      expect(accepted.body.value.status).toBe('valid');
    }
    // In force since May (time passes: the contracts are dated back before the week).
    const wk = [ids.weekaa, ids.weekab, ids.weekac].map(Number);
    await api.sql(sql`update contracts set effective_from = '2026-05-01T00:00:00+07:00' where downline_id in (${sql.join(wk.map((id) => sql`${id}`), sql`, `)})`);
    type TRow = { id: string; kind: agent.TContractKind; upline_id: string | null; downline_id: string; terms: agent.TContractTerms };
    const contracts = (await q<TRow>(sql`select id, kind, upline_id, downline_id, terms from contracts where status = 'valid' and downline_id in (${sql.join(wk.map((id) => sql`${id}`), sql`, `)}) order by id`)).map((c) => ({
      id: Number(c.id),
      kind: c.kind,
      uplineId: c.upline_id === null ? null : Number(c.upline_id),
      downlineId: Number(c.downline_id),
      terms: c.terms,
    }));
    expect(contracts).toHaveLength(12);

    // --- The week's bets: each member spins the house slot on six days (none on Thursday: a day with no
    // activity), at set moments, some on a 5-minute boundary; member weekma bets enough to be active on even days.
    for (const m of ['weekma', 'weekmb', 'weekmc']) await api.ops({ kind: 'wallet.adjust', username: m, amount: 2_500_000_000, reason: 'test stake', requestId: null });
    const launchToken = async (username: string) => {
      const launch = await api.call<{ game_url: string }>(games.launchGame, { launchMode: 'GLS', vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: 'PLAYHALL', language: 'EN' }, { token: await token(username) });
      return new URLSearchParams(launch.body.value.game_url.split('#')[1]).get('token') ?? '';
    };
    for (const [i, m] of ['weekma', 'weekmb', 'weekmc'].entries()) {
      const gameToken = await launchToken(m);
      for (const day of [0, 1, 2, 4, 5, 6]) {
        for (let spin = 0; spin < 2; spin++) {
          // Spins of 1,000 ₫ and up (stakes.ts); weekma's even days reach the second tier's team valid bet.
          const betPerLine = m === 'weekma' && day % 2 === 0 ? 250_000 : 5_000 * (1 + i + spin);
          const res = await t.app.inject({ method: 'POST', url: '/wps/house/play', headers: { 'x-game-token': gameToken, 'content-type': 'application/json' }, payload: JSON.stringify({ input: { betPerLine } }) });
          expect(res.statusCode, res.body).toBe(200);
          // Hours spread over the day; the first member's first spin lands exactly on a 5-minute boundary.
          const when = at(day, 2 + ((day * 5 + i * 7 + spin * 3) % 21), i === 0 && spin === 0 ? 5 * day : 7 * i + spin * 2, i === 0 && spin === 0 ? 0 : 30);
          await api.sql(sql`
            update game_rounds set created_at = ${when.toISOString()}::timestamptz, settled_at = ${when.toISOString()}::timestamptz
            where id = (select max(id) from game_rounds where user_id = ${ids[m]})`);
        }
      }
    }
    // A lottery ticket of 500,000.00 lost by weekmc on Friday evening: C's and B's teams surely lose that week (the
    // week's slot spins, 1,000 ₫ and up, cannot win that back).
    await api.ops({ kind: 'lottery.source', game: 'EL5', source: 'operator' });
    await t.scheduler.tick(new Date(Date.now() + 20 * 60_000), { only: ['lottery.'] });
    const drawNo = (await api.call<{ game: { currentDraw: { drawNo: string } } }>(games.lottoGame, { gameCode: 'EL5' })).body.value.game.currentDraw.drawNo;
    const bet = await api.call(games.placeBets, { requestId: crypto.randomUUID(), gameCode: 'EL5', drawNo, bets: [{ betType: 'de', numbers: ['45'], stake: 50_000_000 }], totalAmount: 50_000_000 }, { token: await token('weekmc') });
    expect(bet.body.code).toBe('ok');
    await api.sql(sql`update lottery_draws set close_at = now() - interval '2 seconds', draw_at = now() - interval '1 second' where game_code = 'EL5' and draw_no = ${drawNo}`);
    const table = { DB: ['12312'], G1: ['00001'], G2: ['00002', '00003'], G3: ['00004', '00005', '00006', '00007', '00008', '00009'], G4: ['0010', '0011', '0012', '0013'], G5: ['0014', '0015', '0016', '0017', '0018', '0019'], G6: ['020', '021', '022'], G7: ['23', '24', '25', '26'] };
    expect((await api.ops({ kind: 'lottery.result', game: 'EL5', drawNo, prizes: table })).message).toMatch(/1 ticket\(s\) settled, 0 won/);
    const ticketTime = at(4, 19, 42);
    await api.sql(sql`update lottery_draws set settled_at = ${ticketTime.toISOString()}::timestamptz where game_code = 'EL5' and draw_no = ${drawNo}`);

    // A bonus of 300.00 to weekmb on Wednesday afternoon (an operator's goodwill): dividends subtract it.
    const bonusTime = at(2, 15, 20);
    await api.ops({ kind: 'wallet.bonus', username: 'weekmb', amount: 30_000, reason: 'test: goodwill', requestId: 'week-bonus' });
    await api.sql(sql`update journal_entries set created_at = ${bonusTime.toISOString()}::timestamptz where key = 'bonus:operator:week-bonus'`);
    await api.sql(sql`update postings set created_at = ${bonusTime.toISOString()}::timestamptz where entry_id = (select id from journal_entries where key = 'bonus:operator:week-bonus')`);
    const bonuses = [{ user: idOf('weekmb'), amount: 30_000, at: bonusTime.getTime() }];

    // Every bet of the team, as the week's record has it.
    type TBet = { user: number; validBet: number; stake: number; payout: number; at: number };
    const members = Object.values(ids);
    const inTeam = sql.join(members.map((id) => sql`${id}`), sql`, `);
    const bets: TBet[] = [
      ...(await q<{ user_id: string; valid_bet: string; bet_amount: string; payout: string; settled_at: string | Date }>(sql`
        select user_id, valid_bet, bet_amount, payout, settled_at from game_rounds where status = 'settled' and user_id in (${inTeam})`)).map((r) => ({
        user: Number(r.user_id),
        validBet: Number(r.valid_bet),
        stake: Number(r.bet_amount),
        payout: Number(r.payout),
        at: new Date(r.settled_at).getTime(),
      })),
      ...(await q<{ user_id: string; amount: string; payout: string | null }>(sql`select user_id, amount, payout from lottery_tickets where user_id in (${inTeam})`)).map((r) => ({
        user: Number(r.user_id),
        validBet: Number(r.amount),
        stake: Number(r.amount),
        payout: Number(r.payout ?? 0),
        at: ticketTime.getTime(),
      })),
    ];
    expect(bets).toHaveLength(3 * 6 * 2 + 1);
    expect(bets.every((b) => b.at >= WEEK_START.getTime() && b.at < WEEK_END.getTime())).toBe(true);

    // --- Funds: the agents pay salaries and dividends from their wallets; A will have nothing at the week's end.
    for (const a of ['weekaa', 'weekab', 'weekac']) await api.ops({ kind: 'wallet.adjust', username: a, amount: 10_000_000, reason: 'test float', requestId: null });
    const balances = async () =>
      Object.fromEntries(
        await Promise.all(
          (['weekaa', 'weekab', 'weekac'] as const).map(async (a) => [a, (await api.call<{ sumBalance: number }>(wallet.balance, {}, { token: tok[a] })).body.value.sumBalance] as const),
        ),
      ) as Record<'weekaa' | 'weekab' | 'weekac', number>;
    const start = await balances();

    // --- Two servers tick through the week and three days past it, at the same moments.
    const servers = await twoServers();
    const began = Date.now();
    const perServer = servers.map(() => 0);
    let drained = 0;
    try {
      for (let now = WEEK_START.getTime(); now <= LAST_TICK.getTime(); now += TICK_MS) {
        if (now === WEEK_END.getTime()) {
          // Just before the week's settlement A's wallet is emptied: the weekly dividend it owes B finds nothing.
          drained = (await balances()).weekaa;
          await api.ops({ kind: 'wallet.adjust', username: 'weekaa', amount: -drained, reason: 'test: A spends its float', requestId: null });
        }
        const counts = await Promise.all(servers.map((s) => s.tick(new Date(now))));
        counts.forEach((n, i) => (perServer[i] = (perServer[i] ?? 0) + n));
      }
    } finally {
      for (const s of servers) await s.close();
    }
    const ran = perServer.reduce((a, b) => a + b, 0);
    console.warn(`simulated week on ${TEST_DB}: ${ran} settlement jobs (${perServer.join(' + ')} by the two servers) in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    // No job ran twice: the two schedulers together ran each settlement job row once.
    const [jobsDone] = await q<{ n: string }>(sql`select count(*) as n from jobs where name like 'agent.settle.%' and status = 'done'`);
    expect(ran).toBe(Number(jobsDone?.n));
    const [pending] = await q<{ n: string }>(sql`select count(*) as n from jobs where name like 'agent.settle.%' and status <> 'done'`);
    expect(Number(pending?.n)).toBe(0);

    // --- Every contract billed once for every period that ended in the simulated span, by the formulas.
    type TBill = { id: string; contract_id: string; kind: agent.TContractKind; period: string; period_start: string | Date; period_end: string | Date; amount: string; status: string; payer_id: string | null; payee_id: string };
    const bills = await q<TBill>(sql`select id, contract_id, kind, period, period_start, period_end, amount, status, payer_id, payee_id from contract_bills where contract_id in (${sql.join(contracts.map((c) => sql`${c.id}`), sql`, `)})`);
    const teamOf = (downlineId: number) => {
      const name = Object.entries(ids).find(([, id]) => id === downlineId)?.[0] as keyof typeof team;
      return new Set(team[name].map((n) => ids[n]));
    };
    const unitOf = (c: (typeof contracts)[number]): TPeriodUnit =>
      c.terms.kind === 'dividend' ? c.terms.period : c.terms.kind === 'dailySalary' ? 'daily' : c.terms.kind === 'hourlySalary' ? 'hourly' : 'realtime';
    let checked = 0;
    for (const c of contracts) {
      const mine = bills.filter((b) => Number(b.contract_id) === c.id);
      const periods = new Set(mine.map((b) => b.period));
      expect(periods.size, `contract ${c.id}: one bill per period`).toBe(mine.length);
      // Every period of the contract's unit that ended after the week began and by the last tick.
      const unit = unitOf(c);
      const expected: string[] = [];
      for (let w = periodWindow(unit, new Date(WEEK_START.getTime() + 1), TZ); w.end.getTime() <= LAST_TICK.getTime(); w = periodWindow(unit, w.end, TZ)) expected.push(w.key);
      const ending = (w: string) => mine.find((b) => b.period === w);
      for (const key of expected) expect(ending(key), `contract ${c.id} (${c.kind}) period ${key}`).toBeDefined();
      expect(mine.every((b) => new Date(b.period_end).getTime() <= LAST_TICK.getTime())).toBe(true);

      const members = teamOf(c.downlineId);
      for (const b of mine) {
        const from = new Date(b.period_start).getTime();
        const to = new Date(b.period_end).getTime();
        const inPeriod = bets.filter((x) => members.has(x.user) && x.at >= from && x.at < to);
        const perUser = new Map<number, number>();
        for (const x of inPeriod) perUser.set(x.user, (perUser.get(x.user) ?? 0) + x.validBet);
        const active = [...perUser.values()].filter((v) => v >= ACTIVE_MEMBER_VALID_BET).length;
        const validBet = inPeriod.reduce((s, x) => s + x.validBet, 0);
        const bonus = bonuses.filter((x) => members.has(x.user) && x.at >= from && x.at < to).reduce((s, x) => s + x.amount, 0);
        const netLoss = inPeriod.reduce((s, x) => s + x.stake - x.payout, 0) - bonus;
        let want: number;
        if (c.terms.kind === 'realtimeSalary') want = realtimeSalary(c.terms, inPeriod).amount;
        else if (c.terms.kind === 'dividend') want = dividendAmount(c.terms.tiers as TTier[], { netLoss, activeMembers: active, carry: 0 }, 'none').amount;
        else want = salaryAmount(c.terms.tiers as TTier[], { validBet, activeMembers: active }).amount;
        expect(Number(b.amount), `contract ${c.id} (${c.kind}) ${b.period}`).toBe(want);
        if (want > 0) checked++;
      }
    }
    // The week had something to pay for each kind (so the comparisons above were not all of zeros).
    for (const kind of ['dailySalary', 'hourlySalary', 'realtimeSalary', 'dividend'] as const) {
      expect(bills.some((b) => b.kind === kind && Number(b.amount) > 0), kind).toBe(true);
    }
    expect(checked).toBeGreaterThan(20);

    // --- One ledger entry per paid bill, moving exactly its amount from payer to payee; no other entry under a
    // contract's keys.
    const entries = await q<{ key: string; account_user: string | null; amount: string }>(sql`
      select e.key, a.user_id as account_user, p.amount from journal_entries e join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
      where e.kind in ('salary', 'dividend') and e.key ~ ${`^[a-z-]+:(${contracts.map((c) => c.id).join('|')}):`}`);
    const byKey = new Map<string, { user: number | null; amount: number }[]>();
    for (const e of entries) byKey.set(e.key, [...(byKey.get(e.key) ?? []), { user: e.account_user === null ? null : Number(e.account_user), amount: Number(e.amount) }]);
    const paid = bills.filter((b) => b.status === 'paid');
    expect(byKey.size).toBe(paid.filter((b) => Number(b.amount) > 0).length);
    for (const b of paid.filter((x) => Number(x.amount) > 0)) {
      const postings = byKey.get(ledgerKey(b.kind, Number(b.contract_id), b.period)) ?? [];
      expect(postings.sort((x, y) => x.amount - y.amount), `bill ${b.id}`).toEqual([
        { user: b.payer_id === null ? null : Number(b.payer_id), amount: -Number(b.amount) },
        { user: Number(b.payee_id), amount: Number(b.amount) },
      ]);
    }
    // The agents' wallets moved by what they received minus what they paid (and A's emptying), nothing else.
    const end = await balances();
    const net = (user: number) => paid.reduce((s, b) => s + (Number(b.payee_id) === user ? Number(b.amount) : 0) - (b.payer_id !== null && Number(b.payer_id) === user ? Number(b.amount) : 0), 0);
    expect(end.weekaa).toBe(start.weekaa - drained + net(idOf('weekaa')));
    expect(end.weekab).toBe(start.weekab + net(idOf('weekab')));
    expect(end.weekac).toBe(start.weekac + net(idOf('weekac')));
    expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);

    // --- The weekly dividend A owed B: unpaid, refused at its 48-hour deadline, A frozen.
    const weekly = contracts.find((c) => c.kind === 'dividend' && c.uplineId === ids.weekaa);
    const owed = bills.find((b) => Number(b.contract_id) === weekly?.id && new Date(b.period_end).getTime() === WEEK_END.getTime());
    expect(owed?.status).toBe('refused');
    const due = Number(owed?.amount);
    expect(due).toBeGreaterThan(0);
    const setPay = await api.call(wallet.setPaymentPassword, { loginPassword: PASSWORD, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token: tok.weekaa, ip: freshIp() });
    expect(setPay.body.code).toBe('ok');
    const card = await api.call<wallet.TBankCard>(wallet.bindBankCard, { bankCode: 'VCB', accountName: 'Week Agent A', accountNumber: '0071000999123', paymentPassword: PAY }, { token: tok.weekaa, ip: freshIp() });
    expect(card.body.code).toBe('ok');
    const limits = (await api.call<{ minAmount: number; frozen: boolean }>(wallet.withdrawalInfo, {}, { token: tok.weekaa })).body.value;
    expect(limits.frozen).toBe(true);
    await api.ops({ kind: 'wallet.adjust', username: 'weekaa', amount: due + 2 * limits.minAmount, reason: 'test: funds arrive', requestId: null });
    const withdraw = () => api.call(wallet.withdraw, { requestId: crypto.randomUUID(), amount: limits.minAmount, bankCardId: card.body.value.id, paymentPassword: PAY }, { token: tok.weekaa, ip: freshIp() });
    const refused = await withdraw();
    expect(refused.body.code).toBe('account_frozen');
    const payB = await api.call<{ sumBalance: number }>(wallet.balance, {}, { token: tok.weekab });
    const paidNow = await api.call<agent.TBill>(agent.payBill, { requestId: crypto.randomUUID(), billId: Number(owed?.id), paymentPassword: PAY }, { token: tok.weekaa, ip: freshIp() });
    expect(paidNow.body.value).toMatchObject({ status: 'paid', paidAmount: due });
    expect((await api.call<{ sumBalance: number }>(wallet.balance, {}, { token: tok.weekab })).body.value.sumBalance).toBe(payB.body.value.sumBalance + due);
    expect((await api.call<{ frozen: boolean }>(wallet.withdrawalInfo, {}, { token: tok.weekaa })).body.value.frozen).toBe(false);
    const allowed = await withdraw();
    expect(allowed.body.code).toBe('ok');
    expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
  }, 900_000);
});
