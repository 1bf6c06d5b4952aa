import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as auth from '@playhall/contract/calls/auth';
import * as wallet from '@playhall/contract/calls/wallet';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { auditLog, deposits, gatewayPayments, jobs, journalEntries, users } from '../src/db/schema.ts';
import { signBody } from '../src/lib/hmac-signature.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { installSecret } from '../src/modules/crypto/install-secret.ts';
import { sandboxAtStart } from '../src/modules/deposit/payment-channels.ts';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { freshPostgresDatabase } from './support/fresh-postgres.ts';
import { createTestApp, TEST_DB, TEST_MERCHANT, type TTestApp } from './support/test-app.ts';

/**
 * Issue 15, defect 11: anyone could credit their own wallet through the seeded Sandbox Pay channel (open an
 * online deposit, post `outcome=paid` to its page; nothing is paid). A sandbox channel is now off unless the
 * operator turns it on (the demo seed does), refuses payment and credit while off, and a production start
 * refuses to run with one on unless ALLOW_SANDBOX_PAYMENTS says so too.
 */

type TChannel = z.infer<typeof wallet.ZDepositChannel>;
type TCreated = { deposit: wallet.TDeposit; paymentUrl: string | null };

const PASSWORD = 'Sandbox12345';
let seq = 0;
const rid = () => `sbx-${Date.now()}-${seq++}`;

/** One server on its own database, with helpers that act as the member, the payer and the gateway. */
async function site(t: TTestApp) {
  const api: TApi = apiOf(t);
  const secret = await installSecret(t.database.db, 'sandbox-gateway-hmac');

  /** A member of the site (the demo seed's own, or one made for a site seeded without them). */
  async function member(username: string): Promise<string> {
    const [existing] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!existing) {
      await t.database.db
        .insert(users)
        .values({ merchantId: t.merchantId, username, passwordHash: await hashPassword(PASSWORD), type: 'member', accountType: 0, nickname: username });
    }
    const res = (await api.call(auth.login, { type: 'username', username, password: existing ? t.demoPassword : PASSWORD }, { ip: freshIp() })) as TLogin;
    expect(res.body.code, username).toBe('ok');
    return res.body.value.token;
  }

  const channels = async (tok: string) => (await api.call<{ channels: TChannel[] }>(wallet.depositChannels, {}, { token: tok })).body.value.channels;
  const balance = async (tok: string) => (await api.call<wallet.TBalance>(wallet.balance, {}, { token: tok })).body.value.sumBalance;
  const create = (tok: string, channelId: number, amount: number) =>
    api.call<TCreated>(wallet.depositCreate, { requestId: rid(), channelId, amount }, { token: tok });
  async function sandboxId(): Promise<number> {
    const listed = (await api.ops({ kind: 'paymentChannel.list' })).data as { id: number; gateway: string | null }[];
    const id = listed.find((c) => c.gateway === 'sandbox')?.id;
    if (!id) throw new Error('no sandbox channel');
    return id;
  }
  const page = (url: string) => t.app.inject({ method: 'GET', url });
  /** The attack of the review: the form's POST, with no session and no payment. */
  const pay = (url: string, app = t.app) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=paid' });
  const depositRow = async (id: number) => (await t.database.db.select().from(deposits).where(eq(deposits.id, id)))[0];
  const payment = async (depositId: number) => (await t.database.db.select().from(gatewayPayments).where(eq(gatewayPayments.depositId, depositId)))[0];
  const entries = async (id: number) =>
    (await t.database.db.select().from(journalEntries).where(and(eq(journalEntries.merchantId, t.merchantId), eq(journalEntries.key, `deposit:${id}`)))).length;
  /** A "paid" callback signed with the gateway's secret, as the sandbox's own job would send it. */
  async function signedPaid(depositId: number, app = t.app) {
    const row = await depositRow(depositId);
    const raw = JSON.stringify({
      depositId,
      gatewayTxnId: row?.gatewayTxnId,
      amount: row?.amount,
      status: 'paid',
      timestamp: Math.floor(Date.now() / 1000),
      nonce: crypto.randomBytes(12).toString('hex'),
    });
    const res = await app.inject({ method: 'POST', url: wallet.depositGatewayCallback.path, headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) }, payload: raw });
    return { status: res.statusCode, body: res.json() as { success: boolean; code: string } };
  }
  let listening = false;
  /** The callback job reaches the portal over a real socket. */
  async function listen() {
    if (!listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
    listening = true;
  }
  return { api, member, channels, balance, create, sandboxId, page, pay, depositRow, payment, entries, signedPaid, listen };
}

