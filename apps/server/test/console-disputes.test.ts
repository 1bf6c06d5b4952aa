import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as wallet from '@playhall/contract/calls/wallet';
import { consoleWithdrawalDecide, consoleWithdrawals } from '@playhall/contract/console';
import { consoleWithdrawalProof, consoleWithdrawalResolve } from '@playhall/contract/console-disputes';
import { rowsOf } from '../src/db/client.ts';
import { createRaster, encodePng } from '../src/lib/png.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { decoded } from './support/images.ts';
import { consoleCall, enrolledOperator } from './support/console.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

// The console's disputes queue (issue 24) over HTTP with enrolled operators: a member's withdrawal is paid from the
// console, the member answers "partly received" with a proof image by the member's own calls, and the finance operator
// lists the dispute, looks at the proof and resolves it with a refund through the CLI's `withdrawal resolve`.

let t: TTestApp;
let api: TApi;
let finance = '';
let support = '';

const PASSWORD = 'Member12345';
const PAY = '654321';
const PNG = encodePng(createRaster(6, 4, [20, 120, 200]));
const proof = { mime: 'image/png', data: PNG.toString('base64') };
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  finance = (await enrolledOperator(t, 'disputes-finance', 'finance')).cookie;
  support = (await enrolledOperator(t, 'disputes-support', 'support')).cookie;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const mainBalance = async (id: number) => Number((await q<{ b: number }>(sql`select balance as b from ledger_accounts where user_id = ${id} and wallet = 'MAIN'`))[0]?.b ?? 0);
const resolveAudits = async (id: number) =>
  q<{ actor: string; before: { status: string }; after: { status: string; refund: number }; reason: string }>(
    sql`select actor, before, after, reason from audit_log where action = 'withdrawal.resolve' and target = ${`withdrawal:${id}`} order by id`,
  );
const fieldsOf = (body: { value: unknown }) => ((body.value as { issues?: { path: string; message: string }[] } | null)?.issues ?? []).map((i) => i.path);

/** A member with funds, a payment password and a card; a withdrawal of 60 000.00 that the console pays. */
async function paidWithdrawal(username: string) {
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: 'member', upline: null });
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  await api.ops({ kind: 'wallet.adjust', username, amount: 20_000_000, reason: 'test funds', requestId: null });
  const [row] = await q<{ id: number }>(sql`select id from users where username = ${username}`);
  const login = (await api.call(auth.login, { type: 'username', username, password: PASSWORD }, { ip: freshIp() })) as TLogin;
  const token = login.body.value.token;
  expect((await api.call(wallet.setPaymentPassword, { loginPassword: PASSWORD, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token, ip: freshIp() })).body.code).toBe('ok');
  const card = await api.call<wallet.TBankCard>(wallet.bindBankCard, { bankCode: 'VCB', accountName: 'Dispute Nguyen', accountNumber: `0071000${String(seq++).padStart(6, '0')}`, paymentPassword: PAY }, { token, ip: freshIp() });
  expect(card.body.code).toBe('ok');
  const w = await api.call<wallet.TWithdrawal>(wallet.withdraw, { paymentPassword: PAY, requestId: `dispute-${Date.now()}-${seq++}`, amount: 6_000_000, bankCardId: card.body.value.id }, { token, ip: freshIp() });
  expect(w.body.code).toBe('ok');
  const id = w.body.value.id;
  const paid = await consoleCall(t, consoleWithdrawalDecide, { id, decision: 'pay' }, { cookie: finance });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { userId: Number(row?.id), token, id };
}

