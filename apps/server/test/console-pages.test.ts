import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import * as auth from '@playhall/contract/calls/auth';
import * as wallet from '@playhall/contract/calls/wallet';
import * as c from '@playhall/contract/console';
import { rowsOf } from '../src/db/client.ts';
import { AppError, invalidInput } from '../src/lib/app-error.ts';
import { createRaster, encodePng } from '../src/lib/png.ts';
import type { TConsoleCallDef } from '@playhall/contract/console';
import type { TConsoleContext, TConsoleHandler, TConsoleRegistrar } from '../src/modules/console/console-registrar.ts';
import { createOperatorRepository } from '../src/modules/console/operator.repository.ts';
import { createOperatorSessionService } from '../src/modules/console/operator-session.service.ts';
import { registerConsolePages } from '../src/modules/console/pages/index.ts';
import { parseOpsCommand } from '../src/modules/ops/ops.command.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

// The console's page handlers on the real database (issue 24). The registrar that serves them over HTTP is the console
// foundation's; here a registrar of the same interface parses each input by the call's schema (bad input: the field
// errors the registrar answers), calls the handler as an operator and checks the answer against the response schema.

let t: TTestApp;
let api: TApi;
const ACTOR = 'operator:pages-test';
const handlers = new Map<string, { def: TConsoleCallDef; handler: TConsoleHandler<TConsoleCallDef> }>();

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  const calls: TConsoleRegistrar = {
    serve(def, handler) {
      handlers.set(def.name, { def, handler: handler as unknown as TConsoleHandler<TConsoleCallDef> });
    },
  };
  registerConsolePages(calls, { db: t.database.db, merchantId: t.merchantId });
});
afterAll(async () => {
  await t?.close();
});

const ctx = { request: {}, reply: {}, operator: null, actor: ACTOR } as unknown as TConsoleContext;

/** A console call as its registrar makes it: parsed input, the handler, a checked answer; a refusal as its AppError. */
async function call<D extends TConsoleCallDef>(def: D, input: unknown): Promise<z.output<D['response']>> {
  const served = handlers.get(def.name);
  if (!served) throw new Error(`${def.name} is not served`);
  const parsed = def.request.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  return def.response.parse(await served.handler(parsed.data, ctx)) as z.output<D['response']>;
}

/** The refusal of a call: its code and, for bad input, the fields named. */
async function refusal(def: TConsoleCallDef, input: unknown): Promise<{ code: string; fields: string[]; message: string }> {
  try {
    await call(def, input);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const issues = (err.value as { issues?: { path: string }[] } | null)?.issues ?? [];
    return { code: err.code, fields: issues.map((i) => i.path), message: err.message };
  }
  throw new Error(`${def.name} succeeded`);
}

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const auditCount = async () => Number((await q<{ n: number }>(sql`select count(*)::int as n from audit_log`))[0]?.n);

const PASSWORD = 'Member12345';
const PAY = '654321';
let seq = 0;

async function login(username: string, password = PASSWORD): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res.body.value.token;
}

/** A member with a password already changed (not initial), `funds` in the main wallet and a live session. */
async function member(username: string, funds = 0): Promise<{ id: number; token: string }> {
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: 'member', upline: null });
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  if (funds > 0) await api.ops({ kind: 'wallet.adjust', username, amount: funds, reason: 'test funds', requestId: null });
  const [row] = await q<{ id: number }>(sql`select id from users where username = ${username}`);
  return { id: Number(row?.id), token: await login(username) };
}

const infoCode = async (token: string) => (await api.call(auth.memberInfo, {}, { token })).body.code;
const mainBalance = async (id: number) => Number((await q<{ b: number }>(sql`select balance as b from ledger_accounts where user_id = ${id} and wallet = 'MAIN'`))[0]?.b ?? 0);

