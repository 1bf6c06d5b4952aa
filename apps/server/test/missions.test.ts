import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as loyalty from '@playhall/contract/calls/loyalty';
import * as wallet from '@playhall/contract/calls/wallet';
import { rowsOf } from '../src/db/client.ts';
import { parseOpsCommand } from '../src/modules/ops/ops.command.ts';
import { localDay, periodOf } from '../src/modules/promotions/promotions.service.ts';
import { realPng } from './support/images.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

// Issue 18, missions: progress from real settled bets, deposits and logins; the claim once under concurrency and two
// processes; refusals; the leaderboard; the operator's commands. On the real server and database.

let t: TTestApp;
let api: TApi;
let tz = 'Asia/Ho_Chi_Minh';
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  const [m] = await query<{ tz: string }>(sql`select time_zone as tz from merchants where id = ${t.merchantId}`);
  tz = m?.tz ?? tz;
  // The demo missions stay out of these counts: every mission here is this file's own.
  for (const row of (await api.ops({ kind: 'mission.list' })).data as { id: number }[]) await api.ops({ kind: 'mission.set', id: row.id, on: false });
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Member12345';
const DAY = 86_400_000;
let seq = 0;
const rid = (p = 'ms') => `${p}-${Date.now()}-${seq++}`;

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(q));
}

async function member(username: string, funds = 0): Promise<{ id: number; token: string }> {
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: 'member', upline: 'agent01' });
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  if (funds > 0) await api.ops({ kind: 'wallet.adjust', username, amount: funds, reason: 'test funds', requestId: null });
  const res = (await api.call(auth.login, { type: 'username', username, password: PASSWORD }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  const [row] = await query<{ id: string | number }>(sql`select id from users where username = ${username}`);
  return { id: Number(row?.id), token: res.body.value.token };
}

/** `ops mission add …` as the operator types it; the new mission's id. */
async function addMission(...args: string[]): Promise<number> {
  const r = await api.ops(parseOpsCommand(['mission', 'add', ...args]));
  expect(r.ok, r.message).toBe(true);
  return (r.data as { id: number }).id;
}

async function off(id: number) {
  await api.ops({ kind: 'mission.set', id, on: false });
}

async function slot(token: string) {
  const launch = await api.call<{ game_url: string }>(
    games.launchGame,
    { launchMode: 'GLS', vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: 'PLAYHALL', language: 'EN' },
    { token },
  );
  expect(launch.body.code).toBe('ok');
  const gameToken = new URLSearchParams(launch.body.value.game_url.split('#')[1]).get('token') ?? '';
  /** One spin of 100,000 minor units (1,000 ₫). */
  return async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/house/play',
      headers: { 'x-game-token': gameToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ input: { betPerLine: 5_000 } }),
    });
    expect(res.statusCode).toBe(200);
  };
}

async function deposit(token: string, amount: number): Promise<void> {
  const channels = (await api.call<{ channels: { id: number; type: string }[] }>(wallet.depositChannels, {}, { token })).body.value.channels;
  const bank = channels.find((c) => c.type === 'bank');
  if (!bank) throw new Error('no bank channel');
  const receipt = { mime: 'image/png' as const, data: (await realPng(40, 30)).toString('base64') };
  const res = await api.call<{ deposit: { id: number } }>(wallet.depositCreate, { requestId: rid('dep'), channelId: bank.id, amount, payerName: 'Nguyen Van A', receipt }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await api.ops({ kind: 'deposit.approve', id: res.body.value.deposit.id })).ok).toBe(true);
}

