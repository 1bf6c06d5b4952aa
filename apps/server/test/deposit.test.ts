import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import * as auth from '@playhall/contract/calls/auth';
import * as wallet from '@playhall/contract/calls/wallet';
import { auditLog, deposits, gatewayPayments, jobs, journalEntries } from '../src/db/schema.ts';
import { signBody } from '../src/lib/hmac-signature.ts';
import { installSecret } from '../src/modules/crypto/install-secret.ts';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { createRaster, encodePng } from '../src/lib/png.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { decoded } from './support/images.ts';
import { createTestApp, TEST_MERCHANT, type TTestApp } from './support/test-app.ts';

/**
 * Deposits end to end on the real app: bank transfers reviewed by the operator, and online deposits
 * through the sandbox gateway — its hosted page driven over HTTP, its callback job delivering over a
 * real socket to this same server (listening on a port of 8210–8219), as a real gateway would.
 */
let t: TTestApp;
let api: TApi;
let member: string;
let secret: string;
let channels: TChannel[];
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  member = await token('member01');
  secret = await installSecret(t.database.db, 'sandbox-gateway-hmac');
  channels = (await api.call<{ channels: TChannel[] }>(wallet.depositChannels, {}, { token: member })).body.value.channels;
});
afterAll(async () => {
  await t?.close();
});

type TChannel = z.infer<typeof wallet.ZDepositChannel>;

let seq = 0;
const rid = () => `dep-${Date.now()}-${seq++}`;
const PNG = encodePng(createRaster(6, 4, [20, 120, 200]));
const receipt = { mime: 'image/png' as const, data: PNG.toString('base64') };

async function token(username: string): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password: t.demoPassword }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res.body.value.token;
}

async function balance(tok = member): Promise<number> {
  return (await api.call<wallet.TBalance>(wallet.balance, {}, { token: tok })).body.value.sumBalance;
}

const bank = () => channels.find((c) => c.type === 'bank')!;
const online = () => channels.find((c) => c.type === 'online')!;

type TCreated = { deposit: wallet.TDeposit; paymentUrl: string | null };

function create(payload: Record<string, unknown>, tok = member) {
  return api.call<TCreated>(wallet.depositCreate, { requestId: rid(), ...payload }, { token: tok });
}

async function createOnline(amount = 5_000_000): Promise<TCreated> {
  const res = await create({ channelId: online().id, amount });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value;
}

async function depositRow(id: number) {
  const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, id));
  if (!row) throw new Error(`no deposit ${id}`);
  return row;
}

async function entriesFor(id: number): Promise<number> {
  const rows = await t.database.db.select().from(journalEntries).where(and(eq(journalEntries.merchantId, t.merchantId), eq(journalEntries.key, `deposit:${id}`)));
  return rows.length;
}

/** The payer on the hosted page: GET shows it, the form POST pays (or fails) and sends the browser back. */
async function payOnPage(paymentUrl: string, outcome: 'paid' | 'failed') {
  const page = await t.app.inject({ method: 'GET', url: paymentUrl });
  expect(page.statusCode).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: paymentUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  expect(res.statusCode).toBe(303);
  return res.headers.location;
}

/** A callback as the gateway would sign it, sent straight to the portal. */
async function callback(body: Record<string, unknown>, opts: { signature?: string | null; raw?: string } = {}) {
  const raw = opts.raw ?? JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature = opts.signature === undefined ? signBody(secret, raw) : opts.signature;
  if (signature !== null) headers['x-signature'] = signature;
  const res = await t.app.inject({ method: 'POST', url: wallet.depositGatewayCallback.path, headers, payload: raw });
  return { status: res.statusCode, body: res.json() as { success: boolean; code: string } };
}

async function paidBody(d: wallet.TDeposit, over: Record<string, unknown> = {}) {
  const row = await depositRow(d.id);
  return {
    depositId: d.id,
    gatewayTxnId: row.gatewayTxnId,
    amount: d.amount,
    status: 'paid',
    timestamp: Math.floor(Date.now() / 1000),
    nonce: crypto.randomBytes(12).toString('hex'),
    ...over,
  };
}