describe('members: search and detail', () => {
  let found: { id: number; token: string };
  beforeAll(async () => {
    found = await member('findme01', 1_000_000);
    await api.sql(sql`update users set mobile = '912345678', country_dialing_code = '84', email = 'Find.Me@example.com' where id = ${found.id}`);
    await api.sql(sql`insert into bank_cards (user_id, bank_code, bank_name, account_name, account_number) values (${found.id}, 'VCB', 'Vietcombank', 'Find Me', '0071000987654')`);
    await api.sql(sql`insert into login_history (user_id, ip, country, device, method) values (${found.id}, '203.0.113.77', 'VN', 'Firefox on Linux', 'password')`);
    const [g] = await q<{ id: number }>(sql`select id from games where house_game = 'slot' limit 1`);
    await api.sql(sql`
      insert into game_rounds (merchant_id, round_id, user_id, game_row_id, category, vassalage, game_id, bet_amount, valid_bet, payout, status, settled_at)
      values (${t.merchantId}, 'console-1', ${found.id}, ${Number(g?.id)}, 'RNG', 'PH_SLOT', 'lucky-crown', 20000, 20000, 50000, 'settled', now())`);
  });

  it.each([
    ['username', 'FINDME'],
    ['mobile', '2345'],
    ['email', 'find.me@'],
    ['ip', '203.0.113'],
    ['bankCard', '987654'],
    ['any', '0071000987'],
    ['any', 'findme0'],
    ['any', '+84 9123'],
    ['any', '203.0.113'],
  ] as const)('finds a member by %s (%s)', async (field, text) => {
    const page = await call(c.consoleMembersSearch, { q: text, field });
    expect(page.list.map((m) => m.username)).toContain('findme01');
    expect(page.total).toBeGreaterThanOrEqual(1);
    const row = page.list.find((m) => m.username === 'findme01');
    expect(row).toMatchObject({ id: found.id, mobile: '+84 912345678', email: 'Find.Me@example.com', balance: 1_000_000, status: 'active' });
  });

  it("an `any` search for a name does not look for the name's digits in mobiles and cards", async () => {
    // findme01's mobile holds 2345 and its card 987654: a username with those digits is not a phone or a card.
    const page = await call(c.consoleMembersSearch, { q: 'zz2345zz', field: 'any' });
    expect(page.list.map((m) => m.username)).not.toContain('findme01');
    expect((await call(c.consoleMembersSearch, { q: 'x987654', field: 'any' })).list.map((m) => m.username)).not.toContain('findme01');
  });

  it('finds nobody by a field that does not hold the text, and pages', async () => {
    expect((await call(c.consoleMembersSearch, { q: '203.0.113', field: 'username' })).total).toBe(0);
    // LIKE wildcards are taken literally.
    expect((await call(c.consoleMembersSearch, { q: '%', field: 'username' })).total).toBe(0);
    const first = await call(c.consoleMembersSearch, { page: '1', pageSize: '2' });
    expect(first.list).toHaveLength(2);
    const past = await call(c.consoleMembersSearch, { page: '10000', pageSize: '2' });
    expect([past.list.length, past.total]).toEqual([0, first.total]);
  });

  it("shows a member's whole picture: balances, ledger, bets, logins, masked cards", async () => {
    const d = await call(c.consoleMemberDetail, { id: String(found.id) });
    expect(d.profile).toMatchObject({ username: 'findme01', mustChangePassword: false, twoFactor: false, upline: null });
    expect(d.balances).toContainEqual({ wallet: 'MAIN', balance: 1_000_000 });
    expect(d.ledger[0]).toMatchObject({ kind: 'adjustment', amount: 1_000_000, balanceAfter: 1_000_000, remark: 'test funds' });
    expect(d.bets[0]).toMatchObject({ stake: 20000, payout: 50000, status: 'settled' });
    expect(d.logins.map((l) => l.ip)).toContain('203.0.113.77');
    expect(d.bankCards).toEqual([expect.objectContaining({ bank: 'Vietcombank', cardNumber: '•••••••••7654', holder: 'Find Me' })]);
    expect(JSON.stringify(d)).not.toContain('0071000987654');
  });

  it('notes: written with the operator as author, in the detail, audited', async () => {
    const before = await auditCount();
    await call(c.consoleMemberNote, { id: found.id, text: '  called about a deposit  ' });
    const d = await call(c.consoleMemberDetail, { id: String(found.id) });
    expect(d.notes[0]).toMatchObject({ author: ACTOR, text: 'called about a deposit' });
    expect(await auditCount()).toBe(before + 1);
  });

  it('an unknown member is not_found', async () => {
    expect((await refusal(c.consoleMemberDetail, { id: '99999999' })).code).toBe('not_found');
    expect((await refusal(c.consoleMemberLock, { id: 99999999, locked: true, reason: 'no one' })).code).toBe('not_found');
  });
});