type TList = { event: unknown; missions: loyalty.TMission[]; available: number };
const list = async (token: string) => {
  const res = await api.call<TList>(loyalty.listMissions, {}, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value;
};
const mission = async (token: string, id: number) => (await list(token)).missions.find((m) => m.id === id);
const available = async (token: string) => (await api.call<{ available: number }>(loyalty.availableMissions, {}, { token })).body.value.available;
const claim = (token: string, missionId: number, requestId = rid(), app?: TTestApp['app']) =>
  api.call<{ mission: loyalty.TMission; rewardId: number; available: number }>(loyalty.claimMission, { requestId, missionId }, { token, app });

async function points(userId: number): Promise<number> {
  const [row] = await query<{ balance: string | number }>(sql`select balance from ledger_accounts where user_id = ${userId} and wallet = 'POINTS'`);
  return Number(row?.balance ?? 0);
}

async function ledgerClean() {
  const check = await api.ops({ kind: 'ledger.check' });
  expect(check.message).toMatch(/ledger clean/);
}

describe('ops mission', () => {
  it('reads targets and rewards in major units or counts, refuses what breaks a rule, and audits each change', async () => {
    expect(parseOpsCommand(['mission', 'add', '--title', 'Bet', '--period', 'daily', '--kind', 'validBet', '--category', 'rng', '--target', '3000', '--reward-form', 'bonus', '--reward', '100', '--turnover', '3', '--score', '5'])).toMatchObject({
      kind: 'mission.add', missionKind: 'validBet', category: 'RNG', target: '3000', rewardForm: 'bonus', reward: '100', turnover: 3, score: 5,
    });
    expect(() => parseOpsCommand(['mission', 'add', '--title', 'x', '--period', 'daily'])).toThrow(/needs --kind/);
    expect(() => parseOpsCommand(['mission', 'add', '--title', 'x', '--period', 'monthly', '--kind', 'deposit', '--target', '1', '--reward-form', 'cash', '--reward', '1'])).toThrow(/period/);
    const refused = (args: string[]) => api.ops(parseOpsCommand(['mission', 'add', '--title', 'x', ...args])).then(() => 'accepted', (err: Error) => err.message);
    expect(await refused(['--period', 'daily', '--kind', 'deposit', '--category', 'RNG', '--target', '1', '--reward-form', 'cash', '--reward', '1'])).toMatch(/--category applies/);
    expect(await refused(['--period', 'weekly', '--kind', 'loginStreak', '--target', '8', '--reward-form', 'points', '--reward', '1'])).toMatch(/1 to 7/);
    expect(await refused(['--period', 'daily', '--kind', 'betCount', '--target', '2.5', '--reward-form', 'points', '--reward', '1'])).toMatch(/whole count/);
    expect(await refused(['--period', 'daily', '--kind', 'betCount', '--target', '2', '--reward-form', 'points', '--reward', '1.5'])).toMatch(/whole number/);
    expect(await refused(['--period', 'daily', '--kind', 'betCount', '--target', '2', '--reward-form', 'cash', '--reward', '1', '--turnover', '2'])).toMatch(/bonus reward only/);
    expect(await refused(['--period', 'daily', '--kind', 'betCount', '--target', '2', '--reward-form', 'cash', '--reward', '1', '--event', '999999'])).toMatch(/no mission event/);

    const id = await addMission('--title', 'Deposit 500', '--period', 'daily', '--kind', 'deposit', '--target', '500', '--reward-form', 'cash', '--reward', '20.50', '--titles', '{"VI":"Nạp 500"}');
    const [row] = await query<{ target: string | number; reward_amount: string | number; titles: Record<string, string> }>(sql`select target, reward_amount, titles from missions where id = ${id}`);
    expect([Number(row?.target), Number(row?.reward_amount), row?.titles]).toEqual([50_000, 2_050, { VI: 'Nạp 500' }]);
    const edited = await api.ops(parseOpsCommand(['mission', 'edit', String(id), '--target', '600', '--score', '7']));
    expect(edited.message).toMatch(/600\.00/);
    await off(id);
    expect((await api.ops({ kind: 'mission.list' })).message).toMatch(new RegExp(`#${id} off`));
    const audits = await query<{ action: string }>(sql`select action from audit_log where target = ${`mission:${id}`} order by id`);
    expect(audits.map((a) => a.action)).toEqual(['mission.add', 'mission.edit', 'mission.set']);
  });
});

describe('progress', () => {
  it('is read from settled bets, credited deposits and logins of the current day and week', async () => {
    const m = await member('msprog01', 10_000_000);
    const ids = {
      slots: await addMission('--title', 'Bet 3,000 on slots', '--period', 'daily', '--kind', 'validBet', '--category', 'RNG', '--target', '3000', '--reward-form', 'points', '--reward', '40'),
      live: await addMission('--title', 'Bet on live', '--period', 'daily', '--kind', 'validBet', '--category', 'LIVE', '--target', '1000', '--reward-form', 'points', '--reward', '40'),
      count: await addMission('--title', '3 bets', '--period', 'daily', '--kind', 'betCount', '--target', '3', '--reward-form', 'points', '--reward', '10'),
      games: await addMission('--title', '2 games', '--period', 'weekly', '--kind', 'distinctGames', '--target', '2', '--reward-form', 'points', '--reward', '10'),
      deposit: await addMission('--title', 'Deposit 50,000', '--period', 'daily', '--kind', 'deposit', '--target', '50000', '--reward-form', 'cash', '--reward', '5'),
      streak: await addMission('--title', '3 days in a row', '--period', 'daily', '--kind', 'loginStreak', '--target', '3', '--reward-form', 'points', '--reward', '10'),
      week: await addMission('--title', 'Days this week', '--period', 'weekly', '--kind', 'loginStreak', '--target', '7', '--reward-form', 'points', '--reward', '10'),
    };
    const progress = async () => {
      const all = (await list(m.token)).missions;
      return Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, all.find((x) => x.id === id)?.progress]));
    };
    // Logged in today (the login above); nothing else yet.
    expect(await progress()).toEqual({ slots: 0, live: 0, count: 0, games: 0, deposit: 0, streak: 1, week: 1 });

    const spin = await slot(m.token);
    for (let i = 0; i < 3; i++) await spin();
    await deposit(m.token, 5_000_000);
    // Logins on the two days before today (the login history a member's earlier logins leave).
    const now = Date.now();
    for (const k of [1, 2]) await api.sql(sql`insert into login_history (user_id, ip, country, device, method, created_at) values (${m.id}, '10.9.9.9', 'VN', 'test', 'password', ${new Date(now - k * DAY).toISOString()}::timestamptz)`);
    const weekStart = localDay(tz, periodOf(tz, 'week', new Date(now)).start);
    const inWeek = 1 + [1, 2].filter((k) => localDay(tz, new Date(now - k * DAY)) >= weekStart).length;
    expect(await progress()).toEqual({ slots: 300_000, live: 0, count: 3, games: 1, deposit: 5_000_000, streak: 3, week: inWeek });

    const view = await list(m.token);
    expect(view.missions.find((x) => x.id === ids.slots)).toMatchObject({ status: 'claimable', target: 300_000, reward: { form: 'points', amount: 40 }, category: 'RNG' });
    expect(view.missions.find((x) => x.id === ids.live)).toMatchObject({ status: 'inProgress' });
    // slots, count, deposit and streak are complete: the badge counts them.
    expect(view.available).toBe(4);
    expect(await available(m.token)).toBe(4);
    for (const id of Object.values(ids)) await off(id);
    expect(await available(m.token)).toBe(0);
  });
});

