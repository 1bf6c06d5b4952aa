import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as promotions from '@playhall/contract/calls/promotions';
import * as wallet from '@playhall/contract/calls/wallet';
import type { TCallDef } from '@playhall/contract/define';
import { rowsOf } from '../src/db/client.ts';
import { sha256Hex } from '../src/lib/secrets.ts';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { callProcess, exited, startServerProcess, type TServerProcess } from './support/server-process.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

// Issue 17, red envelopes: rains scheduled by the operator, opened once per member, the pool never overdrawn even
// when 500 members open at once (on PostgreSQL through two real server processes).

let t: TTestApp;
let api: TApi;
const servers: TServerProcess[] = [];
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  for (const s of servers) {
    s.child.kill('SIGTERM');
    await exited(s.child);
  }
  await t?.close();
});

const PASSWORD = 'Member12345';
const MINUTE = 60_000;
let seq = 0;
const rid = () => `env-${Date.now()}-${seq++}`;

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(q));
}

async function login(username: string): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password: PASSWORD }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res.body.value.token;
}

async function member(username: string): Promise<{ id: number; token: string }> {
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: 'member', upline: 'agent01' });
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  const [row] = await query<{ id: string }>(sql`select id::text from users where username = ${username}`);
  return { id: Number(row?.id), token: await login(username) };
}

/**
 * `n` members under member01's upline made in two statements (users, whose upline paths a trigger writes, and live
 * sessions, one token each): 500 logins would spend the test's minutes hashing passwords, which is not what it proves.
 */
async function bulkMembers(prefix: string, n: number): Promise<{ id: number; username: string; token: string }[]> {
  const made = await query<{ id: string; username: string }>(sql`
    insert into users (merchant_id, username, type, account_type, upline_id, password_hash, password_initial)
    select u.merchant_id, ${prefix} || lpad(g::text, 4, '0'), u.type, u.account_type, u.upline_id, u.password_hash, false
    from users u cross join generate_series(1, ${n}) g where u.username = 'member01'
    returning id::text, username`);
  const members = made.map((m) => ({ id: Number(m.id), username: m.username, token: crypto.randomBytes(24).toString('hex') }));
  await api.sql(sql`
    insert into sessions (token_hash, user_id, expires_at, ip)
    select h, uid, now() + interval '1 day', '127.0.0.1'
    from unnest(${`{${members.map((m) => sha256Hex(m.token)).join(',')}}`}::text[], ${`{${members.map((m) => m.id).join(',')}}`}::bigint[]) as s(h, uid)`);
  return members;
}

async function schedule(opts: { title?: string; from: Date; to: Date; pool: number; min: number; max: number; count: number; turnover?: number; eligibility?: object }) {
  const res = await api.ops({
    kind: 'envelope.schedule',
    title: opts.title ?? 'Test rain',
    from: opts.from.toISOString(),
    to: opts.to.toISOString(),
    pool: opts.pool,
    min: opts.min,
    max: opts.max,
    count: opts.count,
    turnover: opts.turnover ?? 0,
    eligibility: opts.eligibility ?? {},
  });
  return (res.data as { id: number }).id;
}

async function ledgerClean() {
  expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
}

const open = (token: string, rainId: number, requestId = rid()) =>
  api.call<{ amount: number; balance: number }>(promotions.openEnvelope, { requestId, rainId }, { token, ip: freshIp() });

async function mainBalance(token: string): Promise<number> {
  return (await api.call<wallet.TBalance>(wallet.balance, {}, { token })).body.value.sumBalance;
}

