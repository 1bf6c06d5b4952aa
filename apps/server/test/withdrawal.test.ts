import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as wallet from '@playhall/contract/calls/wallet';
import { jobs, uploads, users, withdrawals } from '../src/db/schema.ts';
import { createRaster, encodePng } from '../src/lib/png.ts';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { decoded, pngOfSize } from './support/images.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

// 1% fee and 3 withdrawals a day for this file; the limits are read on every use (withdrawal.config.ts).
process.env.WITHDRAWAL_FEE_BP = '100';
process.env.WITHDRAWAL_DAILY_COUNT = '3';
const MIN = 5_000_000;
const MAX = 10_000_000_000;
const fee = (amount: number) => Math.ceil(amount / 100);

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
const PASSWORD = 'Member12345';
const PNG = encodePng(createRaster(6, 4, [20, 120, 200]));
const proof = { mime: 'image/png', data: PNG.toString('base64') };
let seq = 0;
const rid = () => `wd-${Date.now()}-${seq++}`;

type TCard = wallet.TBankCard;
type TW = wallet.TWithdrawal;

async function login(username: string, password = PASSWORD): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res.body.value.token;
}

/** A fresh member under agent01 with `funds` in the main wallet, a payment password, and (unless told) a card. */
async function member(username: string, funds: number, opts: { card?: boolean } = {}) {
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: 'member', upline: 'agent01' });
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  if (funds > 0) await api.ops({ kind: 'wallet.adjust', username, amount: funds, reason: 'test funds', requestId: null });
  const token = await login(username);
  const set = await api.call(wallet.setPaymentPassword, { loginPassword: PASSWORD, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token, ip: freshIp() });
  expect(set.body.code).toBe('ok');
  let card: TCard | null = null;
  if (opts.card !== false) {
    const bound = await api.call<TCard>(wallet.bindBankCard, { bankCode: 'VCB', accountName: `${username.replace(/[0-9]/g, '')} Nguyen`, accountNumber: `0071000${String(seq++).padStart(6, '0')}`, paymentPassword: PAY }, { token, ip: freshIp() });
    expect(bound.body.code).toBe('ok');
    card = bound.body.value;
  }
  return { token, card: card as TCard };
}

async function mainBalance(token: string): Promise<number> {
  const res = await api.call<wallet.TBalance>(wallet.balance, {}, { token });
  return res.body.value.sumBalance;
}

async function ledgerClean() {
  const check = await api.ops({ kind: 'ledger.check' });
  expect(check.message).toMatch(/ledger clean/);
}

const withdraw = (token: string, body: Record<string, unknown>) => api.call<TW>(wallet.withdraw, { paymentPassword: PAY, requestId: rid(), ...body }, { token, ip: freshIp() });
const confirm = (token: string, body: Record<string, unknown>) => api.call<TW>(wallet.confirmWithdrawal, body, { token });

