import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as wallet from '@playhall/contract/calls/wallet';
import { DEMO_REFERRAL_REWARD } from '../src/db/seed-missions.ts';
import { DEMO_BALANCE, DEMO_WELCOME_BONUS } from '../src/db/seed.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

const PAY = '654321';
let seq = 0;
const rid = () => `req-${Date.now()}-${seq++}`;

async function token(username: string, password = t.demoPassword): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res.body.value.token;
}

async function balance(tok: string): Promise<number> {
  const res = await api.call<wallet.TBalance>(wallet.balance, {}, { token: tok });
  expect(res.status).toBe(200);
  return res.body.value.sumBalance;
}

async function setPay(tok: string, password = t.demoPassword) {
  const res = await api.call(wallet.setPaymentPassword, { loginPassword: password, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token: tok, ip: freshIp() });
  expect(res.body.code).toBe('ok');
}

async function ledgerClean() {
  const check = await api.ops({ kind: 'ledger.check' });
  expect(check.message).toMatch(/ledger clean/);
}

describe('balance and wallet settings', () => {
  it('answers the demo balance, a single merchant wallet and the consolidated settings', async () => {
    const tok = await token('member01');
    const res = await api.call<wallet.TBalance>(wallet.balance, {}, { token: tok });
    // The demo balance, and the reward of the friend member01 invited (issue 18's demo data).
    expect(res.body.value).toEqual({
      sumBalance: DEMO_BALANCE + DEMO_REFERRAL_REWARD,
      currency: 'VND',
      held: 0,
      wallets: [{ wallet: 'MAIN', displayName: 'Main wallet', balance: DEMO_BALANCE + DEMO_REFERRAL_REWARD, status: 'ok' }],
    });
    expect((await api.call(wallet.merchantWallet, {})).body.value).toEqual({ isSingle: true });
    expect((await api.call(wallet.consolidated, {}, { token: tok })).body.value).toMatchObject({ dailysalreqtype: 'validBet' });
    expect((await api.call(wallet.balance, {})).status).toBe(401);
  });
});

describe('payment password', () => {
  it('is set once with the login password, refused when wrong, and locks after 5 failures', async () => {
    const tok = await token('member02');
    const verify = (paymentPassword: string) => api.call(wallet.verifyPaymentPassword, { paymentPassword }, { token: tok, ip: freshIp() });
    expect((await verify(PAY)).body.code).toBe('payment_password_required');
    const bad = await api.call(wallet.setPaymentPassword, { loginPassword: 'Wrong12345', newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token: tok, ip: freshIp() });
    expect(bad.body.code).toBe('password_incorrect');
    const mismatch = await api.call(wallet.setPaymentPassword, { loginPassword: t.demoPassword, newPaymentPassword: PAY, confirmPaymentPassword: '111111' }, { token: tok, ip: freshIp() });
    expect(mismatch.status).toBe(400);
    const plain = await api.call(wallet.setPaymentPassword, { loginPassword: t.demoPassword, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token: tok, plaintext: true });
    expect(plain.body.code).toBe('encryption_required');
    await setPay(tok);
    expect((await api.call(wallet.setPaymentPassword, { loginPassword: t.demoPassword, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token: tok, ip: freshIp() })).body.code).toBe('conflict');
    expect((await verify(PAY)).body.code).toBe('ok');

    for (let left = 4; left >= 1; left--) {
      const res = await verify('000000');
      expect(res.body).toMatchObject({ code: 'payment_password_wrong', value: { attemptsLeft: left } });
    }
    expect((await verify('000000')).status).toBe(423);
    // Locked: even the right one is refused, and a transfer moves nothing.
    expect((await verify(PAY)).body.code).toBe('payment_password_locked');
    const before = await balance(tok);
    const transfer = await api.call(wallet.transferUpline, { requestId: rid(), amount: 100, paymentPassword: PAY }, { token: tok, ip: freshIp() });
    expect(transfer.body.code).toBe('payment_password_locked');
    expect(await balance(tok)).toBe(before);
    // When the lock ends the count starts again.
    await api.sql(sql`update users set payment_password_locked_until = now() - interval '1 second' where username = 'member02'`);
    expect((await verify(PAY)).body.code).toBe('ok');
    const change = await api.call(wallet.changePaymentPassword, { oldPaymentPassword: PAY, newPaymentPassword: '222333', confirmPaymentPassword: '222333' }, { token: tok, ip: freshIp() });
    expect(change.body.code).toBe('ok');
    expect((await verify('222333')).body.code).toBe('ok');
    await api.call(wallet.changePaymentPassword, { oldPaymentPassword: '222333', newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token: tok, ip: freshIp() });
  });
});

