import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as rg from '@playhall/contract/calls/responsible';
import * as wallet from '@playhall/contract/calls/wallet';
import { STAKES } from '@playhall/contract/stakes';
import { rowsOf } from '../src/db/client.ts';
import { parseOpsCommand, UsageError, USAGE } from '../src/modules/ops/ops.command.ts';
import { OpsRefusal } from '../src/modules/ops/ops.service.ts';
import { assertTestClockAllowed } from '../src/modules/responsible/test-clock.ts';
import { grantReward } from '../src/modules/rewards/rewards.service.ts';
import { createSeamlessService } from '../src/modules/seamless/seamless.service.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { gameToken, houseClient } from './support/house-client.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

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

async function bonusOf(userId: number): Promise<{ status: string | null; balance: number }> {
  const [r] = rowsOf<{ status: string | null; balance: string | null }>(await t.database.db.execute(sql`
    select (select bonus_status from member_rewards where user_id = ${userId} and form = 'bonus' order by id desc limit 1) as status,
           (select balance::text from ledger_accounts where user_id = ${userId} and wallet = 'BONUS') as balance`));
  return { status: r?.status ?? null, balance: Number(r?.balance ?? 0) };
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
    const bonus = await t.database.db.transaction((tx) => grantReward(tx, {
      merchantId: t.merchantId, userId: m.id, key: `rg-bonus:${m.id}`, source: 'activity', activityId: null, title: 'Test bonus', form: 'bonus',
      amount: 200_000, turnoverRequired: 2_000_000, turnoverWeights: null, withdrawalPolicy: 'refuse', bonusDays: 30, claimBy: null,
    }, new Date()));
    expect(await bonusOf(m.id)).toEqual({ status: 'open', balance: 200_000 });
    const other = (await login(m.username)).body.value.token;
    const res = await api.call<{ until: string }>(rg.selfExclude, { months: 6, password: PASSWORD }, { token: m.token });
    expect(res.body.code).toBe('ok');
    expect(new Date(res.body.value.until).getTime()).toBeGreaterThan(Date.now() + 170 * 86_400_000);
    expect((await api.call(wallet.balance, {}, { token: other })).body.code).toBe('session_expired');
    const again = await login(m.username);
    expect(again.body.code).toBe('rg_self_excluded');
    expect(again.body.value).toEqual({ until: res.body.value.until });
    // The open bonus is forfeited: its status and the bonus wallet.
    expect(bonus.rewardId).toBeGreaterThan(0);
    expect(await bonusOf(m.id)).toEqual({ status: 'forfeited', balance: 0 });
    // Cannot be shortened: a second, shorter one (by an operator's path too) leaves the first.
    await api.ops({ kind: 'message.send', title: 'Promo', content: 'Bonus!', messageKind: 'promotion', to: { to: 'member', username: m.username } });
    await api.ops({ kind: 'message.send', title: 'Notice', content: 'System', messageKind: 'system', to: { to: 'member', username: m.username } });
    const kinds = rowsOf<{ kind: string }>(await t.database.db.execute(sql`select kind from member_messages where user_id = ${m.id} and title in ('Promo', 'Notice')`));
    expect(kinds.map((k) => k.kind)).toEqual(['system']);
    const audits = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*)::text as n from audit_log where target = ${`user:${m.id}`} and action = 'rg.exclude'`));
    expect(Number(audits[0]?.n)).toBe(1);
  });
});

describe('every limit kind × period', () => {
  it('refuses a deposit over a weekly or monthly limit and a stake over a daily or weekly loss limit, with its period, moving nothing', async () => {
    for (const [kind, period] of [['deposit', 'week'], ['deposit', 'month'], ['loss', 'day'], ['loss', 'week']] as const) {
      const m = await member();
      const amount = kind === 'deposit' ? 100_000_00 : 2 * K;
      expect((await setLimit(m.token, kind, period, amount)).body.code).toBe('ok');
      const before = await balance(m.token);
      const res = kind === 'deposit' ? await deposit(m.token, amount + 100_00) : await plinko(m.token, amount + K);
      expect(res.body.code, `${kind} ${period}`).toBe(kind === 'deposit' ? 'rg_deposit_limit' : 'rg_loss_limit');
      expect(res.body.value, `${kind} ${period}`).toMatchObject({ kind, period, limit: amount, used: 0 });
      expect(new Date((res.body.value as { resetsAt: string }).resetsAt).getTime()).toBeGreaterThan(Date.now());
      expect(await balance(m.token)).toBe(before);
      expect(await usage(m.id, kind, period)).toBe(0);
    }
  });
});

describe('break: money out and between members', () => {
  const PAY = '654321';
  const move = (token: string, body: object) => api.call<wallet.TBalance>(wallet.walletTransfer, { requestId: rid(), ...body }, { token });

  it('a member on a break withdraws and receives from the upline, but sends nothing to a member or into a game wallet', async () => {
    const m = await member();
    const setPay = (token: string, loginPassword: string) => api.call(wallet.setPaymentPassword, { loginPassword, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token, ip: freshIp() });
    expect((await setPay(m.token, PASSWORD)).body.code).toBe('ok');
    const card = await api.call<wallet.TBankCard>(wallet.bindBankCard, { bankCode: 'VCB', accountName: 'Rg Nguyen', accountNumber: `0071${String(Date.now()).slice(-9)}`, paymentPassword: PAY }, { token: m.token, ip: freshIp() });
    expect(card.body.code).toBe('ok');
    expect((await api.call(rg.takeBreak, { days: 7, password: PASSWORD }, { token: m.token })).body.code).toBe('ok');
    const start = await balance(m.token);

    // Out to the bank: allowed.
    const out = await api.call(wallet.withdraw, { paymentPassword: PAY, requestId: rid(), amount: 5_000_000, bankCardId: card.body.value.id }, { token: m.token, ip: freshIp() });
    expect(out.body.code, JSON.stringify(out.body)).toBe('ok');
    const afterWithdrawal = await balance(m.token);
    expect(afterWithdrawal).toBeLessThan(start);
    // To the upline: refused, nothing moves.
    const up = await api.call(wallet.transferUpline, { requestId: rid(), amount: 100_00, paymentPassword: PAY }, { token: m.token, ip: freshIp() });
    expect(up.body.code).toBe('rg_on_break');
    expect(up.body.value).toMatchObject({ until: expect.any(String) });
    expect(await balance(m.token)).toBe(afterWithdrawal);
    // From the upline: received.
    const agent = (await api.call(auth.login, { type: 'username', username: 'agent01', password: t.demoPassword }, { ip: freshIp() })) as TLogin;
    const agentToken = agent.body.value.token;
    await setPay(agentToken, t.demoPassword); // 'conflict' when set before: either way it is PAY
    await api.ops({ kind: 'wallet.adjust', username: 'agent01', amount: 1_000_00, reason: 'test funds', requestId: null });
    const down = await api.call(wallet.transferDownline, { requestId: rid(), account: m.username, amount: 100_00, paymentPassword: PAY }, { token: agentToken, ip: freshIp() });
    expect(down.body.code, JSON.stringify(down.body)).toBe('ok');
    expect(await balance(m.token)).toBe(afterWithdrawal + 100_00);

    // Into a game wallet: refused on a transfer-wallet site; taking money home still works.
    expect((await api.ops({ kind: 'walletMode.set', mode: 'transfer' })).ok).toBe(true);
    try {
      await api.sql(sql`update rg_members set break_until = now() - interval '1 minute' where user_id = ${m.id}`);
      expect((await move(m.token, { action: 'transfer', from: 'MAIN', to: 'PH_ELOTT', amount: 300_00 })).body.code).toBe('ok');
      await api.sql(sql`update rg_members set break_until = now() + interval '7 days' where user_id = ${m.id}`);
      const into = await move(m.token, { action: 'transfer', from: 'MAIN', to: 'PH_ELOTT', amount: 100_00 });
      expect(into.body.code).toBe('rg_on_break');
      const home = await move(m.token, { action: 'transfer', from: 'PH_ELOTT', to: 'MAIN', amount: 100_00 });
      expect(home.body.code).toBe('ok');
      expect(home.body.value.wallets.find((w) => w.wallet === 'PH_ELOTT')?.balance).toBe(200_00);
      expect((await move(m.token, { action: 'recallAll' })).body.value.wallets.find((w) => w.wallet === 'PH_ELOTT')?.balance).toBe(0);
    } finally {
      await api.ops({ kind: 'walletMode.set', mode: 'single' });
    }
  });
});

describe('operator commands', () => {
  const run = (argv: string[]) => api.ops(parseOpsCommand(argv));
  const usageOf = (argv: string[]) => {
    try {
      parseOpsCommand(argv);
    } catch (err) {
      if (err instanceof UsageError) return err.message;
      throw err;
    }
    return 'parsed';
  };

  it('rg limit lowers or sets a first limit (a raise refused), rg show reads it, rg exclude excludes; audited with the operator', async () => {
    const m = await member();
    expect(USAGE).toMatch(/rg show <username>/);
    expect(USAGE).toMatch(/clock advance <25h\|2d\|90m>/);
    for (const [argv, text] of [
      [['rg', 'limit', m.username, 'loss', 'week', '12.50'], /whole amount/],
      [['rg', 'limit', m.username, 'win', 'week', '500'], /deposit or loss/],
      [['rg', 'limit', m.username, 'loss', 'year', '500'], /day, week or month/],
      [['rg', 'limit', m.username, 'loss', 'week', '-5'], /positive/],
      [['rg', 'limit', m.username, 'loss', 'week'], /needs a username/],
      [['rg', 'exclude', m.username, '7'], /6, 12 or 60/],
      [['rg', 'show'], /needs one username/],
      [['rg', 'show', m.username, '--limit', '3'], /does not apply/],
      [['clock', 'advance', 'soon'], /25h, 2d or 90m/],
    ] as const) {
      expect(usageOf([...argv]), argv.join(' ')).toMatch(text);
    }
    await expect(run(['rg', 'show', 'nobody_here'])).rejects.toThrow(OpsRefusal);

    expect((await run(['rg', 'limit', m.username, 'loss', 'week', '500'])).message).toMatch(/loss limit per week is now 500\.00/);
    expect((await run(['rg', 'limit', m.username, 'loss', 'week', '300'])).ok).toBe(true);
    const raise = run(['rg', 'limit', m.username, 'loss', 'week', '800']);
    await expect(raise).rejects.toThrow(OpsRefusal);
    await expect(raise).rejects.toThrow(/only lower a limit \(now 300\.00\)/);
    expect(limitOf((await state(m.token)).value, 'loss', 'week')).toMatchObject({ amount: 300_00, pending: null });
    const shown = await run(['rg', 'show', m.username]);
    expect(shown.message).toMatch(/loss week\tlimit 300\.00\tused 0\.00/);
    expect(shown.message).toMatch(/self-exclusion none/);

    const other = (await login(m.username)).body.value.token;
    expect((await run(['rg', 'exclude', m.username, '12'])).message).toMatch(/excluded until/);
    expect((await api.call(wallet.balance, {}, { token: other })).body.code).toBe('session_expired');
    expect((await login(m.username)).body.code).toBe('rg_self_excluded');
    // Never shortened: a 6-month exclusion afterwards leaves the 12 months.
    const until12 = (await run(['rg', 'show', m.username])).message.match(/self-exclusion until (\S+)/)?.[1];
    await run(['rg', 'exclude', m.username, '6']);
    expect((await run(['rg', 'show', m.username])).message).toContain(`self-exclusion until ${until12}`);
    expect(new Date(until12 ?? 0).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
    const audits = rowsOf<{ action: string; actor: string }>(await t.database.db.execute(sql`select action, actor from audit_log where target = ${`user:${m.id}`} and action like 'rg.%' order by id`));
    expect(audits).toEqual([
      { action: 'rg.limit', actor: 'test' },
      { action: 'rg.limit', actor: 'test' },
      { action: 'rg.exclude', actor: 'test' },
      { action: 'rg.exclude', actor: 'test' },
    ]);
  });

  it('ops clock moves the responsible-gaming clock only with PLAYHALL_TEST_CLOCK=1, never in production', async () => {
    expect(() => assertTestClockAllowed({ PLAYHALL_TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/refuses to start/);
    expect(() => assertTestClockAllowed({ PLAYHALL_TEST_CLOCK: '1', NODE_ENV: 'test' })).not.toThrow();
    const m = await member();
    await setLimit(m.token, 'deposit', 'day', 300_000_00);
    await setLimit(m.token, 'deposit', 'day', 900_000_00);
    expect(process.env.PLAYHALL_TEST_CLOCK).toBeUndefined();
    expect((await run(['clock', 'advance', '25h'])).message).toMatch(/the clock is real.*nothing changed/);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from test_clock where offset_ms <> 0`))).toEqual([]);
    expect(limitOf((await state(m.token)).value, 'deposit', 'day')).toMatchObject({ amount: 300_000_00, pending: { amount: 900_000_00 } });
    process.env.PLAYHALL_TEST_CLOCK = '1';
    try {
      expect((await run(['clock', 'advance', '25h'])).message).toBe('test clock offset: 25 h');
      expect(limitOf((await state(m.token)).value, 'deposit', 'day')).toMatchObject({ amount: 900_000_00, pending: null });
      expect((await run(['clock', 'reset'])).message).toBe('test clock offset: 0 h');
      const audits = rowsOf<{ after: { offsetMs: number } }>(await t.database.db.execute(sql`select after from audit_log where action = 'clock' order by id`));
      expect(audits.map((a) => a.after.offsetMs)).toEqual([25 * 3_600_000, 0]);
    } finally {
      await run(['clock', 'reset']);
      delete process.env.PLAYHALL_TEST_CLOCK;
    }
  });
});

