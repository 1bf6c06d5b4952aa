import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as wallet from '@playhall/contract/calls/wallet';
import * as promotions from '@playhall/contract/calls/promotions';
import * as games from '@playhall/contract/calls/games';
import crypto from 'node:crypto';
import { rowsOf } from '../src/db/client.ts';
import { signBody } from '../src/lib/hmac-signature.ts';
import { installSecret } from '../src/modules/crypto/install-secret.ts';
import { activities, activityApplications, activityParticipations, auditLog, deposits, memberRewards, uploads } from '../src/db/schema.ts';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { realJpeg, realPng } from './support/images.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

/**
 * Activities members join (issue 17), on the real app: the operator's `activity` commands, the list and detail
 * pages, joining a deposit bonus (before or after the deposit), daily check-in, proof applications reviewed by the
 * operator and claimed in the reward centre, and a budget that many members at once never overspend.
 */
let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
let seq = 0;
const rid = (p = 'act') => `${p}-${Date.now()}-${seq++}`;

async function member(): Promise<{ username: string; token: string; id: number }> {
  const username = `pm${Date.now().toString(36).slice(-6)}${seq++}`;
  const made = await api.ops({ kind: 'user.create', username, password: 'Test12345', type: 'member', upline: null });
  const res = (await api.call(auth.login, { type: 'username', username, password: 'Test12345' }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return { username, token: res.body.value.token, id: (made.data as { id: number }).id };
}

/** `npm run ops -- activity …` as the operator types it, run on the test database. */
async function ops(...argv: string[]) {
  return api.ops(parseOpsCommand(argv));
}

/** Adds and publishes an activity; returns its id. */
async function activity(...argv: string[]): Promise<number> {
  const added = await ops('activity', 'add', ...(argv.includes('--from') ? [] : ['--from', iso(-HOUR)]), '--to', iso(24 * HOUR), ...argv);
  const id = (added.data as { id: number }).id;
  await ops('activity', 'schedule', String(id));
  return id;
}

async function balance(token: string): Promise<number> {
  return (await api.call<wallet.TBalance>(wallet.balance, {}, { token })).body.value.sumBalance;
}

async function detail(id: number, token?: string) {
  const res = await api.call<promotions.TActivityDetail>(promotions.activityDetail, { id: String(id) }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value;
}

async function ledgerClean() {
  const check = await api.ops({ kind: 'ledger.check' });
  expect(check.ok, check.message).toBe(true);
}

const png = async () => ({ mime: 'image/png' as const, data: (await realPng(40, 30)).toString('base64') });

/** A bank deposit the operator approves: credited through every path's one function. */
async function deposit(token: string, amount: number): Promise<number> {
  const channels = (await api.call<{ channels: { id: number; type: string }[] }>(wallet.depositChannels, {}, { token })).body.value.channels;
  const bank = channels.find((c) => c.type === 'bank');
  if (!bank) throw new Error('no bank channel');
  const res = await api.call<{ deposit: { id: number } }>(wallet.depositCreate, { requestId: rid('dep'), channelId: bank.id, amount, payerName: 'Nguyen Van A', receipt: await png() }, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const approved = await api.ops({ kind: 'deposit.approve', id: res.body.value.deposit.id });
  expect(approved.ok).toBe(true);
  return res.body.value.deposit.id;
}

describe('ops activity', () => {
  it('reads the command line in major units and refuses what breaks a rule, naming it', () => {
    expect(parseOpsCommand(['activity', 'add', '--kind', 'reload', '--category', 'deposit', '--title', 'Reload', '--from', '2026-12-01T00:00:00+07:00', '--to', '2026-12-31T00:00:00+07:00', '--reward', '50%', '--cap', '500000', '--turnover', '5', '--deposit-min', '100000', '--per-member', '1', '--budget', '10000000'])).toMatchObject({
      kind: 'activity.add',
      activity: { kind: 'reload', reward: { type: 'percent', rate: 5000, cap: 50_000_000 }, turnoverMultiple: 5, terms: { minDeposit: 10_000_000 }, perMemberLimit: 1, budget: 1_000_000_000, startsAt: '2026-11-30T17:00:00.000Z' },
    });
    expect(parseOpsCommand(['activity', 'add', '--kind', 'check-in', '--category', 'daily', '--title', 'Daily', '--from', '2026-12-01T00:00:00Z', '--to', '2026-12-31T00:00:00Z', '--days', '1,1,1,2,2,2,10'])).toMatchObject({
      activity: { kind: 'checkIn', terms: { days: [100, 100, 100, 200, 200, 200, 1000] }, reward: { type: 'fixed', amount: 1000 } },
    });
    expect(parseOpsCommand(['activity', 'review', '12', 'reject', '--reason', 'blurry'])).toEqual({ kind: 'activity.review', applicationId: 12, decision: 'reject', reason: 'blurry' });
    expect(parseOpsCommand(['activity', 'review'])).toEqual({ kind: 'activity.applications', id: null });
    expect(() => parseOpsCommand(['activity', 'review', '12', 'reject'])).toThrow(/--reason/);
    expect(() => parseOpsCommand(['activity', 'add', '--kind', 'reload', '--category', 'deposit', '--title', 'x', '--from', '2026-12-01T00:00:00Z'])).toThrow(/--to/);
    expect(() => parseOpsCommand(['activity', 'add', '--kind', 'reload', '--category', 'deposit', '--title', 'x', '--from', '2026-12-01T00:00:00Z', '--to', '2026-12-02T00:00:00Z', '--reward', '1.234'])).toThrow(UsageError);
    expect(() => parseOpsCommand(['activity', 'add', '--kind', 'lottery', '--category', 'deposit', '--title', 'x', '--from', '2026-12-01T00:00:00Z', '--to', '2026-12-02T00:00:00Z', '--reward', '1'])).toThrow(/activity.kind/);
    expect(() => parseOpsCommand(['activity', 'frobnicate'])).toThrow(/activity supports/);
  });

  it('add is a draft, schedule publishes it, edit and close change it; each writes an audit row; bad terms are refused by rule', async () => {
    const before = await t.database.db.select().from(activities);
    await expect(ops('activity', 'add', '--kind', 'reload', '--category', 'deposit', '--title', 'No minimum', '--from', iso(0), '--to', iso(HOUR), '--reward', '10%')).rejects.toThrow(/terms of a reload activity: minDeposit/);
    await expect(ops('activity', 'add', '--kind', 'proof', '--category', 'event', '--title', 'Backwards', '--from', iso(HOUR), '--to', iso(0), '--reward', '10')).rejects.toThrow(/--to must be after --from/);
    await expect(ops('activity', 'add', '--kind', 'proof', '--category', 'event', '--title', 'Percent proof', '--from', iso(0), '--to', iso(HOUR), '--reward', '10%')).rejects.toThrow(/a proof activity pays fixed or points/);
    await expect(ops('activity', 'add', '--kind', 'proof', '--category', 'event', '--title', 'Agent', '--from', iso(0), '--to', iso(HOUR), '--reward', '10', '--agent', 'member01')).rejects.toThrow(/member01 is not an agent/);
    expect(await t.database.db.select().from(activities)).toHaveLength(before.length);

    const added = await ops('activity', 'add', '--kind', 'proof', '--category', 'event', '--title', 'Share a win', '--from', iso(2 * HOUR), '--to', iso(48 * HOUR), '--reward', '20', '--html', '<p onclick="x()">Post <b>it</b></p><script>alert(1)</script>', '--image', 'img/promos/share.svg');
    const id = (added.data as { id: number }).id;
    expect(added.message).toMatch(/added as a draft/);
    const [row] = await t.database.db.select().from(activities).where(eq(activities.id, id));
    expect(row).toMatchObject({ state: 'draft', termsHtml: '<p>Post <b>it</b></p>', reward: { type: 'fixed', amount: 2000 } });
    // A draft is nobody's business.
    expect((await api.call(promotions.activityDetail, { id: String(id) })).body.code).toBe('not_found');

    await ops('activity', 'schedule', String(id));
    await expect(ops('activity', 'schedule', String(id))).rejects.toThrow(/only a draft/);
    expect((await detail(id)).status).toBe('comingSoon');
    await ops('activity', 'edit', String(id), '--from', iso(-HOUR), '--title', 'Share your win');
    expect(await detail(id)).toMatchObject({ status: 'join', title: 'Share your win', termsHtml: '<p>Post <b>it</b></p>', ineligible: ['login'], actions: [] });
    expect((await ops('activity', 'list')).message).toMatch(new RegExp(`^${id}\\tpublished\\tproof\\tevent`, 'm'));
    expect((await ops('activity', 'show', String(id))).message).toMatch(/members: none/);
    await ops('activity', 'close', String(id));
    expect((await detail(id)).status).toBe('closed');

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.target, `activity:${id}`));
    expect(audits.map((a) => a.action)).toEqual(['activity.add', 'activity.schedule', 'activity.edit', 'activity.close']);
  });

  it('a raffle has its seed committed from the moment it is added, and its detail shows it', async () => {
    const id = await activity('--kind', 'raffle', '--category', 'event', '--title', 'Weekend raffle', '--ticket', '1000', '--prizes', 'Gold=500000;Silver=100000', '--max-tickets', '50');
    const [row] = await t.database.db.select().from(activities).where(eq(activities.id, id));
    expect(row).toMatchObject({ terms: { ticketPer: 100_000, maxTicketsPerMember: 50, prizes: [{ name: 'Gold', amount: 50_000_000 }, { name: 'Silver', amount: 10_000_000 }] }, reward: { type: 'fixed', amount: 50_000_000 } });
    const shown = await detail(id);
    expect(shown.raffle).toMatchObject({ seed: null, ticketPer: 100_000, prizes: [{ name: 'Gold' }, { name: 'Silver' }] });
    expect(shown.raffle?.seedHash).toMatch(/^[0-9a-f]{64}$/);
    await ops('activity', 'edit', String(id), '--prizes', 'Gold=900000;Silver=100000');
    expect(await detail(id)).toMatchObject({ reward: { type: 'fixed', amount: 90_000_000 }, raffle: { seedHash: shown.raffle?.seedHash } });
    await expect(ops('activity', 'add', '--kind', 'raffle', '--category', 'event', '--title', 'No prizes', '--from', iso(0), '--to', iso(HOUR), '--ticket', '1000')).rejects.toThrow(/terms of a raffle activity: --prizes is required/);
  });
});

describe('the promotions page', () => {
  it('shows the demo activities, open, each with its art', async () => {
    const list = (await api.call<{ list: promotions.TActivityCard[] }>(promotions.listActivities, {})).body.value.list;
    const demo = ['firstDeposit', 'reload', 'checkIn', 'cashback', 'turnoverTiers', 'proof'].map((kind) => list.find((c) => c.kind === kind && c.status === 'join'));
    expect(demo.every(Boolean)).toBe(true);
    expect(demo.find((c) => c?.kind === 'reload')).toMatchObject({ reward: { type: 'percent', rate: 5_000, cap: 50_000_000 }, turnoverMultiple: 5 });
    for (const c of demo) {
      const art = await t.app.inject({ method: 'GET', url: `/${c?.imageUrl ?? ''}` });
      expect(art.statusCode, c?.imageUrl ?? '').toBe(200);
    }
  });

  it('lists published activities by category with the member own status on each card', async () => {
    const m = await member();
    const soon = (await ops('activity', 'add', '--kind', 'cashback', '--category', 'rebate', '--title', 'Soon', '--from', iso(HOUR), '--to', iso(48 * HOUR), '--reward', '5%', '--period', 'day', '--min-loss', '10')).data as { id: number };
    await ops('activity', 'schedule', String(soon.id));
    const open = await activity('--kind', 'cashback', '--category', 'rebate', '--title', 'Weekly cashback', '--reward', '5%', '--cap', '1000', '--period', 'week', '--min-loss', '10');
    const visitor = (await api.call<{ list: promotions.TActivityCard[] }>(promotions.listActivities, { category: 'rebate' })).body.value.list;
    expect(visitor.find((c) => c.id === soon.id)?.status).toBe('comingSoon');
    expect(visitor.find((c) => c.id === open)?.status).toBe('join');
    expect(visitor.every((c) => c.category === 'rebate')).toBe(true);

    expect((await api.call(promotions.joinActivity, { requestId: rid(), id: open })).body.code).toBe('not_logged_in');
    const join = await api.call<{ status: string }>(promotions.joinActivity, { requestId: 'join-0001', id: open }, { token: m.token });
    expect(join.body.value.status).toBe('inProcess');
    // The same request again answers the first; another is a transition the machine does not have.
    expect((await api.call<{ status: string }>(promotions.joinActivity, { requestId: 'join-0001', id: open }, { token: m.token })).body.value.status).toBe('inProcess');
    expect((await api.call(promotions.joinActivity, { requestId: 'join-0002', id: open }, { token: m.token })).body.code).toBe('activity_transition_refused');
    expect((await api.call(promotions.joinActivity, { requestId: rid(), id: soon.id }, { token: m.token })).body.code).toBe('activity_transition_refused');

    const mine = (await api.call<{ list: promotions.TActivityCard[] }>(promotions.listActivities, {}, { token: m.token })).body.value.list;
    expect(mine.find((c) => c.id === open)?.status).toBe('inProcess');
    const other = await member();
    const theirs = (await api.call<{ list: promotions.TActivityCard[] }>(promotions.listActivities, {}, { token: other.token })).body.value.list;
    expect(theirs.find((c) => c.id === open)?.status).toBe('join');
    expect(await detail(open, m.token)).toMatchObject({ status: 'inProcess', actions: [], ineligible: [], progress: { deposit: 0, validBet: 0, netLoss: 0 } });
  });

  it('refuses a member the eligibility leaves out, naming the rule', async () => {
    const m = await member();
    const id = await activity('--kind', 'cashback', '--category', 'rebate', '--title', 'Agent team only', '--reward', '5%', '--period', 'day', '--min-loss', '1', '--agent', 'agent01', '--min-deposit', '1000');
    expect((await detail(id, m.token)).ineligible).toEqual(['agentTree', 'minDeposit']);
    const res = await api.call(promotions.joinActivity, { requestId: rid(), id }, { token: m.token });
    expect(res.body).toMatchObject({ code: 'activity_not_eligible', value: { reasons: ['agentTree', 'minDeposit'] } });
    expect(await t.database.db.select().from(activityParticipations).where(and(eq(activityParticipations.activityId, id), eq(activityParticipations.status, 'inProcess')))).toHaveLength(0);
  });
});

describe('deposit bonuses', () => {
  let reload: number;
  beforeAll(async () => {
    reload = await activity('--kind', 'reload', '--category', 'deposit', '--title', 'Reload 50%', '--reward', '50%', '--cap', '500000', '--turnover', '5', '--deposit-min', '100000');
  });

  it('a member who deposited joins and has the bonus at once, with turnover ×5 of the bonus', async () => {
    const m = await member();
    const depositId = await deposit(m.token, 20_000_000);
    const join = await api.call<{ status: string }>(promotions.joinActivity, { requestId: rid(), id: reload }, { token: m.token });
    expect(join.body.value.status).toBe('issued');
    const [reward] = await t.database.db.select().from(memberRewards).where(eq(memberRewards.key, `activity:${reload}:deposit:${depositId}`));
    expect(reward).toMatchObject({ userId: m.id, form: 'bonus', amount: 10_000_000, status: 'issued', turnoverRequired: 50_000_000, bonusStatus: 'open' });
    expect(await detail(reload, m.token)).toMatchObject({ status: 'issued', granted: 1, progress: { deposit: 20_000_000 } });
    const [a] = await t.database.db.select().from(activities).where(eq(activities.id, reload));
    expect(a?.spent).toBe(10_000_000);
    await ledgerClean();
  });

  it('a member who joins first waits (in process); the next credited deposit grants once', async () => {
    const m = await member();
    expect((await api.call<{ status: string }>(promotions.joinActivity, { requestId: rid(), id: reload }, { token: m.token })).body.value.status).toBe('inProcess');
    // Below the minimum: nothing yet.
    await deposit(m.token, 5_000_000);
    expect((await detail(reload, m.token)).status).toBe('inProcess');
    const depositId = await deposit(m.token, 200_000_000);
    expect((await detail(reload, m.token)).status).toBe('issued');
    const rewards = await t.database.db.select().from(memberRewards).where(and(eq(memberRewards.userId, m.id), eq(memberRewards.activityId, reload)));
    // 50 % of 2,000,000.00 is capped at 500,000.00.
    expect(rewards).toEqual([expect.objectContaining({ key: `activity:${reload}:deposit:${depositId}`, amount: 50_000_000, turnoverRequired: 250_000_000 })]);
    await deposit(m.token, 200_000_000);
    expect(await t.database.db.select().from(memberRewards).where(and(eq(memberRewards.userId, m.id), eq(memberRewards.activityId, reload)))).toHaveLength(1);
    await ledgerClean();
  });

  it('a reload is joined again for the next deposit (never on a deposit already paid), up to the per-member limit', async () => {
    const limited = await activity('--kind', 'reload', '--category', 'deposit', '--title', 'Reload twice', '--reward', '10%', '--cap', '500000', '--turnover', '1', '--deposit-min', '100000', '--per-member', '2');
    const m = await member();
    const first = await deposit(m.token, 20_000_000);
    const join = () => api.call<{ status: string }>(promotions.joinActivity, { requestId: rid(), id: limited }, { token: m.token });
    expect((await join()).body.value.status).toBe('issued');
    expect((await detail(limited, m.token)).actions).toEqual(['join']);
    // Joined again: the deposit already paid does not pay twice; the member waits for the next one.
    expect((await join()).body.value.status).toBe('inProcess');
    const second = await deposit(m.token, 30_000_000);
    expect((await detail(limited, m.token)).status).toBe('issued');
    const keys = (await t.database.db.select().from(memberRewards).where(and(eq(memberRewards.userId, m.id), eq(memberRewards.activityId, limited)))).map((r) => [r.key, r.amount]);
    expect(keys.sort()).toEqual([[`activity:${limited}:deposit:${first}`, 2_000_000], [`activity:${limited}:deposit:${second}`, 3_000_000]].sort());
    // The limit of two is reached: no action, and a join is refused with nothing changed.
    expect(await detail(limited, m.token)).toMatchObject({ actions: [], granted: 2, ineligible: ['limitReached'] });
    const refused = await join();
    expect(refused.body).toMatchObject({ success: false, code: 'activity_limit_reached' });
    expect((await detail(limited, m.token)).status).toBe('issued');
    await ledgerClean();
  });

  it('an online deposit credited by the gateway callback grants too, once however often the callback comes', async () => {
    const m = await member();
    expect((await api.call<{ status: string }>(promotions.joinActivity, { requestId: rid(), id: reload }, { token: m.token })).body.value.status).toBe('inProcess');
    const channels = (await api.call<{ channels: { id: number; type: string }[] }>(wallet.depositChannels, {}, { token: m.token })).body.value.channels;
    const online = channels.find((c) => c.type === 'online');
    if (!online) throw new Error('no online channel');
    const created = await api.call<{ deposit: { id: number } }>(wallet.depositCreate, { requestId: rid('dep'), channelId: online.id, amount: 30_000_000 }, { token: m.token });
    const depositId = created.body.value.deposit.id;
    const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, depositId));
    const secret = await installSecret(t.database.db, 'sandbox-gateway-hmac');
    for (let i = 0; i < 2; i++) {
      const raw = JSON.stringify({ depositId, gatewayTxnId: row?.gatewayTxnId, amount: 30_000_000, status: 'paid', timestamp: Math.floor(Date.now() / 1000), nonce: crypto.randomBytes(12).toString('hex') });
      const res = await t.app.inject({ method: 'POST', url: wallet.depositGatewayCallback.path, headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) }, payload: raw });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await detail(reload, m.token)).status).toBe('issued');
    const rewards = await t.database.db.select().from(memberRewards).where(and(eq(memberRewards.userId, m.id), eq(memberRewards.activityId, reload)));
    expect(rewards).toEqual([expect.objectContaining({ key: `activity:${reload}:deposit:${depositId}`, amount: 15_000_000, turnoverRequired: 75_000_000 })]);
    await ledgerClean();
  });

  it('a first-deposit bonus pays only on the member first deposit', async () => {
    const first = await activity('--kind', 'first-deposit', '--category', 'welcome', '--title', 'Welcome 100%', '--reward', '100%', '--cap', '100000', '--deposit-min', '50000');
    const veteran = await member();
    await deposit(veteran.token, 5_000_000);
    // Deposited before the period: not a first deposit of it.
    await api.sql(sql`update deposits set credited_at = credited_at - interval '2 days' where user_id = ${veteran.id}`);
    expect((await api.call<{ status: string }>(promotions.joinActivity, { requestId: rid(), id: first }, { token: veteran.token })).body.value.status).toBe('inProcess');
    const fresh = await member();
    expect((await api.call<{ status: string }>(promotions.joinActivity, { requestId: rid(), id: first }, { token: fresh.token })).body.value.status).toBe('inProcess');
    const before = await balance(fresh.token);
    await deposit(fresh.token, 7_000_000);
    expect((await detail(first, fresh.token)).status).toBe('issued');
    // A cash reward (no turnover): the deposit and the bonus in the main wallet.
    expect(await balance(fresh.token)).toBe(before + 14_000_000);
    await deposit(veteran.token, 7_000_000);
    expect((await detail(first, veteran.token)).status).toBe('inProcess');
    await ledgerClean();
  });
});