let listening = false;
/** The callback job reaches the portal over a real socket: the app listens on the first free port of 8210–8219. */
async function listen(): Promise<void> {
  if (listening) return;
  for (let port = 8210; port <= 8219; port++) {
    try {
      await t.app.listen({ host: '127.0.0.1', port });
      listening = true;
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  throw new Error('no free port in 8210-8219');
}

const later = (ms: number) => new Date(Date.now() + ms);

describe('deposit channels', () => {
  it('lists the enabled bank and online channels with their limits, for real members only', async () => {
    expect(channels.map((c) => [c.type, c.name])).toEqual([['bank', 'Bank transfer'], ['online', 'Sandbox Pay']]);
    expect(bank().bank).toMatchObject({ bankName: 'Vietcombank', accountNumber: '0071000123456' });
    expect(online()).toMatchObject({ bank: null, minAmount: 1_000_000, maxAmount: 10_000_000_000 });
    expect((await api.call(wallet.depositChannels, {})).status).toBe(401);
    const guest = (await api.call(auth.loginFreeplay, { os: 'Linux', platform: 'W', deviceKey: 'd'.repeat(24), gatewayVersion: 3 }, { ip: freshIp() })) as TLogin;
    const refused = await api.call(wallet.depositChannels, {}, { token: guest.body.value.token });
    expect([refused.status, refused.body.code]).toEqual([403, 'in_need_true_account']);
    const refusedCreate = await create({ channelId: online().id, amount: 5_000_000 }, guest.body.value.token);
    expect(refusedCreate.body.code).toBe('in_need_true_account');
  });

  it('keeps the seeded channels once: seeding again adds nothing', async () => {
    const { seedDatabase } = await import('../src/db/seed.ts');
    await seedDatabase(t.database.db, { merchantCode: TEST_MERCHANT, demoUsers: true });
    const again = (await api.call<{ channels: TChannel[] }>(wallet.depositChannels, {}, { token: member })).body.value.channels;
    expect(again).toEqual(channels);
  });
});

describe('bank deposits', () => {
  it('wait for the operator with their receipt; approve credits once, into the account record', async () => {
    const before = await balance();
    const requestId = rid();
    const payload = { requestId, channelId: bank().id, amount: 12_345_600, payerName: 'Nguyen Van A', receipt, remark: 'ref 991' };
    const res = await api.call<TCreated>(wallet.depositCreate, payload, { token: member });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.value.deposit;
    expect(d).toMatchObject({ status: 'pendingReview', channelType: 'bank', amount: 12_345_600, remark: 'ref 991', paymentUrl: null });
    expect(res.body.value.paymentUrl).toBeNull();
    // The same request id again is the same deposit.
    const retry = await api.call<TCreated>(wallet.depositCreate, payload, { token: member });
    expect(retry.body.value.deposit.id).toBe(d.id);
    expect(await balance()).toBe(before);

    const review = await api.ops({ kind: 'deposit.review' });
    expect(review.message).toContain(`${d.id}\tmember01\t123456.00\tNguyen Van A`);
    const shown = await api.ops({ kind: 'deposit.receipt', id: d.id, out: '/dev/null' });
    // What the operator gets is the receipt as the server wrote it anew (uploads.test.ts).
    expect(await decoded(Buffer.from((shown.data as { base64: string }).base64, 'base64'), 'image/png')).toEqual({ format: 'png', width: 6, height: 4, trailing: false });
    const approved = await api.ops({ kind: 'deposit.approve', id: d.id });
    expect(approved).toMatchObject({ ok: true, message: `deposit ${d.id} credited: +123456.00` });
    expect(await balance()).toBe(before + 12_345_600);
    await expect(api.ops({ kind: 'deposit.approve', id: d.id })).rejects.toThrow(/credited, not pending review/);
    await expect(api.ops({ kind: 'deposit.reject', id: d.id, reason: 'late' })).rejects.toThrow(/credited/);
    expect(await balance()).toBe(before + 12_345_600);
    expect(await entriesFor(d.id)).toBe(1);

    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.target, `deposit:${d.id}`));
    expect(audit).toMatchObject({ action: 'deposit.approve', before: { status: 'pendingReview' }, after: { status: 'credited' } });
    const record = await api.call<{ list: wallet.TTransaction[] }>(wallet.transactions, { type: 'deposit' }, { token: member });
    expect(record.body.value.list[0]).toMatchObject({ type: 'deposit', amount: 12_345_600, reference: `deposit:${d.id}` });
    const mine = await api.call<{ list: wallet.TDeposit[] }>(wallet.depositRecords, { status: 'credited' }, { token: member });
    expect(mine.body.value.list.map((x) => x.id)).toContain(d.id);
    expect((await api.ops({ kind: 'ledger.check' })).ok).toBe(true);
  });

  it('reject moves nothing and tells the member why', async () => {
    const before = await balance();
    const res = await create({ channelId: bank().id, amount: 5_000_000, payerName: 'Tran B', receipt });
    const d = res.body.value.deposit;
    const rejected = await api.ops({ kind: 'deposit.reject', id: d.id, reason: 'No transfer found' });
    expect(rejected.ok).toBe(true);
    await expect(api.ops({ kind: 'deposit.approve', id: d.id })).rejects.toThrow(/rejected, not pending review/);
    expect(await balance()).toBe(before);
    const mine = await api.call<{ list: wallet.TDeposit[] }>(wallet.depositRecords, { status: 'rejected' }, { token: member });
    expect(mine.body.value.list.find((x) => x.id === d.id)).toMatchObject({ status: 'rejected', reviewRemark: 'No transfer found' });
    await expect(api.ops({ kind: 'deposit.approve', id: 999_999 })).rejects.toThrow(/no deposit 999999/);
  });

  it('at most 5 wait for review per member at once', async () => {
    const tok = await token('member02');
    const make = () => create({ channelId: bank().id, amount: 5_000_000, payerName: 'Pham D', receipt }, tok);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await make()).body.value.deposit.id);
    const sixth = await make();
    expect([sixth.status, sixth.body.code]).toEqual([409, 'conflict']);
    await api.ops({ kind: 'deposit.reject', id: ids[0]!, reason: 'Duplicate' });
    expect((await make()).status).toBe(200);
  });

  it('needs a payer name and a receipt that is really an image', async () => {
    const count = async () => (await t.database.db.select().from(deposits)).length;
    const n = await count();
    const notImage = await create({ channelId: bank().id, amount: 5_000_000, payerName: 'A', receipt: { mime: 'image/png', data: Buffer.from('%PDF-1.4 not a picture').toString('base64') } });
    expect([notImage.status, notImage.body.code]).toEqual([400, 'invalid_image']);
    const jpegAsPng = await create({ channelId: bank().id, amount: 5_000_000, payerName: 'A', receipt: { mime: 'image/png', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]).toString('base64') } });
    expect(jpegAsPng.body.code).toBe('invalid_image');
    const gif = await create({ channelId: bank().id, amount: 5_000_000, payerName: 'A', receipt: { mime: 'image/gif', data: PNG.toString('base64') } });
    expect(gif.status).toBe(400);
    const missing = await create({ channelId: bank().id, amount: 5_000_000 });
    expect(missing.body).toMatchObject({ code: 'validation_failed', value: { issues: [{ path: 'payerName' }, { path: 'receipt' }] } });
    expect(await count()).toBe(n);
  });
});