describe('transfers between members', () => {
  let member: string;
  let agent: string;
  beforeAll(async () => {
    member = await token('member01');
    agent = await token('agent01');
    await setPay(member);
    await setPay(agent);
  });

  it('moves money to the upline once per request id, with the first result on a retry', async () => {
    const requestId = rid();
    const [m0, a0] = [await balance(member), await balance(agent)];
    const send = () => api.call<{ id: number; amount: number; counterparty: string; balance: number }>(wallet.transferUpline, { requestId, amount: 12_345, paymentPassword: PAY, remark: 'thanks' }, { token: member, ip: freshIp() });
    const first = await send();
    expect(first.body.value).toMatchObject({ amount: 12_345, counterparty: 'agent01', balance: m0 - 12_345 });
    const again = await send();
    expect(again.body.value).toEqual(first.body.value);
    expect(await balance(member)).toBe(m0 - 12_345);
    expect(await balance(agent)).toBe(a0 + 12_345);
  });

  it('moves money to a direct downline only', async () => {
    const m0 = await balance(member);
    const ok = await api.call(wallet.transferDownline, { requestId: rid(), account: 'MEMBER01', amount: 500, paymentPassword: PAY }, { token: agent, ip: freshIp() });
    expect(ok.body).toMatchObject({ code: 'ok', value: { counterparty: 'member01', amount: 500 } });
    expect(await balance(member)).toBe(m0 + 500);
    // member03 is agent02's downline: agent01's downline's downline, not a direct one.
    const a0 = await balance(agent);
    for (const account of ['member03', 'nobody99', 'agent01']) {
      const res = await api.call(wallet.transferDownline, { requestId: rid(), account, amount: 500, paymentPassword: PAY }, { token: agent, ip: freshIp() });
      expect(res.body.code, account).toBe('forbidden');
    }
    const up = await api.call(wallet.transferDownline, { requestId: rid(), account: 'agent01', amount: 1, paymentPassword: PAY }, { token: member, ip: freshIp() });
    expect(up.body.code).toBe('forbidden');
    // agent01 has no upline.
    expect((await api.call(wallet.transferUpline, { requestId: rid(), amount: 1, paymentPassword: PAY }, { token: agent, ip: freshIp() })).body.code).toBe('forbidden');
    expect(await balance(agent)).toBe(a0);
  });

  it('refuses bad amounts, a wrong payment password and an overdraft, moving nothing', async () => {
    const [m0, a0] = [await balance(member), await balance(agent)];
    for (const amount of [-100, 0, 1.5, 0.01, 1e20, 2 ** 53, 'abc', '100', null]) {
      const res = await api.call(wallet.transferUpline, { requestId: rid(), amount, paymentPassword: PAY }, { token: member, ip: freshIp() });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.code, String(amount)).toBe('validation_failed');
    }
    const huge = await api.call(wallet.transferUpline, { requestId: rid(), amount: 10 ** 14, paymentPassword: PAY }, { token: member, ip: freshIp() });
    expect(huge.body.code).toBe('amount_out_of_range');
    const overdraft = await api.call(wallet.transferUpline, { requestId: rid(), amount: m0 + 1, paymentPassword: PAY }, { token: member, ip: freshIp() });
    expect(overdraft.body.code).toBe('insufficient_balance');
    const wrong = await api.call(wallet.transferUpline, { requestId: rid(), amount: 100, paymentPassword: '999999' }, { token: member, ip: freshIp() });
    expect(wrong.body.code).toBe('payment_password_wrong');
    const badId = await api.call(wallet.transferUpline, { requestId: 'x', amount: 100, paymentPassword: PAY }, { token: member, ip: freshIp() });
    expect(badId.status).toBe(400);
    expect(await balance(member)).toBe(m0);
    expect(await balance(agent)).toBe(a0);
    await ledgerClean();
  });

  it('lists every movement in the account record, filtered by type and day, page by page', async () => {
    const all = await api.call<{ list: wallet.TTransaction[]; total: number }>(wallet.transactions, {}, { token: member });
    expect(all.body.value.total).toBe(5);
    expect(all.body.value.list.map((r) => r.type)).toEqual(['memberTransferIn', 'memberTransferOut', 'bonus', 'bonus', 'adjustment']);
    expect(all.body.value.list[1]).toMatchObject({ amount: -12_345, remark: 'thanks' });
    expect(all.body.value.list[2]).toMatchObject({ amount: DEMO_REFERRAL_REWARD, balanceAfter: DEMO_BALANCE + DEMO_REFERRAL_REWARD });
    expect(all.body.value.list[3]).toMatchObject({ amount: DEMO_WELCOME_BONUS, balanceAfter: DEMO_BALANCE });
    expect(all.body.value.list[4]).toMatchObject({ amount: DEMO_BALANCE - DEMO_WELCOME_BONUS });
    const out = await api.call<{ list: wallet.TTransaction[]; total: number }>(wallet.transactions, { type: 'memberTransferOut' }, { token: member });
    expect(out.body.value.list.map((r) => r.amount)).toEqual([-12_345]);
    const page2 = await api.call<{ list: wallet.TTransaction[]; total: number; page: number }>(wallet.transactions, { page: 2, pageSize: 1 }, { token: member });
    expect(page2.body.value).toMatchObject({ total: 5, page: 2 });
    expect(page2.body.value.list.map((r) => r.type)).toEqual(['memberTransferOut']);
    const future = await api.call<{ total: number }>(wallet.transactions, { from: '2099-01-01' }, { token: member });
    expect(future.body.value.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const around = await api.call<{ total: number }>(wallet.transactions, { from: '2000-01-01', to: '2099-12-31' }, { token: member });
    expect(around.body.value.total, today).toBe(5);
    const csv = await api.call<{ filename: string; csv: string; truncated: boolean }>(wallet.transactionsExport, { type: 'memberTransferOut' }, { token: member });
    expect(csv.body.value.truncated).toBe(false);
    expect(csv.body.value.csv.split('\r\n')).toEqual([
      'time,type,amount,balanceAfter,remark,reference',
      expect.stringMatching(/^\d{4}-.*Z,memberTransferOut,-123\.45,\d+\.\d{2},thanks,member:\d+:req-/),
      '',
    ]);
  });
});