describe('banks and bank cards', () => {
  it("lists the banks of the merchant's country only, and binds a card of no other (issue 16)", async () => {
    const { token } = await member('banker01', 0, { card: false });
    const list = async () => (await api.call<{ list: { code: string; name: string }[] }>(wallet.banks, {}, { token })).body.value.list;
    // A Vietnamese site (the default): the sixteen Vietnamese banks, none of Malaysia's.
    const vn = await list();
    expect(vn).toHaveLength(16);
    expect(vn).toEqual(expect.arrayContaining([{ code: 'VCB', name: 'Vietcombank' }, { code: 'TCB', name: 'Techcombank' }]));
    expect(vn.map((b) => b.code)).not.toContain('MBB');
    const bind = (bankCode: string) =>
      api.call<TCard>(wallet.bindBankCard, { bankCode, accountName: 'Le Van Banker', accountNumber: '5140012345678', paymentPassword: PAY }, { token, ip: freshIp() });
    expect((await bind('MBB')).body.code).toBe('not_found');
    expect((await api.call<{ list: TCard[] }>(wallet.bankCards, {}, { token })).body.value.list).toEqual([]);
    expect((await api.call(wallet.banks, {})).status).toBe(401);

    // The operator sets the site to Malaysia (`ops site country MY`): Malaysian banks only. A country the site lists
    // no bank of is refused.
    expect(parseOpsCommand(['site', 'country', 'my'])).toEqual({ kind: 'siteCountry.set', country: 'MY' });
    expect(() => parseOpsCommand(['site', 'country', 'Malaysia'])).toThrow(UsageError);
    await expect(api.ops({ kind: 'siteCountry.set', country: 'TH' })).rejects.toThrow(/no enabled bank of TH/);
    expect((await api.ops({ kind: 'siteCountry.set', country: 'MY' })).ok).toBe(true);
    try {
      const my = await list();
      expect(my.map((b) => b.code).sort()).toEqual(['AMB', 'BIMB', 'BSN', 'CIMB', 'HLB', 'MBB', 'PBB', 'RHB']);
      expect((await bind('VCB')).body.code).toBe('not_found');
      expect((await bind('MBB')).body.value).toMatchObject({ bankCode: 'MBB', bankName: 'Maybank' });
    } finally {
      await api.ops({ kind: 'siteCountry.set', country: 'VN' });
    }
  });

  it('binds cards in the payee name, asks the payment password once set, refuses duplicates and past the limit, shows only the last four digits', async () => {
    await api.ops({ kind: 'user.create', username: 'carder01', password: PASSWORD, type: 'member', upline: 'agent01' });
    await api.sql(sql`update users set password_initial = false where username = 'carder01'`);
    const token = await login('carder01');
    const bind = (body: Record<string, unknown>, opts: { plaintext?: boolean } = {}) =>
      api.call<TCard>(wallet.bindBankCard, { bankCode: 'TCB', accountName: 'Tran  Thi Mai', accountNumber: '190312345678', ...body }, { token, ip: freshIp(), ...opts });

    expect((await bind({}, { plaintext: true })).body.code).toBe('encryption_required');
    expect((await bind({ bankCode: 'NOPE' })).body.code).toBe('not_found');
    expect((await bind({ accountNumber: '12ab' })).status).toBe(400);
    // No payment password yet: the first card binds without one and stores the payee name.
    const first = await bind({});
    expect(first.body.value).toMatchObject({ bankCode: 'TCB', bankName: 'Techcombank', accountName: 'Tran Thi Mai', accountNumberMasked: '****5678', isDefault: true });
    expect(JSON.stringify(first.body)).not.toContain('190312345678');
    const [row] = await t.database.db.select({ payeeName: users.payeeName }).from(users).where(eq(users.username, 'carder01'));
    expect(row?.payeeName).toBe('Tran Thi Mai');

    expect((await bind({})).body.code).toBe('bank_card_exists');
    expect((await bind({ accountName: 'Someone Else', accountNumber: '190300000001' })).body.code).toBe('payee_name_mismatch');
    // Case and spacing do not matter.
    expect((await bind({ accountName: 'TRAN THI MAI', accountNumber: '190300000002' })).body.code).toBe('ok');

    await api.call(wallet.setPaymentPassword, { loginPassword: PASSWORD, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token, ip: freshIp() });
    expect((await bind({ accountNumber: '190300000003' })).body.code).toBe('payment_password_required');
    expect((await bind({ accountNumber: '190300000003', paymentPassword: '000000' })).body).toMatchObject({ code: 'payment_password_wrong', value: { attemptsLeft: 4 } });
    for (const n of [3, 4, 5]) expect((await bind({ accountNumber: `19030000000${n}`, paymentPassword: PAY })).body.code).toBe('ok');
    expect((await bind({ accountNumber: '190300000006', paymentPassword: PAY })).body).toMatchObject({ code: 'bank_card_limit', value: { max: 5 } });

    const list = await api.call<{ list: TCard[] }>(wallet.bankCards, {}, { token });
    expect(list.body.value.list.map((c) => c.accountNumberMasked)).toEqual(['****5678', '****0002', '****0003', '****0004', '****0005']);
    expect(list.body.value.list.filter((c) => c.isDefault)).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toMatch(/19031234|1903000000/);
  });
});