describe('daily check-in', () => {
  it('signs today once, pays the streak day, and goes on from yesterday', async () => {
    const id = await activity('--kind', 'check-in', '--category', 'daily', '--title', 'Daily check-in', '--days', '1,2,3');
    const m = await member();
    const before = await balance(m.token);
    const first = await api.call<{ streak: number; amount: number; status: string }>(promotions.checkIn, { requestId: 'checkin-1', id }, { token: m.token });
    expect(first.body.value).toEqual({ streak: 1, amount: 100, status: 'signed' });
    expect((await api.call(promotions.checkIn, { requestId: 'checkin-1', id }, { token: m.token })).body.value).toEqual(first.body.value);
    expect((await api.call(promotions.checkIn, { requestId: 'checkin-2', id }, { token: m.token })).body.code).toBe('already_checked_in');
    expect(await balance(m.token)).toBe(before + 100);
    expect(await detail(id, m.token)).toMatchObject({ status: 'signed', checkIn: { streak: 1, signedToday: true, days: [100, 200, 300] }, actions: [] });
    // As if a day had passed: that check-in was yesterday's (its reward keyed by yesterday), the third of a streak.
    const yesterday = async (days: number, streak: string) => {
      await api.sql(sql`update activity_participations set last_check_in = last_check_in - ${days}::int, streak = ${sql.raw(streak)} where activity_id = ${id} and user_id = ${m.id}`);
      await api.sql(sql`update journal_entries set key = key || ':before' || id where key like ${`bonus:activity:${id}:checkIn:${m.id}:%`} and key not like '%:before%'`);
      await api.sql(sql`update member_rewards set key = key || ':before' || id where activity_id = ${id} and user_id = ${m.id} and key not like '%:before%'`);
    };
    await yesterday(1, '3');
    expect(await detail(id, m.token)).toMatchObject({ status: 'join', actions: ['checkIn'], checkIn: { streak: 3, signedToday: false } });
    expect((await api.call(promotions.checkIn, { requestId: 'checkin-3', id }, { token: m.token })).body.value).toEqual({ streak: 4, amount: 100, status: 'signed' });
    // A missed day starts the streak again.
    await yesterday(2, 'streak');
    expect((await api.call(promotions.checkIn, { requestId: 'checkin-4', id }, { token: m.token })).body.value).toEqual({ streak: 1, amount: 100, status: 'signed' });
    expect(await balance(m.token)).toBe(before + 300);
    await ledgerClean();
  });
});