describe('concurrency', () => {
  it('200 simultaneous transfers against a wallet that affords 50: none negative, each accepted once', async () => {
    await api.ops({ kind: 'user.create', username: 'racer01', password: 'Racer12345', type: 'member', upline: 'agent01' });
    await api.sql(sql`update users set password_initial = false where username = 'racer01'`);
    await api.ops({ kind: 'wallet.adjust', username: 'racer01', amount: 5_000, reason: 'race fund', requestId: null });
    const tok = await token('racer01', 'Racer12345');
    await setPay(tok, 'Racer12345');
    const ids = Array.from({ length: 200 }, () => rid());
    const send = (requestId: string) =>
      api.call<{ id: number; balance: number }>(wallet.transferUpline, { requestId, amount: 100, paymentPassword: PAY }, { token: tok, ip: freshIp() });
    const results = await Promise.all(ids.map(send));
    const accepted = results.filter((r) => r.body.code === 'ok');
    expect(accepted).toHaveLength(50);
    expect(results.filter((r) => r.body.code !== 'ok').every((r) => r.body.code === 'insufficient_balance')).toBe(true);
    expect(new Set(accepted.map((r) => r.body.value.id)).size).toBe(50);
    expect(accepted.every((r) => r.body.value.balance >= 0)).toBe(true);
    expect(await balance(tok)).toBe(0);
    // Retried at once, twice each: the accepted ones answer their first entry, nothing moves.
    const acceptedIds = ids.filter((_, i) => results[i]?.body.code === 'ok').slice(0, 10);
    const retries = await Promise.all([...acceptedIds, ...acceptedIds].map(send));
    for (const [i, r] of retries.entries()) {
      expect(r.body.value.id).toBe(results[ids.indexOf(acceptedIds[i % 10] ?? '')]?.body.value.id);
    }
    expect(await balance(tok)).toBe(0);
    await ledgerClean();
  }, 120_000);
});