describe('Sandbox Pay on a site seeded without the demo accounts (the default outside the demo)', () => {
  let t: TTestApp;
  let s: Awaited<ReturnType<typeof site>>;
  let tok: string;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
    s = await site(t);
    tok = await s.member('plainmember');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is off: not offered to members, no deposit can be opened on it, listed off for the operator', async () => {
    const id = await s.sandboxId();
    const list = await s.api.ops({ kind: 'paymentChannel.list' });
    expect(list.message).toContain(`${id}\toff\tonline\tsandbox\tSandbox Pay\t10000.00 – 100000000.00\tSANDBOX: no money moves`);
    expect((await s.channels(tok)).map((c) => c.name)).toEqual(['Bank transfer']);
    const res = await s.create(tok, id, 5_000_000);
    expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    expect(await t.database.db.select().from(deposits)).toHaveLength(0);
  });

  it('refuses to take or report a payment once turned off, so nothing is credited', async () => {
    const id = await s.sandboxId();
    const on = await s.api.ops({ kind: 'paymentChannel.set', id, on: true });
    expect(on.message).toMatch(/is on\. It is a SANDBOX: no money moves.*ALLOW_SANDBOX_PAYMENTS=yes-no-money-moves/);
    const res = await s.create(tok, id, 10_000_000_000);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { deposit: d, paymentUrl } = res.body.value;
    await s.api.ops({ kind: 'paymentChannel.set', id, on: false });

    // The page says it is off and offers no form; the attack's POST is refused and changes nothing.
    const shown = await s.page(paymentUrl!);
    expect(shown.statusCode).toBe(403);
    expect(shown.body).toContain('This test gateway is switched off');
    expect(shown.body).toContain('Test page: no money moves.');
    expect(shown.body).not.toContain('<form');
    const posted = await s.pay(paymentUrl!);
    expect(posted.statusCode).toBe(403);
    expect((await s.payment(d.id))?.status).toBe('open');
    expect(await t.database.db.select().from(jobs).where(eq(jobs.name, 'sandboxGateway.callback'))).toHaveLength(0);
    // Even a callback signed with the gateway's secret credits nothing while the channel is off.
    const signed = await s.signedPaid(d.id);
    expect([signed.status, signed.body.code]).toEqual([409, 'conflict']);
    await t.scheduler.tick(new Date(Date.now() + 5_000));
    expect((await s.depositRow(d.id))?.status).toBe('awaitingPayment');
    expect(await s.entries(d.id)).toBe(0);
    expect(await s.balance(tok)).toBe(0);
    // The member's record shows no link to pay.
    const mine = await s.api.call<{ list: wallet.TDeposit[] }>(wallet.depositRecords, {}, { token: tok });
    expect(mine.body.value.list.find((x) => x.id === d.id)?.paymentUrl).toBeNull();

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.target, `depositChannel:${id}`));
    expect(audits.map((a) => [a.action, a.before, a.after])).toEqual([
      ['paymentChannel.set', { name: 'Sandbox Pay', gateway: 'sandbox', enabled: false }, { enabled: true }],
      ['paymentChannel.set', { name: 'Sandbox Pay', gateway: 'sandbox', enabled: true }, { enabled: false }],
    ]);
  });

  it('does not report a payment made just before it was turned off', async () => {
    const id = await s.sandboxId();
    await s.api.ops({ kind: 'paymentChannel.set', id, on: true });
    const { deposit: d, paymentUrl } = (await s.create(tok, id, 2_000_000)).body.value;
    expect((await s.pay(paymentUrl!)).statusCode).toBe(303);
    await s.api.ops({ kind: 'paymentChannel.set', id, on: false });
    await s.listen();
    await t.scheduler.tick(new Date());
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.name, 'sandboxGateway.callback'));
    expect(job?.lastError).toMatch(/sandbox channel is off/);
    expect((await s.depositRow(d.id))?.status).toBe('awaitingPayment');
    expect(await s.balance(tok)).toBe(0);
  });

  it('turned on by the operator, the demo flow works: pay on the test page, credited by the callback', async () => {
    const id = await s.sandboxId();
    await s.api.ops({ kind: 'paymentChannel.set', id, on: true });
    expect((await s.channels(tok)).map((c) => c.name)).toEqual(['Bank transfer', 'Sandbox Pay']);
    const { deposit: d, paymentUrl } = (await s.create(tok, id, 3_000_000)).body.value;
    const shown = await s.page(paymentUrl!);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Test page: no money moves.');
    expect(shown.body).toContain('<form method="post"');
    expect((await s.pay(paymentUrl!)).headers.location).toBe(`/?deposit=${d.id}&payment=paid`);
    await s.listen();
    await t.scheduler.tick(new Date());
    expect((await s.depositRow(d.id))?.status).toBe('credited');
    // The earlier payment, paid before the channel went off, is reported now that it is on again.
    await t.scheduler.tick(new Date(Date.now() + 10 * 60_000));
    expect(await s.balance(tok)).toBe(3_000_000 + 2_000_000);
  });
});