describe('members: lock, passwords, money', () => {
  it('locking logs the member out at once (session_expired), refuses log-in, and unlocking lets it in again; both audited with the reason', async () => {
    const m = await member('lockme01');
    const other = await login('lockme01');
    expect(await infoCode(m.token)).toBe('ok');
    await call(c.consoleMemberLock, { id: m.id, locked: true, reason: 'chargeback fraud' });
    expect(await infoCode(m.token)).toBe('session_expired');
    expect(await infoCode(other)).toBe('session_expired');
    const refused = (await api.call(auth.login, { type: 'username', username: 'lockme01', password: PASSWORD }, { ip: freshIp() })).body.code;
    expect(refused).toBe('account_locked');
    const [row] = await q<{ actor: string; before: unknown; after: unknown; reason: string }>(sql`select actor, before, after, reason from audit_log where action = 'user.lock' and target = ${`user:${m.id}`}`);
    expect(row).toMatchObject({ actor: ACTOR, before: { status: 'active' }, after: { status: 'locked', sessionsEnded: 2 }, reason: 'chargeback fraud' });

    await call(c.consoleMemberLock, { id: m.id, locked: false, reason: 'cleared by risk' });
    expect(await infoCode(await login('lockme01'))).toBe('ok');
    // The sessions ended by the lock stay ended.
    expect(await infoCode(m.token)).toBe('session_expired');
  });

  it('a password reset answers a new initial password once, ends the sessions, and the member must change it; no password in the audit', async () => {
    const m = await member('resetme01');
    const r = await call(c.consoleMemberResetPassword, { id: m.id, reason: 'member asked by phone' });
    expect(r.password).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(r.message).not.toContain(r.password);
    expect(await infoCode(m.token)).toBe('session_expired');
    const old = (await api.call(auth.login, { type: 'username', username: 'resetme01', password: PASSWORD }, { ip: freshIp() })).body.code;
    expect(old).toBe('bad_credentials');
    const fresh = (await api.call(auth.login, { type: 'username', username: 'resetme01', password: r.password }, { ip: freshIp() })) as TLogin;
    expect(fresh.body.code).toBe('ok');
    expect(fresh.body.value).toMatchObject({ mustChangePassword: true });
    const audit = await q<{ row: string }>(sql`select row_to_json(a)::text as row from audit_log a where target = ${`user:${m.id}`} and action = 'user.passwordReset'`);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.row).not.toContain(r.password);
  });

  it('a forced password change ends the sessions and asks for a new password at the next login', async () => {
    const m = await member('forceme01');
    await call(c.consoleMemberForceChange, { id: m.id, reason: 'password seen in a screenshot' });
    expect(await infoCode(m.token)).toBe('session_expired');
    const again = (await api.call(auth.login, { type: 'username', username: 'forceme01', password: PASSWORD }, { ip: freshIp() })) as TLogin;
    expect(again.body.value).toMatchObject({ mustChangePassword: true });
  });

  it('adjusts a wallet once per request id (a repeat moves nothing) and grants a bonus', async () => {
    const m = await member('moneyme01', 500_000);
    const requestId = `console-adjust-${Date.now()}`;
    await call(c.consoleMemberMoney, { id: m.id, kind: 'adjust', amount: 250_000, reason: 'goodwill', requestId });
    const repeat = await call(c.consoleMemberMoney, { id: m.id, kind: 'adjust', amount: 250_000, reason: 'goodwill', requestId });
    expect(repeat.message).toMatch(/nothing moved/);
    expect(await mainBalance(m.id)).toBe(750_000);
    await call(c.consoleMemberMoney, { id: m.id, kind: 'adjust', amount: -50_000, reason: 'correction', requestId: `${requestId}-b` });
    expect(await mainBalance(m.id)).toBe(700_000);
    // Taking more than the wallet holds is refused, nothing moves.
    expect((await refusal(c.consoleMemberMoney, { id: m.id, kind: 'adjust', amount: -9_000_000, reason: 'too much', requestId: `${requestId}-c` })).code).toBe('conflict');
    expect(await mainBalance(m.id)).toBe(700_000);
    await call(c.consoleMemberMoney, { id: m.id, kind: 'bonus', amount: 10_000, reason: 'birthday', requestId: `${requestId}-d` });
    const [bonus] = await q<{ n: number }>(sql`select count(*)::int as n from journal_entries where key = ${`bonus:operator:${requestId}-d`}`);
    expect(bonus?.n).toBe(1);
  });
});