describe('claiming', () => {
  it('pays once under 20 claims at once from two processes; the same request answers again; the badge goes down', async () => {
    const m = await member('msclaim01');
    const id = await addMission('--title', 'Log in today', '--period', 'daily', '--kind', 'loginStreak', '--target', '1', '--reward-form', 'points', '--reward', '70', '--score', '10');
    expect(await available(m.token)).toBe(1);
    const second = await t.secondApp();
    try {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => claim(m.token, id, rid(), i % 2 === 0 ? t.app : second.app)));
      const codes = results.map((r) => r.body.code);
      expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
      expect(codes.filter((c) => c === 'mission_already_claimed')).toHaveLength(19);
      const ok = results.find((r) => r.body.code === 'ok');
      expect(ok?.body.value).toMatchObject({ mission: { id, status: 'claimed' }, available: 0 });
    } finally {
      await second.close();
    }
    expect(await points(m.id)).toBe(70);
    const day = localDay(tz, new Date());
    const [entries] = await query<{ n: string | number }>(sql`select count(*) as n from journal_entries where key = ${`points:mission:${id}:${day}:${m.id}`}`);
    expect(Number(entries?.n)).toBe(1);
    expect(await mission(m.token, id)).toMatchObject({ status: 'claimed' });
    expect(await available(m.token)).toBe(0);

    // A retried request (the answer was lost) answers the claim again; nothing moves.
    const m2 = await member('msclaim02');
    const requestId = rid();
    const first = await claim(m2.token, id, requestId);
    expect(first.body.code).toBe('ok');
    const again = await claim(m2.token, id, requestId);
    expect(again.body).toMatchObject({ code: 'ok', value: { rewardId: first.body.value.rewardId } });
    expect(await points(m2.id)).toBe(70);
    await off(id);
    await ledgerClean();
  });

  it('grants a bonus reward with its turnover and a cash reward to the main wallet', async () => {
    const m = await member('msclaim03');
    const bonus = await addMission('--title', 'Bonus for logging in', '--period', 'weekly', '--kind', 'loginStreak', '--target', '1', '--reward-form', 'bonus', '--reward', '100', '--turnover', '3');
    const cash = await addMission('--title', 'Cash for logging in', '--period', 'daily', '--kind', 'loginStreak', '--target', '1', '--reward-form', 'cash', '--reward', '25');
    expect((await claim(m.token, bonus)).body.code).toBe('ok');
    expect((await claim(m.token, cash)).body.code).toBe('ok');
    const rewards = await query<{ form: string; amount: string | number; turnover_required: string | number; source: string }>(
      sql`select form, amount, turnover_required, source from member_rewards where user_id = ${m.id} order by id`,
    );
    expect(rewards.map((r) => [r.source, r.form, Number(r.amount), Number(r.turnover_required)])).toEqual([
      ['mission', 'bonus', 10_000, 30_000],
      ['mission', 'cash', 2_500, 0],
    ]);
    const balances = await query<{ wallet: string; balance: string | number }>(sql`select wallet, balance from ledger_accounts where user_id = ${m.id}`);
    expect(Object.fromEntries(balances.map((b) => [b.wallet, Number(b.balance)]))).toMatchObject({ MAIN: 2_500, BONUS: 10_000 });
    await off(bonus);
    await off(cash);
    await ledgerClean();
  });

  it('refuses an incomplete, claimed, off or ended mission, and nobody claims for someone else', async () => {
    const a = await member('msbad01', 1_000_000);
    const b = await member('msbad02');
    const bet = await addMission('--title', 'One bet', '--period', 'daily', '--kind', 'betCount', '--target', '1', '--reward-form', 'points', '--reward', '5');
    expect((await claim(a.token, bet)).body).toMatchObject({ code: 'mission_not_complete', value: { progress: 0, target: 1 } });
    await (await slot(a.token))();
    // B has not bet: B's claim is B's own and refused; A's mission stays claimable.
    expect((await claim(b.token, bet)).body.code).toBe('mission_not_complete');
    const foreign = await api.call(loyalty.claimMission, { requestId: rid(), missionId: bet, userId: a.id }, { token: b.token });
    expect(foreign.status).toBe(400);
    expect(await mission(a.token, bet)).toMatchObject({ status: 'claimable' });
    expect((await claim(a.token, bet)).body.code).toBe('ok');
    expect((await claim(a.token, bet)).body.code).toBe('mission_already_claimed');
    expect((await api.call(loyalty.claimMission, { requestId: rid(), missionId: bet }, {})).body.code).toBe('not_logged_in');

    const login = await addMission('--title', 'Log in', '--period', 'daily', '--kind', 'loginStreak', '--target', '1', '--reward-form', 'points', '--reward', '5');
    await off(login);
    expect((await claim(b.token, login)).body.code).toBe('mission_not_found');
    expect(await mission(b.token, login)).toBeUndefined();
    // A mission of an event that has ended is not offered.
    const ended = await api.ops({ kind: 'missionEvent.add', name: 'Last week', from: new Date(Date.now() - 8 * DAY).toISOString(), to: new Date(Date.now() - DAY).toISOString() });
    const old = await addMission('--title', 'Old', '--period', 'daily', '--kind', 'loginStreak', '--target', '1', '--reward-form', 'points', '--reward', '5', '--event', String((ended.data as { id: number }).id));
    expect((await claim(b.token, old)).body.code).toBe('mission_not_found');
    expect((await claim(b.token, 99_999_999)).body.code).toBe('mission_not_found');
    expect(await points(b.id)).toBe(0);
    await off(bet);
    await off(old);
  });
});