describe('operator commands', () => {
  it('parse from the command line', () => {
    expect(parseOpsCommand(['deposit', 'review'])).toEqual({ kind: 'deposit.review' });
    expect(parseOpsCommand(['deposit', 'approve', '12'])).toEqual({ kind: 'deposit.approve', id: 12 });
    expect(parseOpsCommand(['deposit', 'reject', '12', '--reason', 'No transfer'])).toEqual({ kind: 'deposit.reject', id: 12, reason: 'No transfer' });
    expect(parseOpsCommand(['deposit', 'receipt', '12', '--out', 'r.png'])).toEqual({ kind: 'deposit.receipt', id: 12, out: 'r.png' });
    expect(() => parseOpsCommand(['deposit', 'reject', '12'])).toThrow(/--reason/);
    expect(() => parseOpsCommand(['deposit', 'approve', 'x'])).toThrow(UsageError);
    expect(() => parseOpsCommand(['deposit', 'pay', '1'])).toThrow(/review, approve, reject, receipt/);
  });
});

describe('amounts', () => {
  it('are held to the channel minimum and maximum', async () => {
    for (const c of [bank(), online()]) {
      const extra = c.type === 'bank' ? { payerName: 'A', receipt } : {};
      const low = await create({ channelId: c.id, amount: c.minAmount - 1, ...extra });
      expect([low.status, low.body.code], c.name).toEqual([400, 'amount_out_of_range']);
      expect(low.body.value).toEqual({ minAmount: c.minAmount, maxAmount: c.maxAmount });
      const high = await create({ channelId: c.id, amount: c.maxAmount + 1, ...extra });
      expect(high.body.code, c.name).toBe('amount_out_of_range');
      expect((await create({ channelId: c.id, amount: c.minAmount, ...extra })).status, c.name).toBe(200);
      expect((await create({ channelId: c.id, amount: c.maxAmount, ...extra })).status, c.name).toBe(200);
    }
  });

  it('refuse negative, zero, fractional, huge and non-numeric amounts, and unknown channels', async () => {
    const before = await balance();
    for (const amount of [-5_000_000, 0, 5_000_000.5, 1e300, 2 ** 53, '5000000', 'abc', null]) {
      const res = await create({ channelId: online().id, amount });
      expect([res.status, res.body.code], String(amount)).toEqual([400, 'validation_failed']);
    }
    const unknown = await create({ channelId: 99_999, amount: 5_000_000 });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'not_found']);
    expect(await balance()).toBe(before);
  });
});