describe('proof activities', () => {
  let proof: number;
  let applicant: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    proof = await activity('--kind', 'proof', '--category', 'event', '--title', 'Share your big win', '--reward', '88', '--claim-days', '3');
    applicant = await member();
  });

  async function stored() {
    const apps = await t.database.db.select().from(activityApplications);
    const images = await t.database.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.purpose, 'activityProof'));
    return { apps: apps.length, images: images.length };
  }

  it('refuses bad input with a clear code and stores nothing', async () => {
    const nothing = await stored();
    const image = await png();
    const apply = (payload: Record<string, unknown>, id = proof) => api.call(promotions.applyActivity, { requestId: rid(), id, remark: 'my win', images: [image], ...payload }, { token: applicant.token });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const big = Buffer.concat([await realPng(40, 30), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const cases: [string, Record<string, unknown>, string][] = [
      ['a remark of 141 characters', { remark: 'x'.repeat(141) }, 'validation_failed'],
      ['a 4th image', { images: [image, image, image, image] }, 'too_many_images'],
      ['a GIF', { images: [{ mime: 'image/png', data: gif.toString('base64') }] }, 'invalid_image'],
      ['an SVG renamed .png', { images: [{ mime: 'image/png', data: svg.toString('base64') }] }, 'invalid_image'],
      ['a 6 MB image', { images: [{ mime: 'image/png', data: big.toString('base64') }] }, 'validation_failed'],
    ];
    for (const [what, payload, code] of cases) expect((await apply(payload)).body.code, what).toBe(code);

    const closed = await activity('--kind', 'proof', '--category', 'event', '--title', 'Closed one', '--reward', '1');
    await ops('activity', 'close', String(closed));
    expect((await apply({}, closed)).body.code).toBe('activity_closed');
    const newOnly = await activity('--kind', 'proof', '--category', 'event', '--title', 'New members', '--reward', '1', '--vip', '3');
    expect((await apply({}, newOnly)).body).toMatchObject({ code: 'activity_not_eligible', value: { reasons: ['vipLevel'] } });
    const reload = await activity('--kind', 'reload', '--category', 'deposit', '--title', 'Not a proof one', '--reward', '1', '--deposit-min', '1');
    expect((await apply({}, reload)).body.code).toBe('activity_transition_refused');
    expect(await stored()).toEqual(nothing);
  });

  it('apply → the operator approves → the member claims in the reward centre, paid once', async () => {
    const images = [await png(), { mime: 'image/jpeg' as const, data: (await realJpeg(30, 20)).toString('base64') }];
    const res = await api.call<{ applicationId: number; status: string }>(promotions.applyActivity, { requestId: 'proof-0001', id: proof, remark: 'Won 5,000,000 on Lucky Crown', images }, { token: applicant.token });
    expect(res.body.value.status).toBe('applying');
    const applicationId = res.body.value.applicationId;
    expect(await detail(proof, applicant.token)).toMatchObject({ status: 'applying', actions: [], application: { id: applicationId, status: 'applying', images: 2, reason: null } });
    // Waiting for review: applying again is not a transition of the machine.
    expect((await api.call(promotions.applyActivity, { requestId: 'proof-0002', id: proof, remark: 'again', images: [] }, { token: applicant.token })).body.code).toBe('activity_transition_refused');
    expect((await ops('activity', 'review')).message).toMatch(new RegExp(`^${applicationId}\\t.*${applicant.username}.*2 image\\(s\\)\\tWon 5,000,000`, 'm'));

    // The operator looks at the images before deciding: what is stored is the re-encoded image.
    const second = await ops('activity', 'image', String(applicationId), '2', '--out', 'proof.jpg');
    expect(second.message).toMatch(/image 2 of application \d+: image\/jpeg/);
    expect((second.data as { base64: string }).base64.length).toBeGreaterThan(100);
    await expect(ops('activity', 'image', String(applicationId), '3', '--out', 'x.png')).rejects.toThrow(/has 2 image\(s\), not an image 3/);
    const approved = await ops('activity', 'review', String(applicationId), 'approve');
    expect(approved.message).toMatch(/waits for the member's claim/);
    await expect(ops('activity', 'review', String(applicationId), 'approve')).rejects.toThrow(/already approved/);
    const waiting = await detail(proof, applicant.token);
    expect(waiting).toMatchObject({ status: 'claim', actions: ['claim'], application: { status: 'approved' } });
    const rewardId = waiting.claimRewardId;
    expect(rewardId).toBeGreaterThan(0);

    const before = await balance(applicant.token);
    const stranger = await member();
    expect((await api.call(promotions.claimReward, { requestId: rid(), rewardId }, { token: stranger.token })).body.code).toBe('reward_not_found');
    const claims = await Promise.all([1, 2, 3].map(() => api.call(promotions.claimReward, { requestId: 'claim-0001', rewardId }, { token: applicant.token })));
    for (const c of claims) expect(c.body.code).toBe('ok');
    expect((await api.call(promotions.claimReward, { requestId: 'claim-0002', rewardId }, { token: applicant.token })).body.code).toBe('reward_already_claimed');
    expect(await balance(applicant.token)).toBe(before + 8_800);
    // No per-member limit: the member may apply again with another win.
    expect(await detail(proof, applicant.token)).toMatchObject({ status: 'claimed', actions: ['apply'], claimRewardId: null });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.target, `activityApplication:${applicationId}`));
    expect(audits.map((a) => a.action)).toEqual(['activity.review']);
    await ledgerClean();
  });

  it('a rejection shows its reason; the member may apply again while the period is open', async () => {
    const m = await member();
    const first = await api.call<{ applicationId: number }>(promotions.applyActivity, { requestId: rid(), id: proof, remark: 'screenshot', images: [await png()] }, { token: m.token });
    await ops('activity', 'review', String(first.body.value.applicationId), 'reject', '--reason', 'The screenshot does not show the win');
    expect(await detail(proof, m.token)).toMatchObject({ status: 'rejected', actions: ['apply'], application: { status: 'rejected', reason: 'The screenshot does not show the win' } });
    const again = await api.call<{ status: string }>(promotions.applyActivity, { requestId: rid(), id: proof, remark: 'a better one', images: [await png()] }, { token: m.token });
    expect(again.body.value.status).toBe('applying');
    expect((await detail(proof, m.token)).application).toMatchObject({ status: 'applying', remark: 'a better one' });
    // Nobody else sees it.
    expect((await detail(proof, applicant.token)).application?.remark).not.toBe('a better one');
  });
});