describe('leaderboard', () => {
  it('ranks members by the scores claimed in the event, ties to whoever reached the score first, masked, with the own place', async () => {
    const event = await api.ops({ kind: 'missionEvent.add', name: 'Board test', from: new Date().toISOString(), to: new Date(Date.now() + DAY).toISOString() });
    const eventId = (event.data as { id: number }).id;
    const login = await addMission('--title', 'Log in', '--period', 'daily', '--kind', 'loginStreak', '--target', '1', '--reward-form', 'points', '--reward', '1', '--score', '10', '--event', String(eventId));
    const bet = await addMission('--title', 'One bet', '--period', 'daily', '--kind', 'betCount', '--target', '1', '--reward-form', 'points', '--reward', '1', '--score', '25');
    const first = await member('lbfirst01', 1_000_000);
    const second = await member('lbsecond02', 1_000_000);
    const third = await member('lbthird03', 1_000_000);
    const fourth = await member('lbfourth04');
    const none = await member('lbnone05');
    for (const m of [first, second, third]) await (await slot(m.token))();
    expect((await claim(first.token, login)).body.code).toBe('ok');
    expect((await claim(first.token, bet)).body.code).toBe('ok');
    expect((await claim(second.token, bet)).body.code).toBe('ok');
    expect((await claim(third.token, bet)).body.code).toBe('ok');
    expect((await claim(fourth.token, login)).body.code).toBe('ok');

    type TBoard = { event: { id: number; name: string } | null; rows: { rank: number; member: string; score: number; mine: boolean }[]; me: { rank: number; score: number } | null };
    const board = async (token?: string) => (await api.call<TBoard>(loyalty.missionLeaderboard, { eventId }, { token })).body.value;
    const visitor = await board();
    expect(visitor.event).toMatchObject({ id: eventId, name: 'Board test' });
    expect(visitor.rows).toEqual([
      { rank: 1, member: 'lb***01', score: 35, mine: false },
      { rank: 2, member: 'lb***02', score: 25, mine: false },
      { rank: 3, member: 'lb***03', score: 25, mine: false },
      { rank: 4, member: 'lb***04', score: 10, mine: false },
    ]);
    expect(visitor.me).toBeNull();
    const mine = await board(third.token);
    expect(mine.me).toEqual({ rank: 3, score: 25 });
    expect(mine.rows.filter((r) => r.mine)).toEqual([{ rank: 3, member: 'lb***03', score: 25, mine: true }]);
    expect((await board(none.token)).me).toBeNull();
    // Without an event id: the event running now (the latest started).
    expect((await api.call<TBoard>(loyalty.missionLeaderboard, {}, {})).body.value.event).toMatchObject({ id: eventId });
    // The list shows the event too.
    expect((await list(none.token)).event).toMatchObject({ id: eventId });
    await off(login);
    await off(bet);
  });
});

describe.runIf(TEST_DB === 'postgres')('on PostgreSQL', () => {
  it('two processes and a double click pay a claim once (50 claims of 5 members)', async () => {
    const id = await addMission('--title', 'Log in', '--period', 'daily', '--kind', 'loginStreak', '--target', '1', '--reward-form', 'points', '--reward', '11');
    const ms = await Promise.all([1, 2, 3, 4, 5].map((n) => member(`mspg0${n}`)));
    const second = await t.secondApp();
    try {
      const results = await Promise.all(ms.flatMap((m) => Array.from({ length: 10 }, (_, i) => claim(m.token, id, rid(), i % 2 ? second.app : t.app))));
      expect(results.filter((r) => r.body.code === 'ok')).toHaveLength(5);
      expect(results.filter((r) => r.body.code === 'mission_already_claimed')).toHaveLength(45);
    } finally {
      await second.close();
    }
    for (const m of ms) expect(await points(m.id)).toBe(11);
    await off(id);
    await ledgerClean();
  });
});
