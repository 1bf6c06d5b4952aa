import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as rg from '@playhall/contract/calls/responsible';
import * as wallet from '@playhall/contract/calls/wallet';
import { STAKES } from '@playhall/contract/stakes';
import { rowsOf } from '../src/db/client.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { gameToken, houseClient } from './support/house-client.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

// Responsible gaming (issue 22): limits, break and self-exclusion enforced in the money paths, on a real server.
let t: TTestApp;
let api: TApi;
let channelId = 0;
const { balance, launchUrl, house } = houseClient(() => ({ t, api }));
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Member12345';
const K = STAKES.minStake;
let seq = 0;
const rid = () => `rg-${Date.now()}-${seq++}`;

async function login(username: string): Promise<TLogin> {
  return (await api.call(auth.login, { type: 'username', username, password: PASSWORD }, { ip: freshIp() })) as TLogin;
}

/** A fresh member with money in the main wallet, logged in. */
async function member(funds = 100_000_000): Promise<{ username: string; token: string; id: number }> {
  const username = `rg${Date.now().toString(36).slice(-5)}${seq++}`;
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: 'member', upline: 'agent01' });
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  if (funds > 0) await api.ops({ kind: 'wallet.adjust', username, amount: funds, reason: 'test funds', requestId: null });
  const res = await login(username);
  expect(res.body.code).toBe('ok');
  const [u] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id::text from users where username = ${username}`));
  return { username, token: res.body.value.token, id: Number(u?.id) };
}

const state = async (token: string) => (await api.call<rg.TRgState>(rg.getResponsible, {}, { token })).body;
const setLimit = (token: string, kind: rg.TRgLimitKind, period: rg.TRgPeriod, amount: number | null) => api.call<rg.TRgState>(rg.setResponsibleLimit, { kind, period, amount }, { token });
const limitOf = (s: rg.TRgState, kind: string, period: string) => s.limits.find((l) => l.kind === kind && l.period === period);

async function deposit(token: string, amount: number) {
  if (!channelId) {
    const channels = (await api.call<{ channels: { id: number; type: string }[] }>(wallet.depositChannels, {}, { token })).body.value.channels;
    channelId = channels.find((c) => c.type === 'online')?.id ?? 0;
  }
  return api.call(wallet.depositCreate, { requestId: rid(), channelId, amount }, { token });
}

async function plinko(token: string, amount: number) {
  const gt = gameToken(await launchUrl(token, { vassalage: 'PH_INSTANT', gameId: 'plinko-drop', language: 'EN' }));
  return house('POST', 'play', gt, { input: { amount, rows: 8, risk: 'low' } });
}

async function usage(userId: number, kind: string, period: string): Promise<number> {
  const rows = rowsOf<{ used: string }>(await t.database.db.execute(sql`select used::text from rg_usage where user_id = ${userId} and kind = ${kind} and period = ${period} order by starts desc limit 1`));
  return Number(rows[0]?.used ?? 0);
}

describe('limits', () => {
  it('lists six limits; a first or lower limit applies at once, a raise or removal waits 24 hours and then applies', async () => {
    const m = await member();
    const first = await state(m.token);
    expect(first.code).toBe('ok');
    expect(first.value.limits.map((l) => `${l.kind}:${l.period}`)).toEqual(['deposit:day', 'deposit:week', 'deposit:month', 'loss:day', 'loss:week', 'loss:month']);
    expect((await setLimit(m.token, 'deposit', 'week', 500_000_00)).body.value.limits[1]).toMatchObject({ amount: 500_000_00, pending: null });
    const lower = await setLimit(m.token, 'deposit', 'week', 300_000_00);
    expect(limitOf(lower.body.value, 'deposit', 'week')).toMatchObject({ amount: 300_000_00, pending: null });
    const raised = (await setLimit(m.token, 'deposit', 'week', 900_000_00)).body.value;
    const l = limitOf(raised, 'deposit', 'week');
    expect(l?.amount).toBe(300_000_00);
    expect(l?.pending?.amount).toBe(900_000_00);
    expect(new Date(l?.pending?.effectiveAt ?? 0).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    // The cooling period passes (written in the past, as the test clock would make it).
    await api.sql(sql`update rg_limits set pending_at = now() - interval '1 minute' where user_id = ${m.id}`);
    expect(limitOf((await state(m.token)).value, 'deposit', 'week')).toMatchObject({ amount: 900_000_00, pending: null });
    const audits = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*)::text as n from audit_log where target = ${`user:${m.id}`} and action = 'rg.limit' and actor = ${`member:${m.id}`}`));
    expect(Number(audits[0]?.n)).toBe(3);
  });

  it('refuses a deposit over a deposit limit up front (open deposits count), and changes nothing', async () => {
    const m = await member();
    await setLimit(m.token, 'deposit', 'day', 300_000_00);
    expect((await deposit(m.token, 200_000_00)).body.code).toBe('ok');
    const before = await balance(m.token);
    const over = await deposit(m.token, 150_000_00);
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('rg_deposit_limit');
    expect(over.body.value).toMatchObject({ kind: 'deposit', period: 'day', limit: 300_000_00, used: 200_000_00 });
    const rows = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*)::text as n from deposits where user_id = ${m.id}`));
    expect(Number(rows[0]?.n)).toBe(1);
    expect(await balance(m.token)).toBe(before);
  });

  it('refuses a stake over a loss limit; payouts lower the loss; nothing moves on a refusal', async () => {
    const m = await member();
    await setLimit(m.token, 'loss', 'month', 3 * K);
    const ok = await plinko(m.token, 2 * K);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const loss = await usage(m.id, 'loss', 'month');
    const before = await balance(m.token);
    const refused = await plinko(m.token, 3 * K - Math.max(0, loss) + 1);
    expect(refused.body.code, JSON.stringify(refused.body)).toBe('rg_loss_limit');
    expect(await balance(m.token)).toBe(before);
    expect(await usage(m.id, 'loss', 'month')).toBe(loss);
    // The day and week count the same stake and payout.
    expect(await usage(m.id, 'loss', 'day')).toBe(loss);
  });

  it('refuses bad input and changes nothing', async () => {
    const m = await member();
    for (const amount of [-100, 150, 0, rg.RG_LIMIT_MAX + 100, 12.5]) {
      const res = await setLimit(m.token, 'loss', 'day', amount);
      expect(res.status, String(amount)).toBe(400);
    }
    expect((await api.call(rg.setResponsibleLimit, { kind: 'win', period: 'day', amount: 100 }, { token: m.token })).status).toBe(400);
    expect((await api.call(rg.setRealityCheck, { minutes: 7 }, { token: m.token })).status).toBe(400);
    expect(limitOf((await state(m.token)).value, 'loss', 'day')?.amount).toBeNull();
  });
});

describe('break', () => {
  it('refuses deposits, bets and limit changes with rg_on_break; log-in still works; a new break only lengthens', async () => {
    const m = await member();
    const wrong = await api.call(rg.takeBreak, { days: 1, password: 'nope-nope' }, { token: m.token });
    expect(wrong.body.code).toBe('password_incorrect');
    const taken = await api.call<rg.TRgState>(rg.takeBreak, { days: 7, password: PASSWORD }, { token: m.token });
    expect(taken.body.code).toBe('ok');
    expect(taken.body.value.breakUntil).not.toBeNull();
    expect((await deposit(m.token, 200_000_00)).body.code).toBe('rg_on_break');
    const before = await balance(m.token);
    expect((await plinko(m.token, K)).body.code).toBe('rg_on_break');
    expect(await balance(m.token)).toBe(before);
    expect((await setLimit(m.token, 'loss', 'day', 100_00)).body.code).toBe('rg_on_break');
    expect((await api.call(rg.takeBreak, { days: 1, password: PASSWORD }, { token: m.token })).body.code).toBe('rg_break_shorter');
    expect((await login(m.username)).body.code).toBe('ok');
    const ended = await api.call<rg.TRgState>(rg.endBreak, {}, { token: m.token });
    expect(new Date(ended.body.value.breakEndsEarlyAt ?? 0).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    await api.sql(sql`update rg_members set break_ends_early_at = now() - interval '1 minute' where user_id = ${m.id}`);
    expect((await state(m.token)).value.breakUntil).toBeNull();
    expect((await plinko(m.token, K)).status).toBe(200);
  });
});

describe('self-exclusion', () => {
  it('ends every session, refuses log-in, cancels open bonuses and skips promotional messages', async () => {
    const m = await member();
    const other = (await login(m.username)).body.value.token;
    const res = await api.call<{ until: string }>(rg.selfExclude, { months: 6, password: PASSWORD }, { token: m.token });
    expect(res.body.code).toBe('ok');
    expect(new Date(res.body.value.until).getTime()).toBeGreaterThan(Date.now() + 170 * 86_400_000);
    expect((await api.call(wallet.balance, {}, { token: other })).body.code).toBe('session_expired');
    const again = await login(m.username);
    expect(again.body.code).toBe('rg_self_excluded');
    // Cannot be shortened: a second, shorter one (by an operator's path too) leaves the first.
    await api.ops({ kind: 'message.send', title: 'Promo', content: 'Bonus!', messageKind: 'promotion', to: { to: 'member', username: m.username } });
    await api.ops({ kind: 'message.send', title: 'Notice', content: 'System', messageKind: 'system', to: { to: 'member', username: m.username } });
    const kinds = rowsOf<{ kind: string }>(await t.database.db.execute(sql`select kind from member_messages where user_id = ${m.id} and title in ('Promo', 'Notice')`));
    expect(kinds.map((k) => k.kind)).toEqual(['system']);
    const audits = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*)::text as n from audit_log where target = ${`user:${m.id}`} and action = 'rg.exclude'`));
    expect(Number(audits[0]?.n)).toBe(1);
  });
});
