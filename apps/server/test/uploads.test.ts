import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import * as auth from '@playhall/contract/calls/auth';
import * as wallet from '@playhall/contract/calls/wallet';
import { avatarImages, deposits, uploads, users, withdrawals } from '../src/db/schema.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { badImages, decoded, MARKUP, plainPng, pngChunk, realJpeg, realPng, withJpegComment, withPngChunk, type TImageUpload } from './support/images.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

/**
 * Uploaded images (issue 15, defect 6) on the real server: a deposit receipt, a withdrawal proof and an
 * avatar are decoded, and only what the encoder wrote anew is stored and served. The review's polyglots
 * (an image signature followed by HTML, HTML after a whole PNG) and broken or oversized images are
 * refused with `invalid_image` and leave nothing behind.
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

const PASSWORD = 'Member12345';
const PAY = '654321';
let seq = 0;
const rid = () => `up-${Date.now()}-${seq++}`;
const as = (mime: TImageUpload['mime'], bytes: Buffer): TImageUpload => ({ mime, data: bytes.toString('base64') });

async function count(table: typeof uploads | typeof avatarImages | typeof deposits): Promise<number> {
  return (await t.database.db.select().from(table)).length;
}

/** A fresh member with funds, a payment password and a bank card. */
async function member(username: string) {
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: 'member', upline: 'agent01' });
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  await api.ops({ kind: 'wallet.adjust', username, amount: 100_000_000, reason: 'test funds', requestId: null });
  const res = (await api.call(auth.login, { type: 'username', username, password: PASSWORD }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  const token = res.body.value.token;
  const set = await api.call(wallet.setPaymentPassword, { loginPassword: PASSWORD, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token, ip: freshIp() });
  expect(set.body.code).toBe('ok');
  const card = await api.call<wallet.TBankCard>(wallet.bindBankCard, { bankCode: 'VCB', accountName: 'Tran Van An', accountNumber: `0071000${String(seq++).padStart(6, '0')}`, paymentPassword: PAY }, { token, ip: freshIp() });
  expect(card.body.code, JSON.stringify(card.body)).toBe('ok');
  return { token, cardId: card.body.value.id };
}

/** A withdrawal the operator paid, waiting for the member's answer. */
async function paidWithdrawal(m: { token: string; cardId: number }): Promise<number> {
  const w = await api.call<wallet.TWithdrawal>(wallet.withdraw, { paymentPassword: PAY, requestId: rid(), amount: 5_000_000, bankCardId: m.cardId }, { token: m.token, ip: freshIp() });
  expect(w.body.code, JSON.stringify(w.body)).toBe('ok');
  expect((await api.ops({ kind: 'withdrawal.pay', id: w.body.value.id })).ok).toBe(true);
  return w.body.value.id;
}

type TChannel = z.infer<typeof wallet.ZDepositChannel>;
async function bankChannel(token: string): Promise<number> {
  const channels = (await api.call<{ channels: TChannel[] }>(wallet.depositChannels, {}, { token })).body.value.channels;
  const bank = channels.find((c) => c.type === 'bank');
  if (!bank) throw new Error('the demo seed has a bank channel');
  return bank.id;
}

const sendReceipt = (token: string, channelId: number, receipt: TImageUpload) =>
  api.call<{ deposit: wallet.TDeposit }>(wallet.depositCreate, { requestId: rid(), channelId, amount: 5_000_000, payerName: 'Tran Van An', receipt }, { token });
const sendProof = (token: string, withdrawalId: number, proof: TImageUpload) =>
  api.call<wallet.TWithdrawal>(wallet.confirmWithdrawal, { result: 'partlyReceived', withdrawalId, receivedAmount: 1_000_000, proof }, { token });
const sendAvatar = (token: string, image: TImageUpload) => api.call<{ avatar: string }>(auth.updateIcon, { avatarType: 'CUSTOM', image }, { token });

/** Real images that carry markup where an image may carry text: accepted, and the markup is not kept. */
async function goodImages(): Promise<{ name: string; image: TImageUpload; width: number; height: number }[]> {
  return [
    { name: 'PNG with markup in a text chunk', image: as('image/png', withPngChunk(await realPng(37, 23), pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), MARKUP])))), width: 37, height: 23 },
    { name: 'JPEG with markup in a comment', image: as('image/jpeg', withJpegComment(await realJpeg(41, 29), MARKUP)), width: 41, height: 29 },
    // Phones write a second image or a video after a photo's EOI: accepted, and not kept (docs/decisions.md).
    { name: 'JPEG with markup after its EOI', image: as('image/jpeg', Buffer.concat([await realJpeg(19, 31), MARKUP])), width: 19, height: 31 },
  ];
}

async function expectClean(bytes: Buffer, mime: TImageUpload['mime'], size: { width: number; height: number }) {
  expect(await decoded(bytes, mime)).toEqual({ format: mime === 'image/png' ? 'png' : 'jpeg', ...size, trailing: false });
  expect(bytes.includes(Buffer.from('<script'))).toBe(false);
  expect(bytes.includes(Buffer.from('<html'))).toBe(false);
}

