import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as points from '@playhall/contract/calls/points';
import * as wallet from '@playhall/contract/calls/wallet';
import { rowsOf } from '../src/db/client.ts';
import { sha256Hex } from '../src/lib/secrets.ts';
import { accruePoints, openWindowStart } from '../src/modules/points/points.accrual.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';
import { forkCli } from './support/cli-process.ts';

// Issue 18, points and the points mall on the real server and database: accrual from settled bets (once, also on a
// rerun and from two processes), points details, redeeming cash, bonus and goods items, the operator's review,
// cancelling, converting, every refusal with nothing changed, and on PostgreSQL 200 members racing for 50 units.

let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  // Rates for the tests: a 1,000 ₫ slot spin earns a point, 2,000 ₫ of live casino a point, fishing nothing.
  await api.ops({ kind: 'points.config', rates: { RNG: 100_000, LIVE: 200_000, FISH: null }, convert: { points: 1_000, amount: 1_000_000 }, minConvert: 1_000, rules: '<p>Rules<script>alert(1)</script></p>' });
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Member12345';
const PAY = '246810';
let seq = 0;
const rid = () => `pt-${Date.now()}-${seq++}`;

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(q));
}

async function login(username: string): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password: PASSWORD }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res.body.value.token;
}

/** A fresh member with `funds` in the main wallet, `pts` points and the payment password PAY. */
async function member(username: string, opts: { funds?: number; pts?: number } = {}): Promise<{ id: number; token: string; username: string }> {
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: 'member', upline: 'agent01' });
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  if (opts.funds) await api.ops({ kind: 'wallet.adjust', username, amount: opts.funds, reason: 'test funds', requestId: null });
  if (opts.pts) await api.ops({ kind: 'points.grant', username, points: opts.pts, reason: 'test points' });
  const [row] = await query<{ id: string | number }>(sql`select id from users where username = ${username}`);
  const token = await login(username);
  const set = await api.call(wallet.setPaymentPassword, { loginPassword: PASSWORD, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token, ip: freshIp() });
  expect(set.body.code).toBe('ok');
  return { id: Number(row?.id), token, username };
}

async function accounts(userId: number): Promise<{ main: number; bonus: number; points: number }> {
  const rows = await query<{ wallet: string; balance: string | number }>(sql`select wallet, balance from ledger_accounts where user_id = ${userId}`);
  const of = (w: string) => Number(rows.find((r) => r.wallet === w)?.balance ?? 0);
  return { main: of('MAIN'), bonus: of('BONUS'), points: of('POINTS') };
}

async function ledgerClean() {
  const check = await api.ops({ kind: 'ledger.check' });
  expect(check.message).toMatch(/ledger clean/);
}

async function item(fields: Record<string, unknown>): Promise<number> {
  const r = await api.ops({
    kind: 'points.itemAdd',
    item: { value: 0, turnoverMultiple: 0, amountRequired: 0, amountKind: 'deposit', stock: null, units: 'piece', pointsRatio: 1, descriptionHtml: '', imageUrl: '', status: 'on', sort: 0, ...fields } as never,
  });
  return (r.data as { id: number }).id;
}

async function stock(id: number): Promise<number | null> {
  const [row] = await query<{ stock: number | null }>(sql`select stock from point_items where id = ${id}`);
  return row?.stock ?? null;
}

type TRedeem = { record: points.TRedeemRecord; points: number };
const redeem = (token: string, input: Record<string, unknown>) =>
  api.call<TRedeem>(points.redeemReward, { requestId: rid(), quantity: 1, paymentPassword: PAY, ...input }, { token, ip: freshIp() });
const convert = (token: string, input: Record<string, unknown>) =>
  api.call<{ points: number; credited: number; balance: number }>(points.convertPoints, { requestId: rid(), paymentPassword: PAY, ...input }, { token, ip: freshIp() });
const details = (token: string, input: Record<string, unknown> = {}) =>
  api.call<{ list: { changedPoints: number; pointsBalance: number; remark: string }[]; total: number }>(points.pointDetails, input, { token });
const history = (token: string, input: Record<string, unknown> = {}) => api.call<{ list: points.TRedeemRecord[]; total: number }>(points.redeemList, input, { token });