describe(`red envelopes on ${TEST_DB}`, () => {
  it('the operator schedules, lists and cancels rains with clear refusals; each change is audited', async () => {
    expect(
      parseOpsCommand(['envelope', 'schedule', '--title', 'Lunch rain', '--from', '2026-12-01T12:00:00+07:00', '--to', '2026-12-01T13:00:00+07:00', '--pool', '1000', '--min', '5', '--max', '50.5', '--count', '100', '--new-days', '30', '--agent', 'agent01']),
    ).toEqual({
      kind: 'envelope.schedule',
      title: 'Lunch rain',
      from: '2026-12-01T05:00:00.000Z',
      to: '2026-12-01T06:00:00.000Z',
      pool: 100_000,
      min: 500,
      max: 5_050,
      count: 100,
      turnover: 0,
      eligibility: { newWithinDays: 30, agent: { id: 0, username: 'agent01' } },
    });
    expect(parseOpsCommand(['envelope', 'cancel', '7'])).toEqual({ kind: 'envelope.cancel', id: 7 });
    expect(() => parseOpsCommand(['envelope', 'schedule', '--title', 'x', '--count', '5', '--from', 'tomorrow'])).toThrow(/--from must be an ISO time/);
    expect(() => parseOpsCommand(['envelope', 'cancel'])).toThrow(UsageError);
    expect(() => parseOpsCommand(['envelope', 'schedule', '--title', 'x', '--reward', '5'])).toThrow(/unknown option --reward/);

    const now = Date.now();
    const from = new Date(now + 60 * MINUTE);
    const to = new Date(now + 120 * MINUTE);
    // The engine's rainProblem: 10 envelopes of at least 5.00 need 50.00; at most 6.00 each cannot hold 100.00.
    await expect(api.ops({ kind: 'envelope.schedule', title: 'Bad', from: from.toISOString(), to: to.toISOString(), pool: 4_000, min: 500, max: 1_000, count: 10, turnover: 0, eligibility: {} })).rejects.toThrow(/cannot give every envelope its minimum/);
    await expect(api.ops({ kind: 'envelope.schedule', title: 'Bad', from: from.toISOString(), to: to.toISOString(), pool: 10_000, min: 500, max: 600, count: 10, turnover: 0, eligibility: {} })).rejects.toThrow(/cannot hold the whole pool/);
    await expect(api.ops({ kind: 'envelope.schedule', title: 'Bad', from: to.toISOString(), to: from.toISOString(), pool: 10_000, min: 500, max: 2_000, count: 10, turnover: 0, eligibility: {} })).rejects.toThrow(/--to must be after --from/);
    await expect(api.ops({ kind: 'envelope.schedule', title: 'Bad', from: from.toISOString(), to: to.toISOString(), pool: 10_000, min: 500, max: 2_000, count: 10, turnover: 0, eligibility: { agent: { id: 0, username: 'member01' } } })).rejects.toThrow(/no agent named member01/);
    await expect(api.ops({ kind: 'envelope.schedule', title: 'Bad', from: from.toISOString(), to: to.toISOString(), pool: 10_050, min: 500, max: 2_000, count: 10, turnover: 0, eligibility: {} })).rejects.toThrow(/whole amounts/);
    const rains = async () => (await query<{ n: string }>(sql`select count(*)::text as n from envelope_rains`))[0]?.n;
    const before = await rains();

    const id = await schedule({ title: 'Evening rain', from, to, pool: 10_000, min: 500, max: 2_000, count: 10 });
    expect(await rains()).toBe(String(Number(before) + 1));
    // The pool is cut when scheduled: 10 envelopes within min–max summing to the pool exactly.
    const cut = await query<{ amount: string }>(sql`select amount::text from envelopes where rain_id = ${id} order by seq`);
    expect(cut).toHaveLength(10);
    expect(cut.reduce((s, e) => s + Number(e.amount), 0)).toBe(10_000);
    for (const e of cut) expect(Number(e.amount)).toBeGreaterThanOrEqual(500);
    // Whole units of the currency in every envelope (10,327 ₫, never 10,327.71 ₫).
    for (const e of cut) expect(Number(e.amount) % 100).toBe(0);
    const listed = await api.ops({ kind: 'envelope.list' });
    expect(listed.message).toMatch(new RegExp(`#${id} upcoming .* pool 100\\.00 in 10 \\(5\\.00–20\\.00\\)  opened 0, paid 0\\.00  Evening rain`));
    // A member sees it coming, not yet eligible to open.
    const m = await member('envwatch01');
    const seen = (await api.call<{ list: promotions.TEnvelopeRain[] }>(promotions.envelopeRains, {}, { token: m.token })).body.value.list.find((r) => r.id === id);
    expect(seen).toMatchObject({ title: 'Evening rain', state: 'upcoming', eligible: true, opened: null, left: 10 });
    expect((await open(m.token, id)).body.code).toBe('envelope_not_open');

    expect((await api.ops({ kind: 'envelope.cancel', id })).message).toBe(`red envelope rain ${id} cancelled`);
    await expect(api.ops({ kind: 'envelope.cancel', id })).rejects.toThrow(/was cancelled/);
    const gone = (await api.call<{ list: promotions.TEnvelopeRain[] }>(promotions.envelopeRains, {}, { token: m.token })).body.value.list;
    expect(gone.map((r) => r.id)).not.toContain(id);
    expect((await open(m.token, id)).body.code).toBe('not_found');
    // A rain that has started cannot be cancelled.
    const started = await schedule({ from: new Date(now - MINUTE), to, pool: 10_000, min: 500, max: 2_000, count: 10 });
    await expect(api.ops({ kind: 'envelope.cancel', id: started })).rejects.toThrow(/only a rain that has not started can be cancelled/);
    const audits = await query<{ action: string }>(sql`select action from audit_log where target in (${`envelopeRain:${id}`}, ${`envelopeRain:${started}`}) order by id`);
    expect(audits.map((a) => a.action)).toEqual(['envelope.schedule', 'envelope.cancel', 'envelope.schedule']);
  });

  it('a member opens one envelope per rain: paid through the ledger, a repeat answers the first result, another request is refused', async () => {
    const now = Date.now();
    const id = await schedule({ title: 'Morning rain', from: new Date(now - MINUTE), to: new Date(now + 30 * MINUTE), pool: 30_000, min: 1_000, max: 20_000, count: 3 });
    const a = await member('envopen01');
    const visitor = (await api.call<{ list: promotions.TEnvelopeRain[] }>(promotions.envelopeRains, {})).body.value.list.find((r) => r.id === id);
    expect(visitor).toMatchObject({ state: 'open', eligible: false, opened: null, left: 3 });
    expect((await api.call(promotions.openEnvelope, { requestId: rid(), rainId: id })).status).toBe(401);

    const requestId = rid();
    const first = await open(a.token, id, requestId);
    expect(first.body.code).toBe('ok');
    const { amount, balance } = first.body.value;
    expect(amount).toBeGreaterThanOrEqual(1_000);
    expect(balance).toBe(amount);
    expect(await mainBalance(a.token)).toBe(amount);
    expect((await open(a.token, id, requestId)).body.value).toEqual({ amount, balance });
    expect((await open(a.token, id)).body.code).toBe('envelope_already_opened');
    expect(await mainBalance(a.token)).toBe(amount);
    const mine = (await api.call<{ list: promotions.TEnvelopeRain[] }>(promotions.envelopeRains, {}, { token: a.token })).body.value.list.find((r) => r.id === id);
    expect(mine).toMatchObject({ state: 'open', eligible: true, opened: amount, left: 2 });
    // In the reward centre as an envelope reward, paid as cash.
    const [reward] = await query<{ source: string; form: string; amount: string; status: string; key: string }>(
      sql`select source, form, amount::text, status, key from member_rewards where user_id = ${a.id}`,
    );
    expect(reward).toEqual({ source: 'envelope', form: 'cash', amount: String(amount), status: 'issued', key: `envelope:${id}:${a.id}` });

    // Two more members take the rest; a fourth finds none left.
    const b = await member('envopen02');
    const c = await member('envopen03');
    const d = await member('envopen04');
    const paid = [amount, (await open(b.token, id)).body.value.amount, (await open(c.token, id)).body.value.amount];
    expect(paid.reduce((s, x) => s + x, 0)).toBe(30_000);
    expect((await open(d.token, id)).body.code).toBe('envelopes_gone');
    expect(await mainBalance(d.token)).toBe(0);
    // Another member's rain id that does not exist, and a rain that ended.
    expect((await open(d.token, 999_999)).body.code).toBe('not_found');
    const soon = Date.now();
    const over = await schedule({ from: new Date(soon - 10 * MINUTE), to: new Date(soon + 500), pool: 1_000, min: 1_000, max: 1_000, count: 1 });
    await new Promise((r) => setTimeout(r, 600));
    expect((await open(d.token, over)).body.code).toBe('envelope_not_open');
    await ledgerClean();
  });

  it('eligibility leaves members out with the reasons, and --turnover pays a bonus with its turnover', async () => {
    const now = Date.now();
    const window = { from: new Date(now - MINUTE), to: new Date(now + 30 * MINUTE) };
    const outsider = await member('envout01');
    await api.ops({ kind: 'user.create', username: 'envagent01', password: PASSWORD, type: 'agent', upline: null });
    const tree = await schedule({ ...window, pool: 5_000, min: 1_000, max: 4_000, count: 2, eligibility: { agent: { id: 0, username: 'envagent01' } } });
    const refused = await open(outsider.token, tree);
    expect(refused.body).toMatchObject({ code: 'activity_not_eligible', value: { reasons: ['agentTree'] } });
    const vip = await schedule({ ...window, pool: 5_000, min: 1_000, max: 4_000, count: 2, eligibility: { minVipLevel: 3, newWithinDays: 30 } });
    expect((await open(outsider.token, vip)).body).toMatchObject({ code: 'activity_not_eligible', value: { reasons: ['vipLevel'] } });
    await api.sql(sql`update users set created_at = now() - interval '40 days' where id = ${outsider.id}`);
    expect((await open(outsider.token, vip)).body.value).toMatchObject({ reasons: ['notNewMember', 'vipLevel'] });
    const list = (await api.call<{ list: promotions.TEnvelopeRain[] }>(promotions.envelopeRains, {}, { token: outsider.token })).body.value.list;
    expect(list.filter((r) => r.id === tree || r.id === vip).map((r) => r.eligible)).toEqual([false, false]);
    expect(await mainBalance(outsider.token)).toBe(0);

    const bonusRain = await schedule({ ...window, title: 'Bonus rain', pool: 5_000, min: 1_000, max: 4_000, count: 2, turnover: 5 });
    const opened = await open(outsider.token, bonusRain);
    expect(opened.body.code).toBe('ok');
    const { amount } = opened.body.value;
    // A bonus lands in the bonus wallet, not in cash; its turnover is 5 × the amount.
    expect(opened.body.value.balance).toBe(0);
    const [reward] = await query<{ form: string; turnover_required: string; bonus_status: string }>(
      sql`select form, turnover_required::text, bonus_status from member_rewards where key = ${`envelope:${bonusRain}:${outsider.id}`}`,
    );
    expect(reward).toEqual({ form: 'bonus', turnover_required: String(amount * 5), bonus_status: 'open' });
    await ledgerClean();
  });

  it('500 members open one rain at once: each paid at most once, min(members, envelopes) paid, never more than the pool', async () => {
    const MEMBERS = 500;
    const members = await bulkMembers('envrush', MEMBERS);
    const now = Date.now();
    // Two rains: one with fewer envelopes than members, one with more.
    const scarce = await schedule({ title: 'Rush hour', from: new Date(now - MINUTE), to: new Date(now + 30 * MINUTE), pool: 3_000_000, min: 1_000, max: 20_000, count: 300 });
    const plenty = await schedule({ title: 'Plenty', from: new Date(now - MINUTE), to: new Date(now + 30 * MINUTE), pool: 1_200_000, min: 1_000, max: 2_000, count: 800 });

    let send: (i: number, def: TCallDef, payload: unknown, token: string) => Promise<{ code: string; value: { amount: number } }>;
    if (TEST_DB === 'postgres' && t.databaseUrl) {
      const env = { DATABASE_URL: t.databaseUrl, DEMO_PASSWORD: t.demoPassword, SEED_DEMO: '1', DATA_DIR: '/nonexistent-data-dir' };
      servers.push(await startServerProcess(env), await startServerProcess(env));
      send = (i, def, payload, token) => callProcess(servers[i % servers.length]!.base, def, payload, token);
    } else {
      send = async (_i, def, payload, token) => (await api.call<{ amount: number }>(def, payload, { token, ip: freshIp() })).body;
    }

    for (const [rainId, count, pool] of [[scarce, 300, 3_000_000], [plenty, 800, 1_200_000]] as const) {
      // A saturated server answers rate_limited (no pooled connection in time); the member's page asks again with the
      // same request id, as here, and is paid at most once all the same.
      const open = async (m: (typeof members)[number], i: number) => {
        for (let attempt = 0; ; attempt += 1) {
          const answer = await send(i, promotions.openEnvelope, { requestId: `rush-${rainId}-${m.id}`, rainId }, m.token);
          if (answer.code !== 'rate_limited' || attempt === 5) return answer;
          await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
        }
      };
      const answers = await Promise.all(members.map((m, i) => open(m, i)));
      const ok = answers.filter((a) => a.code === 'ok');
      expect(new Set(answers.map((a) => a.code))).toEqual(new Set(count < MEMBERS ? ['ok', 'envelopes_gone'] : ['ok']));
      expect(ok).toHaveLength(Math.min(MEMBERS, count));
      const [stored] = await query<{ opened: string; members: string; paid: string; credited: string; rewards: string }>(sql`
        select count(*)::text as opened, count(distinct e.user_id)::text as members, coalesce(sum(e.amount), 0)::text as paid,
          (select coalesce(sum(p.amount), 0) from member_rewards r join postings p on p.entry_id = r.journal_entry_id and p.amount > 0
            where r.key like ${`envelope:${rainId}:%`})::text as credited,
          (select count(*) from member_rewards r where r.key like ${`envelope:${rainId}:%`})::text as rewards
        from envelopes e where e.rain_id = ${rainId} and e.user_id is not null`);
      expect(Number(stored?.opened)).toBe(Math.min(MEMBERS, count));
      expect(stored?.members).toBe(stored?.opened);
      expect(stored?.rewards).toBe(stored?.opened);
      // What the members were told, what the envelopes hold and what the ledger credited are the same sum.
      const told = ok.reduce((s, a) => s + a.value.amount, 0);
      expect(Number(stored?.paid)).toBe(told);
      expect(Number(stored?.credited)).toBe(told);
      expect(told).toBeLessThanOrEqual(pool);
      if (count <= MEMBERS) expect(told).toBe(pool);
    }
    await ledgerClean();
  });
});