describe.skipIf(TEST_DB !== 'postgres')('at once (PostgreSQL only: PGlite has one connection)', () => {
  it('two deposits asked for at once near a deposit limit cannot both pass', async () => {
    const m = await member();
    await setLimit(m.token, 'deposit', 'day', 300_000_00);
    const codes = (await Promise.all([deposit(m.token, 200_000_00), deposit(m.token, 200_000_00)])).map((r) => r.body.code).sort();
    expect(codes).toEqual(['ok', 'rg_deposit_limit']);
    const rows = rowsOf<{ n: string }>(await t.database.db.execute(sql`select count(*)::text as n from deposits where user_id = ${m.id}`));
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('two bet debits at once near a loss limit cannot both pass', async () => {
    const m = await member();
    await setLimit(m.token, 'loss', 'day', 3 * K);
    const gt = gameToken(await launchUrl(m.token, { vassalage: 'PH_INSTANT', gameId: 'plinko-drop', language: 'EN' }));
    const seamless = createSeamlessService({ db: t.database.db });
    // Debits as a house room makes them, with no payout yet: the second would take the loss to 4 K.
    const debit = (n: number) => seamless.run(t.merchantId, { op: 'debit', vassalage: 'PH_INSTANT', txnId: `rg-race-${m.id}-${n}`, roundId: `rg-race-${m.id}-${n}`, amount: 2 * K, sessionToken: gt });
    const before = await balance(m.token);
    const answers = await Promise.all([debit(1), debit(2)]);
    expect(answers.map((a) => (a.ok ? 'ok' : a.error)).sort()).toEqual(['ok', 'rg_loss_limit']);
    const refused = answers.find((a) => !a.ok);
    expect(refused && !refused.ok ? refused.rg : null).toMatchObject({ kind: 'loss', period: 'day', limit: 3 * K, used: 2 * K });
    expect(await balance(m.token)).toBe(before - 2 * K);
    expect(await usage(m.id, 'loss', 'day')).toBe(2 * K);
  });
});