/** A launch of the house slot and a spin of it: a stake of 100,000 minor units (1,000 ₫). */
async function spinner(token: string) {
  const launch = await api.call<{ game_url: string }>(
    games.launchGame,
    { launchMode: 'GLS', vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: 'PLAYHALL', language: 'EN' },
    { token },
  );
  expect(launch.body.code).toBe('ok');
  const gameToken = new URLSearchParams(launch.body.value.game_url.split('#')[1]).get('token') ?? '';
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

/** Settled live-casino rounds of a member, as a vendor's settlement writes them. */
async function liveRounds(userId: number, validBets: number[], settledAt: Date) {
  for (const [i, valid] of validBets.entries()) {
    await api.sql(sql`
      insert into game_rounds (merchant_id, round_id, user_id, game_row_id, category, vassalage, game_id, bet_amount, valid_bet, payout, status, created_at, settled_at)
      select ${t.merchantId}, ${`live-${userId}-${seq++}-${i}`}, ${userId}, g.id, 'LIVE', g.vassalage, g.game_id, ${valid}, ${valid}, 0, 'settled', ${settledAt.toISOString()}::timestamptz, ${settledAt.toISOString()}::timestamptz
      from games g where g.merchant_id = ${t.merchantId} and g.game_id = 'baccarat-royale'`);
  }
}

describe('reads', () => {
  it('shows the catalogue and the config to visitors, sanitised; balance and details need a session', async () => {
    // Read in English (the items' base text; without a Language header a reader gets the site language, MY).
    const catalogue = await api.call<{ list: points.TRedeemItem[]; total: number }>(points.pointRewards, { pageSize: 100 }, { headers: { language: 'EN' } });
    expect(catalogue.body.code).toBe('ok');
    expect(catalogue.body.value.list.map((i) => i.status)).toContain('offline');
    expect(catalogue.body.value.list.find((i) => i.name === 'Playhall T-shirt')).toMatchObject({ kind: 'goods', quantity: 2, status: 'available' });
    const config = await api.call<{ convertEnabled: boolean; earnRates: Record<string, number>; rules: string; convertRate: { points: number; amount: number } }>(points.pointConfig, {});
    expect(config.body.value).toMatchObject({ convertEnabled: true, convertRate: { points: 1_000, amount: 1_000_000 }, earnRates: { RNG: 100_000, LIVE: 200_000 } });
    expect(config.body.value.earnRates.FISH).toBeUndefined();
    expect(config.body.value.rules).not.toContain('script');
    expect((await api.call(points.pointBalance, {})).body.code).toBe('not_logged_in');
    // The demo items' pictures.
    const picture = await t.app.inject({ method: 'GET', url: catalogue.body.value.list[0]?.imageUrl ?? '' });
    expect([picture.statusCode, picture.headers['content-type']]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    expect((await t.app.inject({ method: 'GET', url: '/img/mall/99.svg' })).statusCode).toBe(404);
    // The demo member: welcome points, points for bets, a mug shipped and a T-shirt redeemed.
    const demo = await api.call<TLogin['body']['value']>(auth.login, { type: 'username', username: 'member01', password: t.demoPassword }, { ip: freshIp() });
    const token = demo.body.value.token;
    expect((await api.call<{ points: number }>(points.pointBalance, {}, { token })).body.value.points).toBe(3_000 + 620 - 600 - 1_200);
    expect((await history(token)).body.value.list.map((r) => r.status)).toEqual(['applying', 'approved']);
  });
});

describe('accrual', () => {
  /** The member's accrual entries (keys and points), oldest first. */
  async function accrualEntries(userId: number): Promise<{ key: string; amount: number }[]> {
    const rows = await query<{ key: string; amount: string | number }>(sql`
      select je.key, p.amount from journal_entries je join postings p on p.entry_id = je.id
        join ledger_accounts la on la.id = p.account_id and la.user_id = ${userId}
      where je.key like 'points:bets:%' order by je.id`);
    return rows.map((r) => ({ key: r.key, amount: Number(r.amount) }));
  }

  it('pays the open window at once, floor(valid bet ÷ rate) per category; more bets top it up by the difference; nothing twice', async () => {
    const m = await member('ptaccrue01', { funds: 10_000_000 });
    const other = await member('ptaccrue02', { funds: 10_000_000 });
    const spin = await spinner(m.token);
    for (let i = 0; i < 5; i++) await spin();
    // All at one moment of the window open now (a second back), so that the test does not depend on the clock.
    const settled = new Date(Date.now() - 1_000);
    const windowStart = openWindowStart(settled).toISOString();
    await api.sql(sql`update game_rounds set settled_at = ${settled.toISOString()}::timestamptz where user_id = ${m.id}`);
    // 1,000,000 of live bet in two rounds (5 points); fishing earns nothing; the other member only 150,000 of live (0).
    await liveRounds(m.id, [600_000, 400_000], settled);
    await api.sql(sql`
      insert into game_rounds (merchant_id, round_id, user_id, game_row_id, category, vassalage, game_id, bet_amount, valid_bet, payout, status, created_at, settled_at)
      select ${t.merchantId}, ${`fish-${m.id}`}, ${m.id}, g.id, 'FISH', g.vassalage, g.game_id, 5000000, 5000000, 0, 'settled', now(), ${settled.toISOString()}::timestamptz
      from games g where g.merchant_id = ${t.merchantId} and g.game_id = 'ocean-hunter'`);
    await liveRounds(other.id, [150_000], settled);

    // Bets settled after the moment of a run are not its own.
    await accruePoints(t.database.db, t.merchantId, new Date(settled.getTime() - 1));
    expect((await accounts(m.id)).points).toBe(0);

    // The operator's run without --at pays what is due now, though the window is still open.
    const run = await api.ops({ kind: 'points.accrue', at: null });
    expect(run.ok).toBe(true);
    await expect(api.ops({ kind: 'points.accrue', at: new Date(Date.now() + 60_000).toISOString() })).rejects.toThrow(/future/);
    expect((await accounts(m.id)).points).toBe(10);
    expect((await accounts(other.id)).points).toBe(0);
    expect(await accrualEntries(m.id)).toEqual([{ key: `points:bets:${windowStart}:${m.id}:0`, amount: 10 }]);
    // A rerun: nothing paid, nothing written.
    const again = await accruePoints(t.database.db, t.merchantId, new Date());
    expect([again.paid, again.members]).toEqual([0, 0]);

    // More bets in the same window: 3 more spins and 100,000 of live (still 5 points of live): 3 points more, under a
    // new key; the other member's 150,000 + 100,000 now earn 1.
    for (let i = 0; i < 3; i++) await spin();
    await api.sql(sql`update game_rounds set settled_at = ${settled.toISOString()}::timestamptz where user_id = ${m.id}`);
    await liveRounds(m.id, [100_000], settled);
    await liveRounds(other.id, [100_000], settled);
    const topUp = await accruePoints(t.database.db, t.merchantId, new Date());
    expect([topUp.paid, topUp.points]).toEqual([2, 4]);
    expect((await accounts(m.id)).points).toBe(13);
    expect((await accounts(other.id)).points).toBe(1);
    expect(await accrualEntries(m.id)).toEqual([
      { key: `points:bets:${windowStart}:${m.id}:0`, amount: 10 },
      { key: `points:bets:${windowStart}:${m.id}:10`, amount: 3 },
    ]);
    expect((await accruePoints(t.database.db, t.merchantId, new Date())).paid).toBe(0);

    // A bet settled in the window before, committed after that window was paid (a late commit): topped up by the
    // next run.
    const late = new Date(openWindowStart(settled).getTime() - 60_000);
    await liveRounds(m.id, [400_000], late);
    await accruePoints(t.database.db, t.merchantId, new Date());
    expect((await accounts(m.id)).points).toBe(15);
    expect((await accrualEntries(m.id)).at(-1)).toEqual({ key: `points:bets:${openWindowStart(late).toISOString()}:${m.id}:0`, amount: 2 });

    // Points details: each change with its balance after and its remark, newest first.
    await api.ops({ kind: 'points.grant', username: m.username, points: 7, reason: 'Goodwill' });
    const d = (await details(m.token)).body.value;
    expect(d.list[0]).toMatchObject({ changedPoints: 7, pointsBalance: 22, remark: 'Goodwill' });
    expect(d.list.at(-1)?.remark).toMatch(/^Points for bets \d\d:\d\d–\d\d:\d\d$/);
    expect(d.list.reduce((s, r) => s + r.changedPoints, 0)).toBe(22);
    expect((await details(m.token, { from: '2020-01-01', to: '2020-01-02' })).body.value.total).toBe(0);
    expect((await details(m.token, { from: '2020-01-01', to: '2099-01-01' })).body.value.total).toBe(d.total);

    // A bet voided after it was paid: the points are kept, and recorded as kept; the operator's run says so.
    await api.sql(sql`update game_rounds set status = 'void' where user_id = ${other.id}`);
    const voided = await api.ops({ kind: 'points.accrue', at: null });
    expect(voided.message).toMatch(/1 member-window\(s\) paid above their bets after a void: kept/);
    expect((await accounts(other.id)).points).toBe(1);
    const [row] = await query<{ points: string | number; target: string | number }>(sql`select points, target from point_accrual_paid where user_id = ${other.id}`);
    expect([Number(row?.points), Number(row?.target)]).toEqual([1, 0]);
    // Bets again in that window pay only beyond what was kept.
    await liveRounds(other.id, [400_000], settled);
    await accruePoints(t.database.db, t.merchantId, new Date());
    expect((await accounts(other.id)).points).toBe(2);
    await ledgerClean();
  });

  it('a window paid before top-ups (one entry keyed without the points paid before) is only topped up', async () => {
    const m = await member('ptold01', { pts: 1 });
    const settled = new Date(Date.now() - 1_000);
    const ws = openWindowStart(settled).toISOString();
    await liveRounds(m.id, [400_000], settled);
    // Paid as the accrual paid before migration 0033, then the migration's backfill as it ran on such a database.
    await api.sql(sql`select ledger_post(${t.merchantId}::int, ${`points:bets:${ws}:${m.id}`}::text, 'points'::text, 'Points for bets'::text,
      array[ledger_house(${t.merchantId}::int, 'points'::text, 0::smallint), ledger_wallet(${t.merchantId}::int, ${m.id}::bigint, 'POINTS'::text)]::bigint[], array[-2, 2]::bigint[])`);
    const migration = fs.readFileSync(path.join(import.meta.dirname, '../drizzle/0033_point_accrual_paid.sql'), 'utf8');
    await api.sql(sql.raw(migration.slice(migration.indexOf('INSERT INTO "point_accrual_paid"'))));
    await accruePoints(t.database.db, t.merchantId, new Date());
    expect((await accounts(m.id)).points).toBe(3);
    await liveRounds(m.id, [200_000], settled);
    await accruePoints(t.database.db, t.merchantId, new Date());
    expect((await accounts(m.id)).points).toBe(4);
    expect((await accrualEntries(m.id)).map((e) => [e.key, e.amount])).toEqual([[`points:bets:${ws}:${m.id}`, 2], [`points:bets:${ws}:${m.id}:2`, 1]]);
    await ledgerClean();
  });

  it('two processes at once pay each member once, the first payment and a top-up', async () => {
    const members = [await member('pttwo01'), await member('pttwo02'), await member('pttwo03')];
    const settled = new Date(Date.now() - 1_000);
    for (const [i, m] of members.entries()) await liveRounds(m.id, [200_000 * (i + 1)], settled);
    const twice = async () => {
      const at = new Date();
      if (TEST_DB === 'postgres' && t.databaseUrl) {
        const runOps = () =>
          new Promise<number>((resolve, reject) => {
            const child = forkCli(['points', 'accrue', '--at', at.toISOString()], { ...process.env, DATABASE_URL: t.databaseUrl ?? '', MERCHANT_CODE: 'PLAYHALL', SEED_DEMO: '0' }, ['ignore', 'ignore', 'inherit', 'ipc']);
            child.once('exit', (code) => resolve(code ?? 1));
            child.once('error', reject);
          });
        expect(await Promise.all([runOps(), runOps()])).toEqual([0, 0]);
      } else {
        await Promise.all([accruePoints(t.database.db, t.merchantId, at), accruePoints(t.database.db, t.merchantId, at)]);
      }
    };
    await twice();
    for (const [i, m] of members.entries()) expect((await accounts(m.id)).points).toBe(i + 1);
    for (const [i, m] of members.entries()) await liveRounds(m.id, [200_000 * (i + 1)], settled);
    await twice();
    for (const [i, m] of members.entries()) expect((await accounts(m.id)).points).toBe(2 * (i + 1));
    for (const [i, m] of members.entries()) {
      const entries = await accrualEntries(m.id);
      expect(entries.map((e) => [e.key.split(':').slice(-2).join(':'), e.amount])).toEqual([[`${m.id}:0`, i + 1], [`${m.id}:${i + 1}`, i + 1]]);
    }
    await ledgerClean();
  });
});

describe('redeeming', () => {
  it('credits a cash item to the wallet and a bonus item to the bonus wallet with its turnover, at once', async () => {
    const m = await member('ptredeem01', { pts: 5_000 });
    const cash = await item({ name: 'Cash 500', kind: 'cash', value: 50_000, pointsRequired: 400, stock: 10 });
    const bonus = await item({ name: 'Bonus 1000', kind: 'bonus', value: 100_000, turnoverMultiple: 3, pointsRequired: 700 });
    const requestId = rid();
    const first = await redeem(m.token, { requestId, rewardId: cash, quantity: 2 });
    expect(first.body).toMatchObject({ code: 'ok', value: { points: 4_200, record: { kind: 'cash', quantity: 2, points: 800, status: 'approved', rewardName: 'Cash 500' } } });
    expect(await accounts(m.id)).toMatchObject({ main: 100_000, points: 4_200 });
    expect(await stock(cash)).toBe(8);
    // The same request: its first answer, nothing moved.
    expect((await redeem(m.token, { requestId, rewardId: cash, quantity: 2 })).body).toEqual(first.body);
    expect(await accounts(m.id)).toMatchObject({ main: 100_000, points: 4_200 });

    const b = await redeem(m.token, { rewardId: bonus, quantity: 1 });
    expect(b.body.value.record).toMatchObject({ kind: 'bonus', status: 'approved' });
    expect(await accounts(m.id)).toMatchObject({ main: 100_000, bonus: 100_000, points: 3_500 });
    const [reward] = await query<{ turnover_required: string | number; source: string }>(sql`select turnover_required, source from member_rewards where user_id = ${m.id} and form = 'bonus'`);
    expect(reward).toMatchObject({ source: 'mall' });
    expect(Number(reward?.turnover_required)).toBe(300_000);
    expect((await history(m.token)).body.value.list.map((r) => r.rewardName)).toEqual(['Bonus 1000', 'Cash 500']);
    expect((await history(m.token, { status: 'applying' })).body.value.total).toBe(0);
    await ledgerClean();
  });

  it('goods wait for the operator: approved, or rejected with the points and the stock back; the member may cancel', async () => {
    const m = await member('ptgoods01', { pts: 3_000 });
    const mug = await item({ name: 'Mug', kind: 'goods', pointsRequired: 500, stock: 5 });
    expect((await redeem(m.token, { rewardId: mug })).body.code).toBe('redeem_address_required');
    const one = (await redeem(m.token, { rewardId: mug, address: '1 Test Street' })).body.value;
    const two = (await redeem(m.token, { rewardId: mug, quantity: 2, address: '1 Test Street' })).body.value;
    const three = (await redeem(m.token, { rewardId: mug, address: '1 Test Street' })).body.value;
    expect([one.record.status, two.record.status, three.record.status]).toEqual(['applying', 'applying', 'applying']);
    expect(await accounts(m.id)).toMatchObject({ points: 1_000, main: 0 });
    expect(await stock(mug)).toBe(1);
    const review = await api.ops({ kind: 'points.review', status: 'applying' });
    expect(review.message).toContain('1 Test Street');

    await api.ops({ kind: 'points.approve', id: one.record.id });
    const rejected = await api.ops({ kind: 'points.reject', id: two.record.id, reason: 'Out of this colour' });
    expect(rejected.ok).toBe(true);
    expect(await accounts(m.id)).toMatchObject({ points: 2_000 });
    expect(await stock(mug)).toBe(3);
    await expect(api.ops({ kind: 'points.approve', id: two.record.id })).rejects.toThrow(/already rejected/);

    // The member cancels its own applying exchange; the same request replays; again is refused.
    const cancelId = rid();
    const cancelled = await api.call<TRedeem>(points.cancelRedeem, { requestId: cancelId, exchangeId: three.record.id }, { token: m.token });
    expect(cancelled.body).toMatchObject({ code: 'ok', value: { points: 2_500, record: { status: 'rejected', remark: 'cancelled by member' } } });
    expect((await api.call(points.cancelRedeem, { requestId: cancelId, exchangeId: three.record.id }, { token: m.token })).body).toEqual(cancelled.body);
    expect((await api.call(points.cancelRedeem, { requestId: rid(), exchangeId: three.record.id }, { token: m.token })).body.code).toBe('exchange_not_applying');
    expect((await api.call(points.cancelRedeem, { requestId: rid(), exchangeId: one.record.id }, { token: m.token })).body.code).toBe('exchange_not_applying');
    expect(await stock(mug)).toBe(4);
    const h = (await history(m.token)).body.value.list;
    expect(h.map((r) => [r.status, r.remark])).toEqual([['rejected', 'cancelled by member'], ['rejected', 'Out of this colour'], ['approved', null]]);
    const audit = await query<{ action: string }>(sql`select action from audit_log where target = ${`pointExchange:${two.record.id}`}`);
    expect(audit.map((a) => a.action)).toEqual(['points.reject']);
    await ledgerClean();
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const m = await member('ptbad01', { pts: 1_000 });
    const other = await member('ptbad02', { pts: 1_000 });
    const cash = await item({ name: 'Cash 100', kind: 'cash', value: 10_000, pointsRequired: 300, stock: 3 });
    const soldOut = await item({ name: 'Gone', kind: 'cash', value: 10_000, pointsRequired: 10, stock: 0 });
    const off = await item({ name: 'Off', kind: 'cash', value: 10_000, pointsRequired: 10, status: 'off' });
    const dear = await item({ name: 'Dear', kind: 'cash', value: 10_000, pointsRequired: 5_000 });
    const needsDeposit = await item({ name: 'Depositors', kind: 'cash', value: 10_000, pointsRequired: 10, amountRequired: 10_000_000, amountKind: 'deposit' });
    const goods = await item({ name: 'Cap', kind: 'goods', pointsRequired: 100, stock: 4 });
    const before = await accounts(m.id);
    const expectCode = async (res: Promise<{ body: { code: string; value: unknown } }>, code: string, value?: unknown) => {
      const body = (await res).body;
      expect(body.code).toBe(code);
      if (value !== undefined) expect(body.value).toMatchObject(value as object);
    };
    await expectCode(redeem(m.token, { rewardId: dear }), 'points_not_enough');
    await expectCode(redeem(m.token, { rewardId: cash, quantity: 4 }), 'redeem_sold_out', { left: 3 });
    await expectCode(redeem(m.token, { rewardId: soldOut }), 'redeem_sold_out', { left: 0 });
    await expectCode(redeem(m.token, { rewardId: off }), 'redeem_item_off');
    await expectCode(redeem(m.token, { rewardId: 999_999 }), 'redeem_item_not_found');
    await expectCode(redeem(m.token, { rewardId: cash, address: 'Somewhere 1' }), 'redeem_address_not_needed');
    await expectCode(redeem(m.token, { rewardId: needsDeposit }), 'redeem_requirement_not_met', { kind: 'deposit', required: 10_000_000, done: 0 });
    await expectCode(redeem(m.token, { rewardId: cash, quantity: 0 }), 'validation_failed');
    await expectCode(redeem(m.token, { rewardId: cash, quantity: 1.5 }), 'validation_failed');
    await expectCode(convert(m.token, { points: -1_000 }), 'validation_failed');
    await expectCode(convert(m.token, { points: 1_000.5 }), 'validation_failed');
    await expectCode(convert(m.token, { points: 999 }), 'points_convert_below_min', { min: 1_000 });
    await expectCode(convert(m.token, { points: 2_000 }), 'points_not_enough');
    // Someone else's exchange.
    const theirs = (await redeem(other.token, { rewardId: goods, address: '2 Other Road' })).body.value;
    await expectCode(api.call(points.cancelRedeem, { requestId: rid(), exchangeId: theirs.record.id }, { token: m.token }), 'exchange_not_found');
    expect((await history(other.token)).body.value.list[0]).toMatchObject({ status: 'applying' });
    // A wrong payment password counts towards the lockout; locked, even the right one is refused.
    await expectCode(redeem(m.token, { rewardId: cash, paymentPassword: '999999' }), 'payment_password_wrong', { attemptsLeft: 4 });
    for (let i = 0; i < 3; i++) await redeem(m.token, { rewardId: cash, paymentPassword: '999999' });
    await expectCode(convert(m.token, { points: 1_000, paymentPassword: '999999' }), 'payment_password_locked');
    await expectCode(redeem(m.token, { rewardId: cash }), 'payment_password_locked');
    expect(await accounts(m.id)).toEqual(before);
    expect(await stock(cash)).toBe(3);
    expect((await history(m.token)).body.value.total).toBe(0);
    await ledgerClean();
  });

  it('a deposit in the last 30 days meets an item’s requirement', async () => {
    const m = await member('ptreq01', { pts: 100 });
    const needsDeposit = await item({ name: 'Depositors 2', kind: 'cash', value: 10_000, pointsRequired: 10, amountRequired: 5_000_000, amountKind: 'deposit' });
    const [row] = await query<{ id: string | number }>(sql`select id from users where username = 'ptreq01'`);
    // A deposit as the ledger records one (cash-in → wallet, kind deposit).
    await api.sql(sql`select ledger_post(${t.merchantId}::int, ${`deposit:test:${row?.id}`}::text, 'deposit'::text, null::text,
      array[ledger_house(${t.merchantId}::int, 'cashIn'::text, 0::smallint), ledger_wallet(${t.merchantId}::int, ${m.id}::bigint, 'MAIN'::text)]::bigint[], array[-6000000, 6000000]::bigint[])`);
    const r = await redeem(m.token, { rewardId: needsDeposit });
    expect(r.body).toMatchObject({ code: 'ok', value: { points: 90, record: { status: 'approved' } } });
  });
});

describe('converting', () => {
  it('moves whole points to cash at the rate, once per request; off refuses', async () => {
    const m = await member('ptconv01', { pts: 2_500 });
    const requestId = rid();
    const first = await convert(m.token, { requestId, points: 1_500 });
    expect(first.body).toMatchObject({ code: 'ok', value: { points: 1_000, credited: 1_500_000, balance: 1_500_000 } });
    expect((await convert(m.token, { requestId, points: 1_500 })).body).toEqual(first.body);
    expect(await accounts(m.id)).toMatchObject({ main: 1_500_000, points: 1_000 });
    const bonusDetails = await api.call<{ list: { source: string; amount: number }[] }>(wallet.bonusDetails, {}, { token: m.token });
    expect(bonusDetails.body.value.list).toEqual([expect.objectContaining({ source: 'points', amount: 1_500_000 })]);
    const [d] = (await details(m.token)).body.value.list;
    expect(d).toMatchObject({ changedPoints: -1_500, pointsBalance: 1_000 });

    await api.ops({ kind: 'points.config', rates: null, convert: 'off', minConvert: null, rules: null });
    expect((await convert(m.token, { points: 1_000 })).body.code).toBe('points_convert_disabled');
    await api.ops({ kind: 'points.config', rates: null, convert: { points: 1_000, amount: 1_000_000 }, minConvert: null, rules: null });
    expect(await accounts(m.id)).toMatchObject({ main: 1_500_000, points: 1_000 });
    await ledgerClean();
  });
});

describe.runIf(TEST_DB === 'postgres')('the last 50 units', () => {
  it('200 members at once: exactly 50 exchanges, stock 0, the others keep their points', async () => {
    const template = await member('ptrushtpl', {});
    const ids = rowsOf<{ id: string | number }>(
      await t.database.db.execute(sql`
        insert into users (merchant_id, username, password_hash, payment_password_hash, type, account_type, upline_id, nickname, password_initial)
        select merchant_id, 'ptrush' || lpad(g::text, 3, '0'), password_hash, payment_password_hash, 'member', 0, upline_id, 'rush', false
        from users, generate_series(1, 200) g where id = ${template.id}
        returning id`),
    ).map((r) => Number(r.id));
    const tokens = ids.map((id) => ({ id, token: `ptrush-token-${id}-${'x'.repeat(20)}` }));
    await api.sql(sql`
      insert into sessions (token_hash, user_id, expires_at, ip)
      select h, u, now() + interval '1 hour', '127.0.0.1' from unnest(${`{${tokens.map((x) => sha256Hex(x.token)).join(',')}}`}::text[], ${`{${ids.join(',')}}`}::bigint[]) as v(h, u)`);
    for (const id of ids) {
      const [u] = await query<{ username: string }>(sql`select username from users where id = ${id}`);
      await api.ops({ kind: 'points.grant', username: u?.username ?? '', points: 100, reason: 'rush points' });
    }
    const last = await item({ name: 'Last fifty', kind: 'cash', value: 1_000, pointsRequired: 60, stock: 50 });
    const results = await Promise.all(tokens.map((x) => redeem(x.token, { rewardId: last })));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 'ok')).toHaveLength(50);
    expect(codes.filter((c) => c !== 'ok').every((c) => c === 'redeem_sold_out')).toBe(true);
    expect(await stock(last)).toBe(0);
    const [ex] = await query<{ n: string | number }>(sql`select count(*) as n from point_exchanges where item_id = ${last}`);
    expect(Number(ex?.n)).toBe(50);
    const balances = await query<{ user_id: string | number; balance: string | number }>(sql`select user_id, balance from ledger_accounts where wallet = 'POINTS' and user_id = any(${`{${ids.join(',')}}`}::bigint[])`);
    const won = new Set(results.flatMap((r, i) => (r.body.code === 'ok' ? [ids[i]] : [])));
    for (const b of balances) expect(Number(b.balance)).toBe(won.has(Number(b.user_id)) ? 40 : 100);
    const mains = await query<{ n: string | number; total: string | number }>(sql`select count(*) as n, sum(balance) as total from ledger_accounts where wallet = 'MAIN' and user_id = any(${`{${ids.join(',')}}`}::bigint[])`);
    expect(Number(mains[0]?.total)).toBe(50 * 1_000);
    await ledgerClean();
  }, 120_000);
});