describe('Sandbox Pay on the demo site', () => {
  let t: TTestApp;
  let s: Awaited<ReturnType<typeof site>>;
  let tok: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = await site(t);
    tok = await s.member('member01');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is on, and the operator can turn it off: no longer offered, its open payment refused', async () => {
    const id = await s.sandboxId();
    expect((await s.api.ops({ kind: 'paymentChannel.list' })).message).toContain(`${id}\ton\tonline\tsandbox\tSandbox Pay`);
    expect((await s.channels(tok)).map((c) => c.name)).toEqual(['Bank transfer', 'Sandbox Pay']);
    const before = await s.balance(tok);
    const { deposit: d, paymentUrl } = (await s.create(tok, id, 10_000_000_000)).body.value;
    expect((await s.page(paymentUrl!)).statusCode).toBe(200);

    await s.api.ops({ kind: 'paymentChannel.set', id, on: false });
    expect((await s.channels(tok)).map((c) => c.name)).toEqual(['Bank transfer']);
    expect((await s.create(tok, id, 5_000_000)).body.code).toBe('not_found');
    expect((await s.pay(paymentUrl!)).statusCode).toBe(403);
    expect((await s.signedPaid(d.id)).body.code).toBe('conflict');
    expect(await s.balance(tok)).toBe(before);
    await s.api.ops({ kind: 'paymentChannel.set', id, on: true });
  });

  it('a server that does not run the sandbox (production without the flag) neither offers nor takes it, though it is on', async () => {
    const id = await s.sandboxId();
    const before = await s.balance(tok);
    const { deposit: d, paymentUrl } = (await s.create(tok, id, 4_000_000)).body.value;
    const prod = await buildApp({ database: t.database, merchantCode: TEST_MERCHANT, webDist: '/nonexistent-web-dist', runJobs: false, gateway: { sandbox: false } });
    try {
      await prod.app.ready();
      const list = await s.api.call<{ channels: TChannel[] }>(wallet.depositChannels, {}, { token: tok, app: prod.app });
      expect(list.body.value.channels.map((c) => c.name)).toEqual(['Bank transfer']);
      const created = await s.api.call(wallet.depositCreate, { requestId: rid(), channelId: id, amount: 5_000_000 }, { token: tok, app: prod.app });
      expect(created.body.code).toBe('not_found');
      expect((await prod.app.inject({ method: 'GET', url: paymentUrl! })).statusCode).toBe(403);
      expect((await s.pay(paymentUrl!, prod.app)).statusCode).toBe(403);
      expect((await s.signedPaid(d.id, prod.app)).body.code).toBe('conflict');
      expect((await s.payment(d.id))?.status).toBe('open');
      expect(await s.balance(tok)).toBe(before);
    } finally {
      await prod.app.close();
    }
  });
});