describe('transfer wallets', () => {
  it('moves money between the main wallet and a vendor wallet, and recalls all, when the wallet is not single', async () => {
    const tok = await token('member03');
    const move = (body: object) => api.call<wallet.TBalance>(wallet.walletTransfer, body, { token: tok });
    expect((await move({ action: 'recallAll', requestId: rid() })).body.code).toBe('operation_not_allowed');
    expect((await api.ops({ kind: 'walletMode.set', mode: 'transfer' })).ok).toBe(true);
    try {
      expect((await api.call(wallet.merchantWallet, {})).body.value).toEqual({ isSingle: false });
      const first = await move({ action: 'transfer', requestId: rid(), from: 'MAIN', to: 'TCG_LOTTO_VN', amount: 30_000 });
      expect(first.body.code).toBe('ok');
      expect(first.body.value.sumBalance).toBe(DEMO_BALANCE);
      expect(first.body.value.wallets.find((w) => w.wallet === 'TCG_LOTTO_VN')?.balance).toBe(30_000);
      expect(first.body.value.wallets.find((w) => w.wallet === 'GPI')?.status).toBe('maintenance');
      await move({ action: 'transfer', requestId: rid(), from: 'MAIN', to: 'PH_ELOTT', amount: 1_000 });
      const back = await move({ action: 'transfer', requestId: rid(), from: 'TCG_LOTTO_VN', to: 'MAIN', amount: 5_000 });
      expect(back.body.value.wallets.find((w) => w.wallet === 'MAIN')?.balance).toBe(DEMO_BALANCE - 26_000);
      for (const [body, code] of [
        [{ action: 'transfer', requestId: rid(), from: 'MAIN', to: 'GPI', amount: 1 }, 'operation_not_allowed'],
        [{ action: 'transfer', requestId: rid(), from: 'MAIN', to: 'NOPE', amount: 1 }, 'not_found'],
        [{ action: 'transfer', requestId: rid(), from: 'TCG_LOTTO_VN', to: 'PH_ELOTT', amount: 1 }, 'validation_failed'],
        [{ action: 'transfer', requestId: rid(), from: 'TCG_LOTTO_VN', to: 'MAIN', amount: 25_001 }, 'insufficient_balance'],
        [{ action: 'transfer', requestId: rid(), from: 'MAIN', to: 'TCG_LOTTO_VN', amount: -1 }, 'validation_failed'],
      ] as const) {
        expect((await move(body)).body.code, JSON.stringify(body)).toBe(code);
      }
      const recalled = await move({ action: 'recallAll', requestId: rid() });
      expect(recalled.body.value.wallets.filter((w) => w.balance > 0).map((w) => w.wallet)).toEqual(['MAIN']);
      expect(recalled.body.value.sumBalance).toBe(DEMO_BALANCE);
      const record = await api.call<{ list: wallet.TTransaction[] }>(wallet.transactions, { type: 'vendorTransferOut' }, { token: tok });
      expect(record.body.value.list.map((r) => r.amount)).toEqual([-1_000, -30_000]);
      await ledgerClean();
    } finally {
      await api.ops({ kind: 'walletMode.set', mode: 'single' });
    }
  });
});