describe('money queues', () => {
  const PNG = encodePng(createRaster(4, 3, [200, 40, 40])).toString('base64');

  async function bankDeposit(userId: number, amount: number, receipt: boolean): Promise<number> {
    const [channel] = await q<{ id: number }>(sql`select id from deposit_channels where merchant_id = ${t.merchantId} and type = 'bank' order by id limit 1`);
    const upload = receipt ? `console-receipt-${++seq}` : null;
    if (upload) await api.sql(sql`insert into uploads (id, user_id, purpose, mime, data) values (${upload}, ${userId}, 'depositReceipt', 'image/png', ${PNG})`);
    const [d] = await q<{ id: number }>(sql`
      insert into deposits (merchant_id, user_id, channel_id, request_id, amount, status, payer_name, receipt_upload_id)
      values (${t.merchantId}, ${userId}, ${Number(channel?.id)}, ${`console-dep-${++seq}`}, ${amount}, 'pendingReview', 'Payer', ${upload}) returning id`);
    return Number(d?.id);
  }

  it('lists the deposits to review with their receipt; approving credits the member once, rejecting needs a reason', async () => {
    const m = await member('depositme01');
    const id = await bankDeposit(m.id, 3_000_000, true);
    const queue = await call(c.consoleDeposits, {});
    expect(queue.list.find((d) => d.id === id)).toMatchObject({ member: 'depositme01', amount: 3_000_000, status: 'pendingReview', hasReceipt: true });
    expect(await call(c.consoleDepositReceipt, { id: String(id) })).toEqual({ mime: 'image/png', base64: PNG });

    await call(c.consoleDepositDecide, { id, decision: 'approve' });
    expect(await mainBalance(m.id)).toBe(3_000_000);
    expect((await refusal(c.consoleDepositDecide, { id, decision: 'approve' })).code).toBe('conflict');
    expect(await mainBalance(m.id)).toBe(3_000_000);
    expect((await call(c.consoleDeposits, {})).list.some((d) => d.id === id)).toBe(false);
    expect((await call(c.consoleDeposits, { status: 'all' })).list.find((d) => d.id === id)).toMatchObject({ status: 'credited' });
    const [audit] = await q<{ actor: string }>(sql`select actor from audit_log where action = 'deposit.approve' and target = ${`deposit:${id}`}`);
    expect(audit?.actor).toBe(ACTOR);

    const other = await bankDeposit(m.id, 1_000_000, false);
    expect((await refusal(c.consoleDepositDecide, { id: other, decision: 'reject' })).fields).toContain('reason');
    expect((await refusal(c.consoleDepositReceipt, { id: String(other) })).code).toBe('not_found');
    await call(c.consoleDepositDecide, { id: other, decision: 'reject', reason: 'no transfer arrived' });
    expect(await mainBalance(m.id)).toBe(3_000_000);
    expect((await refusal(c.consoleDepositDecide, { id: 99_999_999, decision: 'approve' })).code).toBe('not_found');
  });

  it('lists withdrawals to pay with the card, and pays one', async () => {
    const m = await member('withdrawme01', 20_000_000);
    const set = await api.call(wallet.setPaymentPassword, { loginPassword: PASSWORD, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token: m.token, ip: freshIp() });
    expect(set.body.code).toBe('ok');
    const card = await api.call<wallet.TBankCard>(wallet.bindBankCard, { bankCode: 'VCB', accountName: 'Withdraw Nguyen', accountNumber: '0071000555444', paymentPassword: PAY }, { token: m.token, ip: freshIp() });
    expect(card.body.code).toBe('ok');
    const w = await api.call<wallet.TWithdrawal>(wallet.withdraw, { paymentPassword: PAY, requestId: `console-wd-${Date.now()}`, amount: 6_000_000, bankCardId: card.body.value.id }, { token: m.token, ip: freshIp() });
    expect(w.body.code).toBe('ok');
    const id = w.body.value.id;

    const pending = await call(c.consoleWithdrawals, { pageSize: '100' });
    expect(pending.list.find((r) => r.id === id)).toMatchObject({ member: 'withdrawme01', amount: 6_000_000, cardNumber: '0071000555444', holder: 'Withdraw Nguyen', status: 'pending' });
    await call(c.consoleWithdrawalDecide, { id, decision: 'pay' });
    expect((await call(c.consoleWithdrawals, { status: 'paid', pageSize: '100' })).list.find((r) => r.id === id)).toMatchObject({ status: 'paid' });
    expect((await refusal(c.consoleWithdrawalDecide, { id, decision: 'pay' })).code).toBe('conflict');
    expect((await refusal(c.consoleWithdrawalDecide, { id: 99_999_999, decision: 'pay' })).code).toBe('not_found');
    const [audit] = await q<{ actor: string }>(sql`select actor from audit_log where action = 'withdrawal.pay' and target = ${`withdrawal:${id}`}`);
    expect(audit?.actor).toBe(ACTOR);
  });
});