describe('a deposit receipt', () => {
  it('that is not one whole PNG or JPEG is refused and nothing is stored', async () => {
    const m = await member('receipt01');
    const channelId = await bankChannel(m.token);
    const [nUploads, nDeposits] = [await count(uploads), await count(deposits)];
    for (const { name, image } of await badImages()) {
      const res = await sendReceipt(m.token, channelId, image);
      expect([res.status, res.body.code], name).toEqual([400, 'invalid_image']);
    }
    expect([await count(uploads), await count(deposits)]).toEqual([nUploads, nDeposits]);
  });

  it('is stored as the decoder wrote it, and the operator gets back a clean image of the same size', async () => {
    const m = await member('receipt02');
    const channelId = await bankChannel(m.token);
    for (const { name, image, width, height } of await goodImages()) {
      const res = await sendReceipt(m.token, channelId, image);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
      const shown = await api.ops({ kind: 'deposit.receipt', id: res.body.value.deposit.id, out: '/dev/null' });
      const data = shown.data as { mime: string; base64: string };
      expect(data.mime, name).toBe(image.mime);
      const bytes = Buffer.from(data.base64, 'base64');
      expect(bytes.equals(Buffer.from(image.data, 'base64')), name).toBe(false);
      await expectClean(bytes, image.mime, { width, height });
    }
  });
});

describe('a withdrawal proof', () => {
  it('that is not one whole PNG or JPEG is refused, the withdrawal stays paid and nothing is stored', async () => {
    const m = await member('proof01');
    const id = await paidWithdrawal(m);
    const n = await count(uploads);
    for (const { name, image } of await badImages()) {
      const res = await sendProof(m.token, id, image);
      expect([res.status, res.body.code], name).toEqual([400, 'invalid_image']);
    }
    expect(await count(uploads)).toBe(n);
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    expect(row).toMatchObject({ status: 'paid', confirmation: null, proofUploadId: null });
  });

  it('is stored as the decoder wrote it, and the operator gets back a clean image of the same size', async () => {
    const m = await member('proof02');
    for (const { name, image, width, height } of await goodImages()) {
      const id = await paidWithdrawal(m);
      const res = await sendProof(m.token, id, image);
      expect(res.body.value, name).toMatchObject({ status: 'disputed', confirmation: 'partlyReceived' });
      const saved = await api.ops({ kind: 'withdrawal.proof', id, out: '/dev/null' });
      const data = saved.data as { mime: string; base64: string };
      expect(data.mime, name).toBe(image.mime);
      await expectClean(Buffer.from(data.base64, 'base64'), image.mime, { width, height });
    }
  });
});

describe('an avatar', () => {
  it('that is not one whole PNG or JPEG is refused and the member keeps the one they had', async () => {
    const m = await member('avatar01');
    const n = await count(avatarImages);
    for (const { name, image } of await badImages()) {
      const res = await sendAvatar(m.token, image);
      expect([res.status, res.body.code], name).toEqual([400, 'invalid_image']);
    }
    expect(await count(avatarImages)).toBe(n);
    const [row] = await t.database.db.select({ avatar: users.avatar }).from(users).where(eq(users.username, 'avatar01'));
    expect(row?.avatar ?? null).toBeNull();
    expect((await api.call(auth.memberIcon, {}, { token: m.token })).body.value).toEqual({ avatar: 'img/avatars/1.svg', avatarType: 'STATIC' });
  });

  it('is served as the decoded format, inline, never sniffed, as a clean image of the same size', async () => {
    const m = await member('avatar02');
    for (const { name, image, width, height } of await goodImages()) {
      const res = await sendAvatar(m.token, image);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
      const ext = image.mime === 'image/png' ? 'png' : 'jpg';
      expect(res.body.value.avatar).toMatch(new RegExp(`^img/avatars/custom/[A-Za-z0-9_-]+\\.${ext}$`));
      const served = await t.app.inject({ method: 'GET', url: `/${res.body.value.avatar}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers).toMatchObject({
        'content-type': image.mime,
        'x-content-type-options': 'nosniff',
        'content-disposition': `inline; filename="avatar.${ext}"`,
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      });
      await expectClean(served.rawPayload, image.mime, { width, height });
      // The same id under the other extension is not found: the type is the stored one.
      const other = res.body.value.avatar.replace(/\.(png|jpg)$/, ext === 'png' ? '.jpg' : '.png');
      expect((await t.app.inject({ method: 'GET', url: `/${other}` })).statusCode).toBe(404);
    }
  });

  it('may not hold more than 4096 × 4096 pixels however small the file', async () => {
    const m = await member('avatar03');
    const over = await plainPng(4097, 4096);
    expect(over.length).toBeLessThan(1024 * 1024);
    const res = await sendAvatar(m.token, as('image/png', over));
    expect([res.status, res.body.code]).toEqual([400, 'invalid_image']);
    const fits = await sendAvatar(m.token, as('image/png', await plainPng(4096, 4096)));
    expect(fits.status).toBe(200);
  });
});