describe('personal profit and bonus details', () => {
  const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());

  it('lists the welcome bonus and the referral reward with their sources and total', async () => {
    const tok = await token('member01');
    const res = await api.call<{ list: { source: string; amount: number; remark: string | null }[]; total: number; totalAmount: number }>(
      wallet.bonusDetails,
      {},
      { token: tok },
    );
    expect(res.body.value).toMatchObject({ total: 2, totalAmount: DEMO_WELCOME_BONUS + DEMO_REFERRAL_REWARD });
    // The platform's own memo ("Welcome bonus", in English) is not a remark: the source says it, translated (issue 16).
    expect(res.body.value.list).toEqual([
      expect.objectContaining({ source: 'referral', amount: DEMO_REFERRAL_REWARD }),
      expect.objectContaining({ source: 'welcome', amount: DEMO_WELCOME_BONUS, remark: null }),
    ]);
    const future = await api.call<{ total: number; totalAmount: number }>(wallet.bonusDetails, { from: '2099-01-01' }, { token: tok });
    expect(future.body.value).toMatchObject({ total: 0, totalAmount: 0 });
  });

  it('gives the last 7 days by default, each day and category, with the bonus counted on its day', async () => {
    const tok = await token('member01');
    type TProfit = { days: { date: string; bonus: number; deposit: number; withdrawal: number; winLoss: number }[]; categories: { category: string; betAmount: number }[]; totals: { bonus: number } };
    const res = await api.call<TProfit>(wallet.personalProfit, {}, { token: tok });
    expect(res.status).toBe(200);
    const { days, categories, totals } = res.body.value;
    expect(days).toHaveLength(7);
    expect(days[0]?.date).toBe(today());
    expect(days[0]).toMatchObject({ bonus: DEMO_WELCOME_BONUS + DEMO_REFERRAL_REWARD, deposit: 0, withdrawal: 0, winLoss: 0 });
    expect(totals.bonus).toBe(DEMO_WELCOME_BONUS + DEMO_REFERRAL_REWARD);
    expect(categories.map((c) => c.category)).toEqual(['LOTT', 'LIVE', 'SPORTS', 'RNG', 'FISH', 'PVP', 'ESPORTS']);
  });

  it('refuses a reversed or over-long range', async () => {
    const tok = await token('member01');
    const reversed = await api.call(wallet.personalProfit, { from: '2026-02-10', to: '2026-02-01' }, { token: tok });
    expect(reversed.status).toBe(400);
    const long = await api.call(wallet.personalProfit, { from: '2026-01-01', to: '2026-12-31' }, { token: tok });
    expect(long.status).toBe(400);
    const quarter = await api.call<{ days: unknown[] }>(wallet.personalProfit, { from: '2026-01-01', to: '2026-04-01' }, { token: tok });
    expect(quarter.body.value.days).toHaveLength(91);
  });

  it('are for logged-in members only', async () => {
    const res = await api.call(wallet.personalProfit, {}, {});
    expect(res.status).toBe(401);
  });
});

describe('a busy pool', () => {
  it('100 transfers of one member at once, batched: exactly those its wallet affords pass, and 20 copies of one request move once', async () => {
    const tok = await token('agent02');
    expect((await api.ops({ kind: 'walletMode.set', mode: 'transfer' })).ok).toBe(true);
    try {
      const move = (body: object) => api.call<wallet.TBalance>(wallet.walletTransfer, body, { token: tok });
      expect((await move({ action: 'transfer', requestId: rid(), from: 'MAIN', to: 'TCG_LOTTO_VN', amount: 50_000 })).body.code).toBe('ok');
      const back = await Promise.all(Array.from({ length: 100 }, () => move({ action: 'transfer', requestId: rid(), from: 'TCG_LOTTO_VN', to: 'MAIN', amount: 1_000 })));
      const codes = back.map((r) => r.body.code);
      expect(codes.filter((c) => c === 'ok')).toHaveLength(50);
      expect(codes.filter((c) => c === 'insufficient_balance')).toHaveLength(50);
      const once = rid();
      const copies = await Promise.all(Array.from({ length: 20 }, () => move({ action: 'transfer', requestId: once, from: 'MAIN', to: 'TCG_LOTTO_VN', amount: 700 })));
      expect(copies.map((r) => r.body.code)).toEqual(copies.map(() => 'ok'));
      const after = await move({ action: 'recallAll', requestId: rid() });
      expect(after.body.value.sumBalance).toBe(DEMO_BALANCE);
      const record = await api.call<{ list: wallet.TTransaction[] }>(wallet.transactions, { type: 'vendorTransferOut' }, { token: tok });
      expect(record.body.value.list.map((r) => r.amount)).toEqual([-700, -50_000]);
      await ledgerClean();
    } finally {
      await api.ops({ kind: 'walletMode.set', mode: 'single' });
    }
  });

  it('50 simultaneous first transfers into vendor wallets right after the wallet mode changes all complete', async () => {
    const tokens = await Promise.all(['member01', 'member02', 'agent01', 'agent02'].map((u) => token(u)));
    expect((await api.ops({ kind: 'walletMode.set', mode: 'transfer' })).ok).toBe(true);
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api.call<wallet.TBalance>(
            wallet.walletTransfer,
            { action: 'transfer', requestId: rid(), from: 'MAIN', to: i % 2 ? 'TCG_LOTTO_VN' : 'PH_ELOTT', amount: 1 },
            { token: tokens[i % tokens.length] },
          ),
        ),
      );
      expect(results.map((r) => r.body.code)).toEqual(Array.from({ length: 50 }, () => 'ok'));
      await ledgerClean();
    } finally {
      await api.ops({ kind: 'walletMode.set', mode: 'single' });
    }
  });
});