describe('content: announcements', () => {
  it('adds an announcement with its HTML sanitised (the answer is what members see), lists and removes it', async () => {
    const added = await call(c.consoleAnnouncementAdd, { type: 'PL', title: 'Weekend', content: '<p>Hello <b>all</b></p><script>alert(1)</script><img src=x onerror="alert(2)">', linkUrl: '/promotions' });
    expect(added.content).not.toMatch(/script|onerror/);
    expect(added.content).toContain('<b>all</b>');
    const list = await call(c.consoleAnnouncements, {});
    expect(list.list.find((a) => a.id === added.id)).toEqual(added);
    await call(c.consoleAnnouncementRemove, { id: added.id });
    expect((await call(c.consoleAnnouncements, {})).list.some((a) => a.id === added.id)).toBe(false);
    expect((await refusal(c.consoleAnnouncementRemove, { id: added.id })).code).toBe('not_found');
  });
});

describe('bad input on every form: a clear error per field, nothing saved', () => {
  it.each([
    ['lock without a reason', c.consoleMemberLock, { id: 1, locked: true, reason: ' ' }, ['reason']],
    ['reset without a reason', c.consoleMemberResetPassword, { id: 1 }, ['reason']],
    ['force change with an unknown field', c.consoleMemberForceChange, { id: 1, reason: 'because', extra: 1 }, ['']],
    ['money of zero with a bad request id', c.consoleMemberMoney, { id: 1, kind: 'adjust', amount: 0, reason: 'x', requestId: 'a b' }, ['amount', 'reason', 'requestId']],
    ['money of a fraction', c.consoleMemberMoney, { id: 1, kind: 'bonus', amount: 1.5, reason: 'birthday', requestId: 'abcdefgh' }, ['amount']],
    ['an empty note', c.consoleMemberNote, { id: 1, text: '   ' }, ['text']],
    ['a deposit decision without a reason', c.consoleDepositDecide, { id: 1, decision: 'reject' }, ['reason']],
    ['a withdrawal decision of an unknown kind', c.consoleWithdrawalDecide, { id: 1, decision: 'refund' }, ['decision']],
    ['an announcement without title or content', c.consoleAnnouncementAdd, { type: 'PL', title: '', content: ' ' }, ['title', 'content']],
    ['an announcement of an unknown type', c.consoleAnnouncementAdd, { type: 'X', title: 't', content: 'c' }, ['type']],
    ['a dashboard with a date that is none', c.consoleDashboard, { from: '2025-02-30' }, ['from']],
  ] as const)('%s', async (_name, def, input, fields) => {
    const before = await auditCount();
    const r = await refusal(def, input);
    expect(r.code).toMatch(/^(validation_failed|unknown_field)$/);
    for (const f of fields) if (f !== '') expect(r.fields).toContain(f);
    expect(await auditCount()).toBe(before);
  });

  it('rules the schema cannot see: a negative bonus, an unsafe link, a reversed or too long dashboard range', async () => {
    const m = await member('badinput01', 100_000);
    const before = await auditCount();
    expect(await refusal(c.consoleMemberMoney, { id: m.id, kind: 'bonus', amount: -100, reason: 'take back', requestId: 'neg-bonus-1' })).toMatchObject({ code: 'validation_failed', fields: ['amount'] });
    expect(await refusal(c.consoleAnnouncementAdd, { type: 'B', title: 't', content: 'c', imageUrl: 'javascript:alert(1)', linkUrl: '//evil.example' })).toMatchObject({ code: 'invalid_link', fields: ['imageUrl', 'linkUrl'] });
    expect((await refusal(c.consoleDashboard, { from: '2025-03-02', to: '2025-03-01' })).fields).toEqual(['from']);
    expect((await refusal(c.consoleDashboard, { from: '2023-01-01', to: '2025-01-01' })).fields).toEqual(['from']);
    expect(await auditCount()).toBe(before);
    expect(await mainBalance(m.id)).toBe(100_000);
  });
});