describe('withdrawal info and request', () => {
  it('answers the limits, the day count and what can be withdrawn after the fee', async () => {
    const { token, card } = await member('info01', 10_100_000);
    const info = await api.call(wallet.withdrawalInfo, {}, { token });
    expect(info.body.value).toEqual({
      minAmount: MIN, maxAmount: MAX, feeRate: 100, dailyCountLimit: 3, dailyCountUsed: 0, withdrawable: 10_000_000, frozen: false,
    });
    expect((await withdraw(token, { amount: 10_000_000, bankCardId: card.id })).body.code).toBe('ok');
    expect((await api.call(wallet.withdrawalInfo, {}, { token })).body.value).toMatchObject({ dailyCountUsed: 1, withdrawable: 0 });
  });

  it('holds amount and fee, then the operator pays, and the member confirms received; every step in the records', async () => {
    const { token, card } = await member('happy01', 20_000_000);
    const created = await withdraw(token, { amount: 6_000_000, bankCardId: card.id });
    expect(created.body.code).toBe('ok');
    const w = created.body.value;
    expect(w).toMatchObject({ amount: 6_000_000, fee: 60_000, status: 'pending', confirmation: null, bankCard: { bankName: 'Vietcombank' }, paidAt: null, confirmDeadline: null });
    expect(w.bankCard.accountNumberMasked).toMatch(/^\*{4}\d{4}$/);
    const bal = await api.call<wallet.TBalance>(wallet.balance, {}, { token });
    expect(bal.body.value).toMatchObject({ sumBalance: 20_000_000 - 6_060_000, held: 6_060_000 });

    const review = await api.ops({ kind: 'withdrawal.review', status: 'pending' });
    expect(review.message).toContain('happy01');
    expect(review.message).toMatch(/60000\.00\tfee 600\.00\tVietcombank 0071000\d{6} happy Nguyen/);

    const paid = await api.ops({ kind: 'withdrawal.pay', id: w.id });
    expect(paid.ok).toBe(true);
    await expect(api.ops({ kind: 'withdrawal.pay', id: w.id })).rejects.toThrow(/is paid, not pending/);
    const rec = await api.call<{ list: TW[]; total: number }>(wallet.withdrawalRecords, {}, { token });
    const afterPay = rec.body.value.list[0];
    expect(afterPay).toMatchObject({ id: w.id, status: 'paid' });
    expect(Date.parse(afterPay?.confirmDeadline ?? '') - Date.parse(afterPay?.paidAt ?? '')).toBe(60 * 60_000);
    expect((await api.call<wallet.TBalance>(wallet.balance, {}, { token })).body.value).toMatchObject({ sumBalance: 20_000_000 - 6_060_000, held: 0 });

    const done = await confirm(token, { result: 'received', withdrawalId: w.id });
    expect(done.body.value).toMatchObject({ status: 'confirmed', confirmation: 'received' });
    expect((await confirm(token, { result: 'received', withdrawalId: w.id })).body.code).toBe('conflict');

    const tx = await api.call<{ list: wallet.TTransaction[] }>(wallet.transactions, { type: 'withdrawal' }, { token });
    expect(tx.body.value.list).toEqual([expect.objectContaining({ type: 'withdrawal', amount: -6_060_000, balanceAfter: 20_000_000 - 6_060_000 })]);
    const audit = await api.ops({ kind: 'audit.list', limit: 5 });
    expect(audit.message).toMatch(new RegExp(`withdrawal\\.pay\\twithdrawal:${w.id}`));
    await ledgerClean();
  });

  it('a rejection refunds amount and fee to the wallet, with the reason on the record', async () => {
    const { token, card } = await member('reject01', 10_000_000);
    const w = (await withdraw(token, { amount: 5_000_000, bankCardId: card.id })).body.value;
    expect(await mainBalance(token)).toBe(10_000_000 - 5_050_000);
    expect((await api.ops({ kind: 'withdrawal.reject', id: w.id, reason: 'card name check failed' })).ok).toBe(true);
    await expect(api.ops({ kind: 'withdrawal.reject', id: w.id, reason: 'again' })).rejects.toThrow(/is rejected, not pending/);
    expect(await mainBalance(token)).toBe(10_000_000);
    const rec = await api.call<{ list: TW[] }>(wallet.withdrawalRecords, { status: 'rejected' }, { token });
    expect(rec.body.value.list).toEqual([expect.objectContaining({ id: w.id, status: 'rejected', reviewRemark: 'card name check failed' })]);
    expect((await confirm(token, { result: 'received', withdrawalId: w.id })).body.code).toBe('conflict');
    const tx = await api.call<{ list: wallet.TTransaction[] }>(wallet.transactions, {}, { token });
    expect(tx.body.value.list.slice(0, 2).map((r) => [r.type, r.amount])).toEqual([['withdrawalRefund', 5_050_000], ['withdrawal', -5_050_000]]);
    await ledgerClean();
  });

  it('lists withdrawals by status and day, page by page', async () => {
    const { token, card } = await member('records01', 30_000_000);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await withdraw(token, { amount: MIN + i, bankCardId: card.id })).body.value.id);
    await api.ops({ kind: 'withdrawal.pay', id: ids[0] ?? 0 });
    const page = (q: Record<string, unknown>) => api.call<{ list: TW[]; total: number; page: number; pageSize: number }>(wallet.withdrawalRecords, q, { token });
    expect((await page({})).body.value).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect((await page({})).body.value.list.map((w) => w.id)).toEqual([...ids].reverse());
    expect((await page({ pageSize: 1, page: 2 })).body.value.list.map((w) => w.id)).toEqual([ids[1]]);
    expect((await page({ status: 'paid' })).body.value.list.map((w) => w.id)).toEqual([ids[0]]);
    expect((await page({ status: 'pending' })).body.value.total).toBe(2);
    expect((await page({ from: '2099-01-01' })).body.value.total).toBe(0);
    expect((await page({ from: '2000-01-01', to: '2099-12-31' })).body.value.total).toBe(3);
    expect((await page({ status: 'lost' })).status).toBe(400);
  });
});