/** Spins of the house slot (a stake of 100,000 each: 1,000.00), as a member plays them. */
async function spins(token: string, n: number): Promise<void> {
  const launch = await api.call<{ game_url: string }>(games.launchGame, { launchMode: 'GLS', vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: 'PLAYHALL', language: 'EN' }, { token });
  expect(launch.body.code).toBe('ok');
  const gameToken = new URLSearchParams(launch.body.value.game_url.split('#')[1]).get('token') ?? '';
  for (let i = 0; i < n; i++) {
    const res = await t.app.inject({ method: 'POST', url: '/wps/house/play', headers: { 'x-game-token': gameToken, 'content-type': 'application/json' }, payload: JSON.stringify({ input: { betPerLine: 5_000 } }) });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('cashback and turnover tiers', () => {
  it('cashback pays the net loss of the day that ended, once however often the job runs', async () => {
    const id = await activity('--kind', 'cashback', '--category', 'rebate', '--title', 'Daily rescue', '--reward', '10%', '--cap', '1000', '--period', 'day', '--min-loss', '1', '--from', iso(-3 * 24 * HOUR));
    const m = await member();
    await api.ops({ kind: 'wallet.adjust', username: m.username, amount: 10_000_000, reason: 'test stake', requestId: null });
    expect((await api.call<{ status: string }>(promotions.joinActivity, { requestId: rid(), id }, { token: m.token })).body.value.status).toBe('inProcess');
    await spins(m.token, 6);
    // Those rounds were yesterday's.
    await api.sql(sql`update game_rounds set created_at = created_at - interval '1 day', settled_at = settled_at - interval '1 day' where user_id = ${m.id}`);
    const [loss] = rowsOf<{ n: string }>(await t.database.db.execute(sql`select coalesce(sum(bet_amount - payout), 0)::text as n from bet_records where user_id = ${m.id} and status = 'settled'`));
    const netLoss = Number(loss?.n);
    for (let run = 0; run < 2; run++) await t.scheduler.tick(new Date(Date.now() + run * 15 * 60_000), { only: ['promotions.'] });
    const rewards = await t.database.db.select().from(memberRewards).where(and(eq(memberRewards.userId, m.id), eq(memberRewards.activityId, id)));
    // 10 % of the loss up to 1,000.00, or nothing when the day was a win.
    expect(rewards.map((r) => r.amount)).toEqual(netLoss >= 100 ? [Math.min(Math.floor(netLoss / 10), 100_000)] : []);
    expect(rewards.every((r) => r.form === 'cash' && r.status === 'issued' && r.key.startsWith(`activity:${id}:cashback:`))).toBe(true);
    // The job writes each paid member's "bonus received" message with its chunk, once (issue 19).
    const messages = rowsOf<{ source_key: string }>(
      await t.database.db.execute(sql`select source_key from member_messages where user_id = ${m.id} and source_key like 'reward:%'`),
    );
    expect(messages.map((r) => r.source_key).sort()).toEqual(rewards.map((r) => `reward:${r.id}`).sort());
    // Still taking part for the next day.
    expect((await detail(id, m.token)).status).toBe('inProcess');
    await ledgerClean();
  });

  it('turnover tiers pay each tier reached in the period once', async () => {
    const id = await activity('--kind', 'turnover-tiers', '--category', 'event', '--title', 'Bet and win', '--period', 'week', '--tiers', '2000:10,4000:20,100000:500');
    const m = await member();
    await api.ops({ kind: 'wallet.adjust', username: m.username, amount: 10_000_000, reason: 'test stake', requestId: null });
    await api.call(promotions.joinActivity, { requestId: rid(), id }, { token: m.token });
    await spins(m.token, 5);
    // Slots of the job this file has not run yet (one run per slot), in the same week.
    for (let run = 2; run < 4; run++) await t.scheduler.tick(new Date(Date.now() + run * 15 * 60_000), { only: ['promotions.'] });
    const rewards = await t.database.db.select().from(memberRewards).where(and(eq(memberRewards.userId, m.id), eq(memberRewards.activityId, id)));
    expect(rewards.map((r) => r.amount).sort()).toEqual([1_000, 2_000]);
    expect((await detail(id, m.token)).tiers).toEqual([
      { validBet: 200_000, amount: 1_000, reached: true, paid: true },
      { validBet: 400_000, amount: 2_000, reached: true, paid: true },
      { validBet: 10_000_000, amount: 50_000, reached: false, paid: false },
    ]);
    const [a] = await t.database.db.select().from(activities).where(eq(activities.id, id));
    expect(a?.spent).toBe(3_000);
    await ledgerClean();
  });
});

describe('budget', () => {
  it('is never overspent when many members qualify at once', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => member()));
    const id = await activity('--kind', 'check-in', '--category', 'daily', '--title', 'Five only', '--days', '10', '--budget', '50');
    const answers = await Promise.all(members.map((m) => api.call(promotions.checkIn, { requestId: rid(), id }, { token: m.token })));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 'ok'), JSON.stringify(answers.map((a) => a.body))).toHaveLength(5);
    // Refused as the budget runs out, or as closed once it is spent.
    expect(codes.filter((c) => c !== 'ok').every((c) => c === 'activity_budget_exhausted' || c === 'activity_closed'), codes.join()).toBe(true);
    const [a] = await t.database.db.select().from(activities).where(eq(activities.id, id));
    expect(a?.spent).toBe(5_000);
    const [paid] = rowsOf<{ n: number; total: string }>(await t.database.db.execute(sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as total from member_rewards where activity_id = ${id}`));
    expect({ n: paid?.n, total: Number(paid?.total) }).toEqual({ n: 5, total: 5_000 });
    // Spent: the card is closed for everyone.
    expect((await detail(id, members[0]?.token)).status).toBe('closed');
    await ledgerClean();
  });

  it.runIf(TEST_DB === 'postgres')('holds across two server processes joining a deposit bonus at once', async () => {
    const second = await t.secondApp();
    try {
      const members = await Promise.all(Array.from({ length: 10 }, () => member()));
      for (const m of members) await deposit(m.token, 10_000_000);
      const id = await activity('--kind', 'reload', '--category', 'deposit', '--title', 'Three only', '--reward', '10%', '--deposit-min', '1000', '--budget', '30000');
      const answers = await Promise.all(members.map((m, i) => api.call<{ status: string }>(promotions.joinActivity, { requestId: rid(), id }, { token: m.token, app: i % 2 ? second.app : undefined })));
      // Three are paid; the others wait in process (joined before it was spent) or find it closed (spent).
      expect(answers.filter((a) => a.body.code === 'ok' && a.body.value.status === 'issued'), JSON.stringify(answers.map((a) => a.body))).toHaveLength(3);
      expect(answers.every((a) => (a.body.code === 'ok' && ['issued', 'inProcess'].includes(a.body.value.status)) || a.body.code === 'activity_closed')).toBe(true);
      const [a] = await t.database.db.select().from(activities).where(eq(activities.id, id));
      expect(a?.spent).toBe(3_000_000);
      await ledgerClean();
    } finally {
      await second.close();
    }
  });
});