describe('dashboard', () => {
  it("adds up today's and the period's money, bets, new and active members, by day and by category", async () => {
    const before = await call(c.consoleDashboard, {});
    expect(before.byDay).toHaveLength(7);
    expect(before.byDay.at(-1)?.day).toBe(before.to);
    const m = await member('dashme01', 0);
    await api.ops({ kind: 'wallet.adjust', username: 'dashme01', amount: 0 + 700_000, reason: 'funds', requestId: null });
    const [g] = await q<{ id: number }>(sql`select id from games where house_game = 'slot' limit 1`);
    await api.sql(sql`
      insert into game_rounds (merchant_id, round_id, user_id, game_row_id, category, vassalage, game_id, bet_amount, valid_bet, payout, status, settled_at)
      values (${t.merchantId}, 'console-dash-1', ${m.id}, ${Number(g?.id)}, 'RNG', 'PH_SLOT', 'lucky-crown', 30000, 30000, 10000, 'settled', now())`);
    const after = await call(c.consoleDashboard, {});
    expect(after.today.bets - before.today.bets).toBe(30000);
    expect(after.today.payouts - before.today.payouts).toBe(10000);
    expect(after.today.ggr - before.today.ggr).toBe(20000);
    expect(after.today.newMembers - before.today.newMembers).toBe(1);
    expect(after.today.activeMembers - before.today.activeMembers).toBe(1);
    expect(after.period.bets - before.period.bets).toBe(30000);
    const rng = (d: typeof after) => d.byCategory.find((x) => x.category === 'RNG')?.bets ?? 0;
    expect(rng(after) - rng(before)).toBe(30000);
    expect(after.byDay.reduce((s, d) => s + d.bets, 0)).toBe(after.period.bets);
  });
});

describe('the CLI spells the member commands', () => {
  it('parses user lock|unlock|password-reset|force-change|note', () => {
    expect(parseOpsCommand(['user', 'lock', 'member01', '--reason', 'fraud'])).toEqual({ kind: 'user.lock', username: 'member01', reason: 'fraud' });
    expect(parseOpsCommand(['user', 'unlock', 'member01', '--reason', 'ok'])).toEqual({ kind: 'user.unlock', username: 'member01', reason: 'ok' });
    expect(parseOpsCommand(['user', 'password-reset', 'member01', '--reason', 'asked'])).toEqual({ kind: 'user.passwordReset', username: 'member01', reason: 'asked' });
    expect(parseOpsCommand(['user', 'force-change', 'member01', '--reason', 'leak'])).toEqual({ kind: 'user.forceChange', username: 'member01', reason: 'leak' });
    expect(parseOpsCommand(['user', 'note', 'member01', 'called us'])).toEqual({ kind: 'user.note', username: 'member01', text: 'called us' });
    expect(() => parseOpsCommand(['user', 'lock', 'member01'])).toThrow(/needs --reason/);
    expect(() => parseOpsCommand(['user', 'freeze', 'member01'])).toThrow(/user supports: create, lock, unlock/);
  });
});