describe('confirmation (spec §4)', () => {
  async function paidWithdrawal(username: string) {
    const m = await member(username, 10_000_000);
    const w = (await withdraw(m.token, { amount: 6_000_000, bankCardId: m.card.id })).body.value;
    expect((await api.ops({ kind: 'withdrawal.pay', id: w.id })).ok).toBe(true);
    return { ...m, w, balance: await mainBalance(m.token) };
  }

  it('partly received: the amount and a proof image checked by content open a dispute; the operator refunds the missing part', async () => {
    const { token, w, balance } = await paidWithdrawal('partly01');
    const gif = { mime: 'image/png', data: Buffer.from('GIF89a-not-a-png').toString('base64') };
    expect((await confirm(token, { result: 'partlyReceived', withdrawalId: w.id, receivedAmount: 4_000_000, proof: gif })).body.code).toBe('invalid_image');
    expect((await confirm(token, { result: 'partlyReceived', withdrawalId: w.id, receivedAmount: 6_000_000, proof })).body.code).toBe('amount_out_of_range');
    expect((await confirm(token, { result: 'partlyReceived', withdrawalId: w.id, receivedAmount: 4_000_000 })).status).toBe(400);
    const disputed = await confirm(token, { result: 'partlyReceived', withdrawalId: w.id, receivedAmount: 4_000_000, proof });
    expect(disputed.body.value).toMatchObject({ status: 'disputed', confirmation: 'partlyReceived', receivedAmount: 4_000_000 });
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, w.id));
    const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.id, row?.proofUploadId ?? ''));
    expect(upload).toMatchObject({ purpose: 'withdrawalProof', mime: 'image/png' });
    // A dispute is no longer treated as received at the deadline.
    await t.scheduler.tick(new Date(Date.now() + 2 * 60 * 60_000));
    expect((await api.call<{ list: TW[] }>(wallet.withdrawalRecords, {}, { token })).body.value.list[0]?.status).toBe('disputed');

    const review = await api.ops({ kind: 'withdrawal.review', status: 'disputed' });
    expect(review.message).toMatch(new RegExp(`^${w.id}\\t.*partlyReceived 40000\\.00 proof `, 'm'));
    const saved = await api.ops({ kind: 'withdrawal.proof', id: w.id, out: '/tmp/unused.png' });
    expect(saved.data).toMatchObject({ mime: 'image/png', base64: upload?.data });
    expect(await decoded(Buffer.from(upload?.data ?? '', 'base64'), 'image/png')).toEqual({ format: 'png', width: 6, height: 4, trailing: false });
    await expect(api.ops({ kind: 'withdrawal.proof', id: w.id - 1, out: '/tmp/unused.png' })).rejects.toThrow(/no proof image|no withdrawal/);
    await expect(api.ops({ kind: 'withdrawal.resolve', id: w.id, refund: 2_000_001, reason: 'too much' })).rejects.toThrow(/refund at most 20000\.00/);
    expect(await mainBalance(token)).toBe(balance);
    const resolved = await api.ops({ kind: 'withdrawal.resolve', id: w.id, refund: 2_000_000, reason: 'bank confirmed the shortfall' });
    expect(resolved.ok).toBe(true);
    expect(await mainBalance(token)).toBe(balance + 2_000_000);
    await expect(api.ops({ kind: 'withdrawal.resolve', id: w.id, refund: 2_000_000, reason: 'twice' })).rejects.toThrow(/is confirmed, not disputed/);
    expect(await mainBalance(token)).toBe(balance + 2_000_000);
    const rec = (await api.call<{ list: TW[] }>(wallet.withdrawalRecords, {}, { token })).body.value.list[0];
    expect(rec).toMatchObject({ status: 'confirmed', confirmation: 'partlyReceived', reviewRemark: 'bank confirmed the shortfall' });
    const tx = await api.call<{ list: wallet.TTransaction[] }>(wallet.transactions, { type: 'withdrawalRefund' }, { token });
    expect(tx.body.value.list.map((r) => r.amount)).toEqual([2_000_000]);
    await ledgerClean();
  });

  it('not received opens a dispute; forced received closes it as received and nothing is refunded', async () => {
    const { token, w, balance } = await paidWithdrawal('notrecv01');
    const nr = await confirm(token, { result: 'notReceived', withdrawalId: w.id, remark: 'nothing arrived' });
    expect(nr.body.value).toMatchObject({ status: 'disputed', confirmation: 'notReceived', remark: 'nothing arrived' });
    expect((await confirm(token, { result: 'received', withdrawalId: w.id })).body.code).toBe('conflict');
    const forced = await confirm(token, { result: 'forcedReceived', withdrawalId: w.id });
    expect(forced.body.value).toMatchObject({ status: 'confirmed', confirmation: 'forcedReceived' });
    await expect(api.ops({ kind: 'withdrawal.resolve', id: w.id, refund: 1, reason: 'late' })).rejects.toThrow(/is confirmed, not disputed/);
    await expect(api.ops({ kind: 'withdrawal.pay', id: 999_999 })).rejects.toThrow(/no withdrawal 999999/);
    expect(await mainBalance(token)).toBe(balance);
    await ledgerClean();
  });

  it('takes a proof image up to the spec\'s 5 MB and refuses a bigger one', async () => {
    const { token, w } = await paidWithdrawal('bigproof01');
    const image = (bytes: number) => ({ mime: 'image/png', data: pngOfSize(PNG, bytes).toString('base64') });
    const tooBig = await confirm(token, { result: 'partlyReceived', withdrawalId: w.id, receivedAmount: 1, proof: image(5 * 1024 * 1024 + 1) });
    expect(tooBig.status).toBe(400);
    expect((await api.call<{ list: TW[] }>(wallet.withdrawalRecords, {}, { token })).body.value.list[0]?.status).toBe('paid');
    const big = await confirm(token, { result: 'partlyReceived', withdrawalId: w.id, receivedAmount: 1, proof: image(5 * 1024 * 1024) });
    expect(big.body.value).toMatchObject({ status: 'disputed', receivedAmount: 1 });
  });

  it('forced received on a paid withdrawal confirms it at once', async () => {
    const { token, w, balance } = await paidWithdrawal('forced01');
    expect((await confirm(token, { result: 'forcedReceived', withdrawalId: w.id })).body.value).toMatchObject({ status: 'confirmed', confirmation: 'forcedReceived' });
    expect(await mainBalance(token)).toBe(balance);
  });

  it('is treated as received (autoReceived) by the job once the deadline passed', async () => {
    const { token, w } = await paidWithdrawal('auto01');
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, w.id));
    const deadline = row?.confirmDeadline ?? new Date();
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.key, String(w.id)));
    expect(job).toMatchObject({ name: 'withdrawal.autoConfirm', status: 'pending', runAt: deadline });
    await t.scheduler.tick(new Date(deadline.getTime() - 1000));
    expect((await api.call<{ list: TW[] }>(wallet.withdrawalRecords, {}, { token })).body.value.list[0]?.status).toBe('paid');
    await t.scheduler.tick(new Date(deadline.getTime() + 1000));
    expect((await api.call<{ list: TW[] }>(wallet.withdrawalRecords, {}, { token })).body.value.list[0]).toMatchObject({ status: 'confirmed', confirmation: 'autoReceived' });
    expect((await confirm(token, { result: 'notReceived', withdrawalId: w.id })).body.code).toBe('conflict');
  });

  it("refuses another member's withdrawal as not found and changes nothing; only a paid one can be answered", async () => {
    const { w } = await paidWithdrawal('owner01');
    const other = await member('other01', 10_000_000);
    for (const result of ['received', 'notReceived', 'forcedReceived'] as const) {
      const res = await confirm(other.token, { result, withdrawalId: w.id });
      expect(res.status, result).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await confirm(other.token, { result: 'partlyReceived', withdrawalId: w.id, receivedAmount: 1, proof })).body.code).toBe('not_found');
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, w.id));
    expect(row).toMatchObject({ status: 'paid', confirmation: null });
    const pending = (await withdraw(other.token, { amount: MIN, bankCardId: other.card.id })).body.value;
    expect((await confirm(other.token, { result: 'received', withdrawalId: pending.id })).body.code).toBe('conflict');
    expect((await confirm(other.token, { result: 'received', withdrawalId: 999_999 })).body.code).toBe('not_found');
  });
});