describe('operator commands', () => {
  it('parse, check the item against its kind, sanitise the description on write and read, and audit each change', async () => {
    const { parseOpsCommand } = await import('../src/modules/ops/ops.command.ts');
    expect(parseOpsCommand(['points', 'config', '--rate', 'RNG=10000,LIVE=off', '--convert', '1000:10000', '--min-convert', '500'])).toEqual({
      kind: 'points.config',
      rates: { RNG: 1_000_000, LIVE: null },
      convert: { points: 1_000, amount: 1_000_000 },
      minConvert: 500,
      rules: null,
    });
    expect(() => parseOpsCommand(['points', 'item', 'add', '--name', 'X', '--kind', 'cash'])).toThrow(/--points/);
    expect(() => parseOpsCommand(['points', 'grant', 'member01', '1.5', '--reason', 'x'])).toThrow(/whole number/);
    const add = parseOpsCommand(['points', 'item', 'add', '--name', 'Voucher', '--kind', 'bonus', '--points', '900', '--value', '50000', '--turnover', '2', '--stock', '7', '--html', '<p>Hi<img src=x onerror=alert(1)></p>']);
    const added = await api.ops(add);
    const id = (added.data as { id: number }).id;
    const catalogue = await api.call<{ list: points.TRedeemItem[] }>(points.pointRewards, { pageSize: 100 });
    const shown = catalogue.body.value.list.find((i) => i.id === id);
    expect(shown).toMatchObject({ kind: 'bonus', value: 5_000_000, quantity: 7, pointsRequired: 900, status: 'available' });
    expect(shown?.description).not.toMatch(/onerror/);
    await expect(api.ops(parseOpsCommand(['points', 'item', 'edit', String(id), '--kind', 'goods']))).rejects.toThrow(/goods item has no --value/);
    await api.ops(parseOpsCommand(['points', 'item', 'off', String(id)]));
    const off = (await api.call<{ list: points.TRedeemItem[] }>(points.pointRewards, { pageSize: 100 })).body.value.list.find((i) => i.id === id);
    expect(off?.status).toBe('offline');
    const audit = await query<{ action: string }>(sql`select action from audit_log where target = ${`pointItem:${id}`} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['points.itemAdd', 'points.itemEdit']);
  });
});