describe('over HTTP with operator sessions (the console registrar)', () => {
  const sessions = () => createOperatorSessionService({ db: t.database.db, repo: createOperatorRepository() });

  /** An operator of the role and its session cookie (signed in as step two would leave it). */
  async function operator(username: string, role: c.TConsoleRole): Promise<string> {
    await api.ops({ kind: 'operator.create', username, role, password: 'operator-password-1' });
    const [o] = await q<{ id: number }>(sql`select id from operators where username = ${username}`);
    const { token } = await sessions().create(t.database.db, Number(o?.id), '127.0.0.1');
    return `ph_console=${token}`;
  }

  async function consoleCall(def: TConsoleCallDef, cookie: string, input: Record<string, unknown>) {
    const get = def.method === 'GET';
    const qs = new URLSearchParams(Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)]))).toString();
    const res = await t.app.inject({
      method: def.method,
      url: get && qs ? `${def.path}?${qs}` : def.path,
      headers: { cookie, ...(get ? {} : { 'content-type': 'application/json' }) },
      ...(get ? {} : { payload: JSON.stringify(input) }),
    });
    return { status: res.statusCode, body: res.json() as { code: string; value: Record<string, unknown> } };
  }

  it('support locks a member, who is logged out at once, with the operator as the audit actor; marketing may not', async () => {
    const support = await operator('support.pages', 'support');
    const marketing = await operator('marketing.pages', 'marketing');
    const m = await member('httplock01');
    expect((await consoleCall(c.consoleMemberLock, marketing, { id: m.id, locked: true, reason: 'not mine to do' })).status).toBe(403);
    expect(await infoCode(m.token)).toBe('ok');
    const bad = await consoleCall(c.consoleMemberLock, support, { id: m.id, locked: true, reason: '' });
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
    expect(bad.body.value).toMatchObject({ issues: [{ path: 'reason' }] });
    const done = await consoleCall(c.consoleMemberLock, support, { id: m.id, locked: true, reason: 'account takeover' });
    expect([done.status, done.body.code]).toEqual([200, 'ok']);
    expect(await infoCode(m.token)).toBe('session_expired');
    const [audit] = await q<{ actor: string }>(sql`select actor from audit_log where action = 'user.lock' and target = ${`user:${m.id}`}`);
    expect(audit?.actor).toBe('operator:support.pages');
    const found = await consoleCall(c.consoleMembersSearch, support, { q: 'httplock01', field: 'username' });
    expect(found.body.value).toMatchObject({ total: 1, list: [{ username: 'httplock01', status: 'locked' }] });
  });

  it("finance approves a deposit: the member's balance changes", async () => {
    const finance = await operator('finance.pages', 'finance');
    const m = await member('httpdep01');
    const [channel] = await q<{ id: number }>(sql`select id from deposit_channels where merchant_id = ${t.merchantId} and type = 'bank' order by id limit 1`);
    const [d] = await q<{ id: number }>(sql`
      insert into deposits (merchant_id, user_id, channel_id, request_id, amount, status, payer_name)
      values (${t.merchantId}, ${m.id}, ${Number(channel?.id)}, 'http-dep-1', 4000000, 'pendingReview', 'Payer') returning id`);
    const res = await consoleCall(c.consoleDepositDecide, finance, { id: Number(d?.id), decision: 'approve' });
    expect([res.status, res.body.code]).toEqual([200, 'ok']);
    expect(await mainBalance(m.id)).toBe(4_000_000);
    const dash = await consoleCall(c.consoleDashboard, finance, {});
    expect(dash.status).toBe(200);
  });
});