describe('bad input moves no money', () => {
  it('refuses bad amounts, limits, overdrafts, a foreign card and a wrong payment password (with lockout)', async () => {
    const { token, card } = await member('badinput01', 20_000_000);
    const other = await member('badinput02', 0);
    const before = await mainBalance(token);
    for (const amount of [-100, 0, 1.5, 0.01, 1e20, 2 ** 53, 'abc', '6000000', null]) {
      const res = await withdraw(token, { amount, bankCardId: card.id });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.code, String(amount)).toBe('validation_failed');
    }
    expect((await withdraw(token, { amount: MIN - 1, bankCardId: card.id })).body).toMatchObject({ code: 'amount_out_of_range', value: { min: MIN, max: MAX } });
    expect((await withdraw(token, { amount: MAX + 1, bankCardId: card.id })).body.code).toBe('amount_out_of_range');
    expect((await withdraw(token, { amount: 10 ** 14, bankCardId: card.id })).body.code).toBe('amount_out_of_range');
    expect((await withdraw(token, { amount: 19_900_000, bankCardId: card.id })).body.code).toBe('insufficient_balance');
    const foreign = await withdraw(token, { amount: MIN, bankCardId: other.card.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
    expect((await withdraw(token, { amount: MIN, bankCardId: 'x' })).status).toBe(400);
    expect((await withdraw(token, { amount: MIN, bankCardId: card.id, requestId: 'no' })).status).toBe(400);
    expect((await withdraw(token, { amount: MIN, bankCardId: card.id })).body.code).toBe('ok');
    const afterOne = before - MIN - fee(MIN);
    expect((await api.call(wallet.withdraw, { requestId: rid(), amount: MIN, bankCardId: card.id, paymentPassword: PAY }, { token, plaintext: true })).body.code).toBe('encryption_required');

    for (let left = 4; left >= 1; left--) {
      expect((await withdraw(token, { amount: MIN, bankCardId: card.id, paymentPassword: '000000' })).body).toMatchObject({ code: 'payment_password_wrong', value: { attemptsLeft: left } });
    }
    expect((await withdraw(token, { amount: MIN, bankCardId: card.id, paymentPassword: '000000' })).status).toBe(423);
    expect((await withdraw(token, { amount: MIN, bankCardId: card.id })).body.code).toBe('payment_password_locked');
    expect(await mainBalance(token)).toBe(afterOne);
    expect(await mainBalance(other.token)).toBe(0);
    const rows = await t.database.db.select().from(withdrawals).innerJoin(users, eq(users.id, withdrawals.userId)).where(eq(users.username, 'badinput01'));
    expect(rows).toHaveLength(1);
    await ledgerClean();
  });

  it('counts withdrawals per business day, leaving rejected ones out', async () => {
    const { token, card } = await member('daily01', 50_000_000);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await withdraw(token, { amount: MIN, bankCardId: card.id })).body.value.id);
    const before = await mainBalance(token);
    expect((await withdraw(token, { amount: MIN, bankCardId: card.id })).body).toMatchObject({ code: 'withdrawal_daily_limit', value: { limit: 3 } });
    expect(await mainBalance(token)).toBe(before);
    await api.ops({ kind: 'withdrawal.reject', id: ids[0] ?? 0, reason: 'test' });
    expect((await withdraw(token, { amount: MIN, bankCardId: card.id })).body.code).toBe('ok');
  });

  it('the same request id moves money once and answers the first withdrawal, also when sent together', async () => {
    const { token, card } = await member('idem01', 30_000_000);
    const requestId = rid();
    const first = await withdraw(token, { requestId, amount: 7_000_000, bankCardId: card.id });
    const again = await withdraw(token, { requestId, amount: 9_000_000, bankCardId: card.id });
    expect(again.body.value).toEqual(first.body.value);
    const twinId = rid();
    const twins = await Promise.all(Array.from({ length: 5 }, () => withdraw(token, { requestId: twinId, amount: 5_000_000, bankCardId: card.id })));
    expect(new Set(twins.map((r) => r.body.value.id)).size).toBe(1);
    expect(await mainBalance(token)).toBe(30_000_000 - 7_070_000 - 5_050_000);
    // A request id already used for a transfer is not a withdrawal.
    await api.call(wallet.transferUpline, { requestId: 'shared-req-1', amount: 100, paymentPassword: PAY }, { token, ip: freshIp() });
    expect((await withdraw(token, { requestId: 'shared-req-1', amount: MIN, bankCardId: card.id })).body.code).toBe('duplicate_request');
    await ledgerClean();
  });
});