describe(`the disputes queue on ${TEST_DB}`, () => {
  it('lists a partly received withdrawal with the claim, shows the proof, refunds the missing part once, with its audit row', async () => {
    const { userId, token, id } = await paidWithdrawal('disputer01');
    const answered = await api.call<wallet.TWithdrawal>(wallet.confirmWithdrawal, { result: 'partlyReceived', withdrawalId: id, receivedAmount: 4_000_000, proof }, { token });
    expect(answered.body.value).toMatchObject({ status: 'disputed', confirmation: 'partlyReceived', receivedAmount: 4_000_000 });

    const list = await consoleCall<{ list: Record<string, unknown>[] }>(t, consoleWithdrawals, { status: 'disputed', pageSize: '100' }, { cookie: finance });
    expect(list.status).toBe(200);
    const row = list.body.value.list.find((r) => r.id === id);
    expect(row).toMatchObject({ member: 'disputer01', amount: 6_000_000, status: 'disputed', confirmation: 'partlyReceived', receivedAmount: 4_000_000, hasProof: true, memberRemark: null });
    expect(Date.parse(String(row?.confirmedAt))).toBeGreaterThanOrEqual(Date.parse(String(row?.paidAt)));

    // The proof: the image kept from the member's upload (re-encoded on upload), a 6×4 PNG; support may look too.
    const [stored] = await q<{ data: string }>(sql`select u.data from uploads u join withdrawals w on w.proof_upload_id = u.id where w.id = ${id}`);
    const image = await consoleCall<{ mime: string; base64: string }>(t, consoleWithdrawalProof, { id: String(id) }, { cookie: support });
    expect(image.status).toBe(200);
    expect(image.body.value).toEqual({ mime: 'image/png', base64: stored?.data });
    expect(await decoded(Buffer.from(image.body.value.base64, 'base64'), 'image/png')).toEqual({ format: 'png', width: 6, height: 4, trailing: false });
    expect((await consoleCall(t, consoleWithdrawalProof, { id: '99999999' }, { cookie: finance })).status).toBe(404);

    const before = await mainBalance(userId);
    // Support has no withdrawals.review.
    const forbidden = await consoleCall(t, consoleWithdrawalResolve, { id, refund: 2_000_000, reason: 'bank confirmed' }, { cookie: support });
    expect([forbidden.status, forbidden.body.code]).toEqual([403, 'forbidden']);
    // Above the missing part (20 000.00) and without a reason: field errors, nothing moved, no audit row.
    const tooMuch = await consoleCall(t, consoleWithdrawalResolve, { id, refund: 2_000_001, reason: 'bank confirmed' }, { cookie: finance });
    expect(tooMuch.status).toBe(400);
    expect(fieldsOf(tooMuch.body)).toEqual(['refund']);
    const noReason = await consoleCall(t, consoleWithdrawalResolve, { id, refund: 2_000_000 }, { cookie: finance });
    expect(noReason.status).toBe(400);
    expect(fieldsOf(noReason.body)).toEqual(['reason']);
    const blankReason = await consoleCall(t, consoleWithdrawalResolve, { id, refund: 2_000_000, reason: '  ' }, { cookie: finance });
    expect(fieldsOf(blankReason.body)).toEqual(['reason']);
    const negative = await consoleCall(t, consoleWithdrawalResolve, { id, refund: -1, reason: 'bank confirmed' }, { cookie: finance });
    expect(fieldsOf(negative.body)).toEqual(['refund']);
    expect(await mainBalance(userId)).toBe(before);
    expect(await resolveAudits(id)).toEqual([]);

    const done = await consoleCall<{ message: string }>(t, consoleWithdrawalResolve, { id, refund: 2_000_000, reason: 'bank confirmed the shortfall' }, { cookie: finance });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.value.message).toMatch(/refunded/);
    expect(await mainBalance(userId)).toBe(before + 2_000_000);

    // Once: a repeat is refused and moves nothing.
    const again = await consoleCall(t, consoleWithdrawalResolve, { id, refund: 2_000_000, reason: 'bank confirmed the shortfall' }, { cookie: finance });
    expect([again.status, again.body.code]).toEqual([409, 'conflict']);
    expect(await mainBalance(userId)).toBe(before + 2_000_000);

    const audits = await resolveAudits(id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor: 'operator:disputes-finance', reason: 'bank confirmed the shortfall', before: { status: 'disputed' }, after: { status: 'confirmed', refund: 2_000_000 } });
    const after = await consoleCall<{ list: { id: number }[] }>(t, consoleWithdrawals, { status: 'disputed', pageSize: '100' }, { cookie: finance });
    expect(after.body.value.list.some((r) => r.id === id)).toBe(false);
    expect((await api.ops({ kind: 'ledger.check' })).message).toMatch(/ledger clean/);
  });

  it('not received: no proof image, the whole amount may come back, and 0 resolves without a refund', async () => {
    const { userId, token, id } = await paidWithdrawal('disputer02');
    const answered = await api.call<wallet.TWithdrawal>(wallet.confirmWithdrawal, { result: 'notReceived', withdrawalId: id, remark: 'nothing arrived' }, { token });
    expect(answered.body.value).toMatchObject({ status: 'disputed', confirmation: 'notReceived' });
    const list = await consoleCall<{ list: Record<string, unknown>[] }>(t, consoleWithdrawals, { status: 'disputed', pageSize: '100' }, { cookie: finance });
    expect(list.body.value.list.find((r) => r.id === id)).toMatchObject({ confirmation: 'notReceived', receivedAmount: null, memberRemark: 'nothing arrived', hasProof: false });
    expect((await consoleCall(t, consoleWithdrawalProof, { id: String(id) }, { cookie: finance })).status).toBe(404);
    expect(fieldsOf((await consoleCall(t, consoleWithdrawalResolve, { id, refund: 6_000_001, reason: 'checked' }, { cookie: finance })).body)).toEqual(['refund']);

    const before = await mainBalance(userId);
    const done = await consoleCall<{ message: string }>(t, consoleWithdrawalResolve, { id, refund: 0, reason: 'the bank shows it arrived' }, { cookie: finance });
    expect(done.status).toBe(200);
    expect(done.body.value.message).toMatch(/without a refund/);
    expect(await mainBalance(userId)).toBe(before);
    expect((await resolveAudits(id))[0]).toMatchObject({ actor: 'operator:disputes-finance', after: { status: 'confirmed', refund: 0 } });
    expect((await consoleCall(t, consoleWithdrawalResolve, { id: 99_999_999, refund: 0, reason: 'no such' }, { cookie: finance })).status).toBe(404);
  });
});