describe('online deposits through the sandbox gateway', () => {
  it('pay on the hosted page; the callback job retries until the portal answers, and credits once', async () => {
    const before = await balance();
    const { deposit: d, paymentUrl } = await createOnline(7_500_000);
    expect(d).toMatchObject({ status: 'awaitingPayment', channelType: 'online', amount: 7_500_000 });
    expect(paymentUrl).toMatch(/^\/sandbox-gateway\/pay\/SBX[A-Za-z0-9_-]+$/);
    expect(d.paymentUrl).toBe(paymentUrl);
    // createdAt is the database's clock, expiresAt the server's: equal up to clock skew.
    expect(Math.abs(Date.parse(d.expiresAt ?? '') - Date.parse(d.createdAt) - 30 * 60 * 1000)).toBeLessThan(2_000);

    const page = await t.app.inject({ method: 'GET', url: paymentUrl! });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.body).toContain('75,000.00');
    expect(page.body).toContain('PLAYHALL');
    expect(page.body).toMatch(/<form method="post" action="\/sandbox-gateway\/pay\/SBX/);
    expect(page.body).not.toMatch(/<script/i);

    expect(await payOnPage(paymentUrl!, 'paid')).toBe(`/?deposit=${d.id}&payment=paid`);
    // Paid at the gateway, not yet told to the portal.
    expect((await depositRow(d.id)).status).toBe('awaitingPayment');

    // The portal is not reachable yet (not listening): the delivery fails and is retried later.
    await t.scheduler.tick(new Date());
    const txnId = (await depositRow(d.id)).gatewayTxnId!;
    const [job] = await t.database.db.select().from(jobs).where(and(eq(jobs.name, 'sandboxGateway.callback'), eq(jobs.key, txnId)));
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job?.lastError).toMatch(/not listening/);
    expect(await balance()).toBe(before);

    await listen();
    // Timed from the retry the job holds, not from the wall clock: a slow first tick must not eat the back-off.
    const retryAt = job?.runAt.getTime() ?? 0;
    expect(retryAt).toBeGreaterThan(Date.now() - 60_000);
    await t.scheduler.tick(new Date(retryAt - 500)); // still backing off
    expect((await depositRow(d.id)).status).toBe('awaitingPayment');
    await t.scheduler.tick(new Date(Math.max(retryAt + 1, Date.now())));
    expect((await depositRow(d.id)).status).toBe('credited');
    const [payment] = await t.database.db.select().from(gatewayPayments).where(eq(gatewayPayments.txnId, txnId));
    expect(payment).toMatchObject({ status: 'paid', callbackAttempts: 2 });
    expect(payment?.callbackAckedAt).toBeInstanceOf(Date);
    expect(await balance()).toBe(before + 7_500_000);

    // The same payment told three more times (fresh nonces, as a gateway's retries are): credited once.
    for (let i = 0; i < 3; i++) {
      const again = await callback(await paidBody(d));
      expect([again.status, again.body.success]).toEqual([200, true]);
    }
    expect(await balance()).toBe(before + 7_500_000);
    expect(await entriesFor(d.id)).toBe(1);
    const record = await api.call<{ list: wallet.TTransaction[] }>(wallet.transactions, {}, { token: member });
    expect(record.body.value.list[0]).toMatchObject({ type: 'deposit', amount: 7_500_000, reference: `deposit:${d.id}` });
    // The page now says it is paid and cannot be paid again.
    expect((await t.app.inject({ method: 'GET', url: paymentUrl! })).body).toContain('This payment is complete.');
    const repay = await t.app.inject({ method: 'POST', url: paymentUrl!, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=paid' });
    expect(repay.headers.location).toBe(paymentUrl);
    const mine = await api.call<{ list: wallet.TDeposit[] }>(wallet.depositRecords, { status: 'credited' }, { token: member });
    expect(mine.body.value.list.find((x) => x.id === d.id)).toMatchObject({ paymentUrl: null, creditedAt: expect.any(String) });
  });

  it('concurrent duplicate callbacks credit once', async () => {
    const before = await balance();
    const { deposit: d, paymentUrl } = await createOnline(3_300_000);
    await payOnPage(paymentUrl!, 'paid');
    const bodies = await Promise.all(Array.from({ length: 8 }, () => paidBody(d)));
    const answers = await Promise.all(bodies.map((b) => callback(b)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    await listen();
    await t.scheduler.tick(new Date()); // and the gateway's own delivery
    expect((await depositRow(d.id)).status).toBe('credited');
    expect(await balance()).toBe(before + 3_300_000);
    expect(await entriesFor(d.id)).toBe(1);
  });

  it('a failed payment rejects the deposit and moves nothing', async () => {
    const before = await balance();
    const { deposit: d, paymentUrl } = await createOnline();
    expect(await payOnPage(paymentUrl!, 'failed')).toBe(`/?deposit=${d.id}&payment=failed`);
    await listen();
    await t.scheduler.tick(new Date());
    expect(await depositRow(d.id)).toMatchObject({ status: 'rejected', reviewRemark: 'The payment failed at the gateway' });
    // A "paid" for it afterwards is a conflict, not money.
    expect((await callback(await paidBody(d))).body.code).toBe('conflict');
    expect(await balance()).toBe(before);
  });

  it('refuses a forged signature, a replayed nonce, a stale timestamp and a wrong amount, moving nothing', async () => {
    const before = await balance();
    const { deposit: d } = await createOnline(2_000_000);
    const body = await paidBody(d);
    const raw = JSON.stringify(body);

    const forged = await callback(body, { signature: signBody('not-the-secret', raw) });
    expect([forged.status, forged.body.code]).toEqual([401, 'bad_signature']);
    expect((await callback(body, { signature: null })).status).toBe(401);
    expect((await callback(body, { signature: 'zz' })).status).toBe(401);
    // Signed bytes changed after signing (the amount raised): the signature no longer fits.
    const tampered = await callback(body, { signature: signBody(secret, raw), raw: raw.replace('"amount":2000000', '"amount":9000000') });
    expect(tampered.body.code).toBe('bad_signature');
    // A malformed body with a bad signature is a signature failure first.
    expect((await callback({}, { raw: '{"depositId":', signature: signBody('x', '{') })).body.code).toBe('bad_signature');

    const stale = await callback(await paidBody(d, { timestamp: Math.floor(Date.now() / 1000) - 11 * 60 }));
    expect([stale.status, stale.body.code]).toEqual([400, 'stale_request']);
    const ahead = await callback(await paidBody(d, { timestamp: Math.floor(Date.now() / 1000) + 11 * 60 }));
    expect(ahead.body.code).toBe('stale_request');
    const wrongAmount = await callback(await paidBody(d, { amount: 2_000_001 }));
    expect([wrongAmount.status, wrongAmount.body.code]).toEqual([409, 'amount_mismatch']);
    const wrongTxn = await callback(await paidBody(d, { gatewayTxnId: 'SBXsomeoneelsesTxn0000' }));
    expect(wrongTxn.body.code).toBe('not_found');
    expect(await balance()).toBe(before);
    expect((await depositRow(d.id)).status).toBe('awaitingPayment');

    // The genuine callback credits; the very same signed bytes again are a replay.
    expect((await callback(body)).status).toBe(200);
    const replay = await callback(body);
    expect([replay.status, replay.body.code]).toEqual([409, 'replayed_request']);
    expect(await balance()).toBe(before + 2_000_000);
    expect(await entriesFor(d.id)).toBe(1);
    expect((await api.ops({ kind: 'ledger.check' })).ok).toBe(true);
  });

  it('the callback is heard during maintenance, when members are shut out', async () => {
    const before = await balance();
    const { deposit: d } = await createOnline(1_500_000);
    await api.ops({ kind: 'status.set', mode: 'maintenance', until: null });
    try {
      expect((await api.call(wallet.depositRecords, {}, { token: member })).status).toBe(503);
      const res = await callback(await paidBody(d));
      expect([res.status, res.body.success]).toEqual([200, true]);
    } finally {
      await api.ops({ kind: 'status.set', mode: 'normal', until: null });
    }
    expect(await balance()).toBe(before + 1_500_000);
  });

  it('unpaid online deposits expire, and their page can no longer be paid', async () => {
    const { deposit: d, paymentUrl } = await createOnline();
    await t.scheduler.tick(new Date());
    expect((await depositRow(d.id)).status).toBe('awaitingPayment');
    // 31 minutes pass, for the portal and for the gateway.
    const ago = new Date(Date.now() - 31 * 60 * 1000);
    await t.database.db.update(deposits).set({ createdAt: ago, expiresAt: new Date(ago.getTime() + 30 * 60 * 1000) }).where(eq(deposits.id, d.id));
    await t.database.db.update(gatewayPayments).set({ createdAt: ago }).where(eq(gatewayPayments.depositId, d.id));
    await t.scheduler.tick(later(10 * 60 * 1000)); // the next housekeeping slot
    expect((await depositRow(d.id)).status).toBe('expired');
    const page = await t.app.inject({ method: 'GET', url: paymentUrl! });
    expect(page.body).toContain('This payment link has expired.');
    const pay = await t.app.inject({ method: 'POST', url: paymentUrl!, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=paid' });
    expect(pay.headers.location).toBe(paymentUrl);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox-gateway/pay/SBXnosuchpaymentatall0' })).statusCode).toBe(404);
  });
});

describe('deposit records', () => {
  it('filter by status and day, and page', async () => {
    const tok = await token('member03');
    for (let i = 0; i < 3; i++) await createOnlineFor(tok);
    const all = await api.call<{ list: wallet.TDeposit[]; total: number }>(wallet.depositRecords, {}, { token: tok });
    expect(all.body.value.total).toBe(3);
    const page = await api.call<{ list: wallet.TDeposit[]; total: number }>(wallet.depositRecords, { page: 2, pageSize: 2 }, { token: tok });
    expect(page.body.value).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.body.value.list).toHaveLength(1);
    // Newest first.
    expect(all.body.value.list.map((x) => x.id)).toEqual([...all.body.value.list.map((x) => x.id)].sort((a, b) => b - a));
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
    expect((await api.call<{ total: number }>(wallet.depositRecords, { from: today, to: today }, { token: tok })).body.value.total).toBe(3);
    expect((await api.call<{ total: number }>(wallet.depositRecords, { from: '2020-01-01', to: '2020-01-31' }, { token: tok })).body.value.total).toBe(0);
    expect((await api.call<{ total: number }>(wallet.depositRecords, { status: 'credited' }, { token: tok })).body.value.total).toBe(0);
    expect((await api.call(wallet.depositRecords, { status: 'nope' }, { token: tok })).status).toBe(400);
    // Another member's deposits are not listed.
    const other = await api.call<{ list: wallet.TDeposit[] }>(wallet.depositRecords, {}, { token: member });
    expect(other.body.value.list.some((x) => all.body.value.list.some((y) => y.id === x.id))).toBe(false);
  });

  it('by id: the one deposit the gateway sent the member back for, whatever its day; never another member\'s', async () => {
    const tok = await token('member02');
    await createOnlineFor(tok);
    const mine = await api.call<{ list: wallet.TDeposit[] }>(wallet.depositRecords, { page: 1, pageSize: 1 }, { token: tok });
    const id = mine.body.value.list[0]?.id ?? 0;
    const byId = await api.call<{ list: wallet.TDeposit[]; total: number }>(wallet.depositRecords, { id, from: '2020-01-01', to: '2020-01-31' }, { token: tok });
    // The range still applies alongside: the deposit is of today.
    expect(byId.body.value.total).toBe(0);
    const one = await api.call<{ list: wallet.TDeposit[]; total: number }>(wallet.depositRecords, { id }, { token: tok });
    expect(one.body.value).toMatchObject({ total: 1, list: [{ id, status: 'awaitingPayment', amount: 1_000_000 }] });
    const stranger = await api.call<{ list: wallet.TDeposit[]; total: number }>(wallet.depositRecords, { id }, { token: member });
    expect(stranger.body.value).toMatchObject({ total: 0, list: [] });
    expect((await api.call(wallet.depositRecords, { id: 'x' }, { token: tok })).status).toBe(400);
  });
});

async function createOnlineFor(tok: string) {
  const res = await create({ channelId: online().id, amount: 1_000_000 }, tok);
  expect(res.status).toBe(200);
}