describe('concurrency', () => {
  it('200 simultaneous withdrawals against a wallet that affords 50: none negative, each accepted posted once', async () => {
    process.env.WITHDRAWAL_DAILY_COUNT = '1000';
    try {
      const each = MIN + fee(MIN);
      const { token, card } = await member('racew01', 50 * each);
      const ids = Array.from({ length: 200 }, () => rid());
      const results = await Promise.all(ids.map((requestId) => withdraw(token, { requestId, amount: MIN, bankCardId: card.id })));
      const accepted = results.filter((r) => r.body.code === 'ok');
      expect(accepted).toHaveLength(50);
      expect(results.filter((r) => r.body.code !== 'ok').every((r) => r.body.code === 'insufficient_balance')).toBe(true);
      expect(new Set(accepted.map((r) => r.body.value.id)).size).toBe(50);
      expect(await mainBalance(token)).toBe(0);
      expect((await api.call<wallet.TBalance>(wallet.balance, {}, { token })).body.value.held).toBe(50 * each);
      // Retried together, the accepted ones answer their first withdrawal and nothing moves.
      const acceptedIds = ids.filter((_, i) => results[i]?.body.code === 'ok').slice(0, 10);
      const retries = await Promise.all([...acceptedIds, ...acceptedIds].map((requestId) => withdraw(token, { requestId, amount: MIN, bankCardId: card.id })));
      for (const [i, r] of retries.entries()) expect(r.body.value.id).toBe(results[ids.indexOf(acceptedIds[i % 10] ?? '')]?.body.value.id);
      expect(await mainBalance(token)).toBe(0);
      const [count] = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from withdrawals w join users u on u.id = w.user_id where u.username = 'racew01'`).then((r) => (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows));
      expect(Number(count?.n)).toBe(50);
      await ledgerClean();
    } finally {
      process.env.WITHDRAWAL_DAILY_COUNT = '3';
    }
  }, 180_000);

  it('200 simultaneous withdrawals and upline transfers mixed against one wallet: each accepted once, never negative', async () => {
    process.env.WITHDRAWAL_DAILY_COUNT = '1000';
    try {
      const each = MIN + fee(MIN);
      // Affords 30 withdrawals' worth; a transfer costs as much as a withdrawal with its fee.
      const { token, card } = await member('racemix01', 30 * each);
      const kinds = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? 'withdrawal' : 'transfer'));
      const ids = kinds.map(() => rid());
      const results = await Promise.all(
        kinds.map((kind, i) =>
          kind === 'withdrawal'
            ? withdraw(token, { requestId: ids[i], amount: MIN, bankCardId: card.id })
            : api.call(wallet.transferUpline, { requestId: ids[i], amount: each, paymentPassword: PAY }, { token, ip: freshIp() }),
        ),
      );
      const accepted = results.filter((r) => r.body.code === 'ok');
      expect(accepted).toHaveLength(30);
      expect(results.filter((r) => r.body.code !== 'ok').every((r) => r.body.code === 'insufficient_balance')).toBe(true);
      expect(await mainBalance(token)).toBe(0);
      // The same request ids again: every answer is the first one, nothing moves.
      const again = await Promise.all(
        kinds.map((kind, i) =>
          kind === 'withdrawal'
            ? withdraw(token, { requestId: ids[i], amount: MIN, bankCardId: card.id })
            : api.call(wallet.transferUpline, { requestId: ids[i], amount: each, paymentPassword: PAY }, { token, ip: freshIp() }),
        ),
      );
      expect(again.filter((r) => r.body.code === 'ok')).toHaveLength(30);
      expect(await mainBalance(token)).toBe(0);
      await ledgerClean();
    } finally {
      process.env.WITHDRAWAL_DAILY_COUNT = '3';
    }
  }, 180_000);
});