describe('operator commands and configuration', () => {
  it('parse payment-channel list|enable|disable', () => {
    expect(parseOpsCommand(['payment-channel', 'list'])).toEqual({ kind: 'paymentChannel.list' });
    expect(parseOpsCommand(['payment-channel', 'enable', '2'])).toEqual({ kind: 'paymentChannel.set', id: 2, on: true });
    expect(parseOpsCommand(['payment-channel', 'disable', '2'])).toEqual({ kind: 'paymentChannel.set', id: 2, on: false });
    expect(() => parseOpsCommand(['payment-channel', 'enable'])).toThrow(/needs a channel id/);
    expect(() => parseOpsCommand(['payment-channel', 'enable', 'x'])).toThrow(UsageError);
    expect(() => parseOpsCommand(['payment-channel', 'remove', '2'])).toThrow(/list, enable, disable/);
  });

  it('ALLOW_SANDBOX_PAYMENTS takes only its exact words', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ production: true, allowSandboxPayments: false });
    expect(loadConfig({ ALLOW_SANDBOX_PAYMENTS: 'yes-no-money-moves' }).allowSandboxPayments).toBe(true);
    for (const v of ['1', 'true', 'yes']) expect(() => loadConfig({ ALLOW_SANDBOX_PAYMENTS: v }), v).toThrow(/ALLOW_SANDBOX_PAYMENTS must be "yes-no-money-moves"/);
  });

  it('a start refuses a sandbox channel that is on only in production without the flag', () => {
    const on = [{ id: 2, name: 'Sandbox Pay', gateway: 'sandbox', enabled: true }, { id: 1, name: 'Bank transfer', gateway: null, enabled: true }];
    const off = [{ ...on[0]!, enabled: false }, on[1]!];
    expect(sandboxAtStart(off, { production: true, allowSandboxPayments: false })).toEqual({ refuse: null, banner: null });
    expect(sandboxAtStart(on, { production: true, allowSandboxPayments: false }).refuse).toMatch(/Refusing to start in production.*payment-channel disable 2.*ALLOW_SANDBOX_PAYMENTS=yes-no-money-moves/);
    for (const opts of [{ production: false, allowSandboxPayments: false }, { production: true, allowSandboxPayments: true }]) {
      const r = sandboxAtStart(on, opts);
      expect(r.refuse).toBeNull();
      expect(r.banner).toMatch(/SANDBOX PAYMENTS ARE ON: "Sandbox Pay" \(channel 2\) is a test gateway where no money moves/);
    }
  });
});

const ROOT = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The real server process (main.ts): answers how it exited, or that it became ready, with what it printed. */
async function start(env: Record<string, string>): Promise<{ exit: number | null; ready: boolean; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: '', ALLOW_SANDBOX_PAYMENTS: '', ...env, PORT: String(port), HOST: '127.0.0.1', OPS_PORT: '0', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent-web-dist' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (b: Buffer) => (output += b.toString()));
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  const deadline = Date.now() + 180_000;
  try {
    for (;;) {
      if (child.exitCode !== null) return { exit: child.exitCode, ready: false, output };
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
      if (ok) return { exit: null, ready: true, output };
      if (Date.now() > deadline) throw new Error(`server neither ready nor gone:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
}

describe(`server start (${TEST_DB})`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });
  /** A fresh data directory, or a fresh database on PostgreSQL. */
  async function freshData(): Promise<Record<string, string>> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playhall-sandbox-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    if (TEST_DB !== 'postgres') return { DATA_DIR: dataDir, DATABASE_URL: '' };
    if (!process.env.DATABASE_URL) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const pgdb = await freshPostgresDatabase(process.env.DATABASE_URL, 'playhall_sandbox');
    cleanups.push(() => pgdb.drop());
    return { DATA_DIR: dataDir, DATABASE_URL: pgdb.url };
  }

  it('in production refuses the demo seed\'s sandbox channel unless told twice, and says when it runs one', { timeout: 600_000 }, async () => {
    const demo = await freshData();
    const refused = await start({ ...demo, NODE_ENV: 'production' });
    expect(refused.exit, refused.output).toBe(1);
    expect(refused.output).toMatch(/Refusing to start in production: the sandbox payment channel "Sandbox Pay" \(channel \d+\) is on/);
    expect(refused.output).toContain('ALLOW_SANDBOX_PAYMENTS=yes-no-money-moves');

    const allowed = await start({ ...demo, NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'yes-no-money-moves' });
    expect(allowed.ready, allowed.output).toBe(true);
    expect(allowed.output).toMatch(/SANDBOX PAYMENTS ARE ON: "Sandbox Pay" \(channel \d+\) is a test gateway where no money moves/);

    // `npm start`'s demo: runs, and says so.
    const dev = await start(demo);
    expect(dev.ready, dev.output).toBe(true);
    expect(dev.output).toContain('SANDBOX PAYMENTS ARE ON');

    // Without the demo seed the channel is off: production starts, with nothing to say about it.
    const plain = await start({ ...(await freshData()), NODE_ENV: 'production', SEED_DEMO: '0' });
    expect(plain.ready, plain.output).toBe(true);
    expect(plain.output).not.toContain('SANDBOX');
  });
});
