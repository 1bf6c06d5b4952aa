import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import { chatSend, type TChatMessage } from '@playhall/contract/calls/inbox';
import * as wallet from '@playhall/contract/calls/wallet';
import { openDatabase, rowsOf, type TDatabase } from '../src/db/client.ts';
import { merchants } from '../src/db/schema.ts';
import { runOpsCommand } from '../src/modules/ops/ops.service.ts';
import { freshPostgresDatabase } from './support/fresh-postgres.ts';
import { callProcess, exited, startServerProcess, type TServerProcess } from './support/server-process.ts';
import { TEST_DB, TEST_MERCHANT } from './support/test-app.ts';
import { openWs, sleep, type TWsClient } from './support/ws-client.ts';

/**
 * Issue 19: two real server processes on one PostgreSQL behind no balancer. A balance moved through process A
 * reaches a member's socket on process B (B's own state-diff poll sees it), and a chat message sent over HTTP to A
 * reaches a client joined on B (pg_notify on playhall_chat). PostgreSQL only: an embedded PGlite is one process.
 */

const PASSWORD = 'Realtime12345';
let a: TServerProcess;
let b: TServerProcess;
let database: TDatabase;
let merchantId = 0;
const cleanups: (() => Promise<void>)[] = [];
const sockets: TWsClient[] = [];

const ops = (cmd: Parameters<typeof runOpsCommand>[3]) => runOpsCommand(database.db, merchantId, 'test', cmd);

async function login(base: string, username: string): Promise<string> {
  const res = await callProcess<{ token: string }>(base, auth.login, { type: 'username', username, password: PASSWORD });
  expect(res.code, username).toBe('ok');
  return res.value.token;
}

async function signedIn(base: string, token: string): Promise<TWsClient> {
  const c = await openWs(base);
  sockets.push(c);
  await c.next('hello');
  c.send({ t: 'auth', token });
  await c.next('hello', { where: (f) => f.member });
  return c;
}

describe.skipIf(TEST_DB !== 'postgres')('realtime across two server processes (PostgreSQL only: skipped on PGlite, one process per embedded database)', () => {
  beforeAll(async () => {
    if (!process.env.DATABASE_URL) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const pgdb = await freshPostgresDatabase(process.env.DATABASE_URL, 'playhall_rt2');
    cleanups.push(() => pgdb.drop());
    const env = { DATABASE_URL: pgdb.url, DEMO_PASSWORD: PASSWORD, SEED_DEMO: '1', DATA_DIR: '/nonexistent-data-dir', REALTIME_POLL_MS: '200' };
    a = await startServerProcess(env);
    b = await startServerProcess(env);
    for (const s of [a, b]) {
      cleanups.unshift(async () => {
        s.child.kill('SIGTERM');
        await exited(s.child);
      });
    }
    database = await openDatabase({ databaseUrl: pgdb.url, dataDir: null });
    cleanups.unshift(() => database.close());
    const [merchant] = await database.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, TEST_MERCHANT));
    merchantId = merchant!.id;
  }, 180_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const c of cleanups) await c().catch(() => undefined);
  });

  it('a transfer made through process A signals the member on process B; another member on B gets nothing', async () => {
    const token = await login(a.base, 'member03');
    const onB = await signedIn(b.base, token);
    const other = await signedIn(b.base, await login(b.base, 'member02'));
    expect((await ops({ kind: 'walletMode.set', mode: 'transfer' })).ok).toBe(true);
    // process A may hold the site settings a moment before the change's NOTIFY reaches it
    let moved = null;
    for (let i = 0; i < 20 && moved?.code !== 'ok'; i++) {
      if (i > 0) await sleep(250);
      moved = await callProcess(a.base, wallet.walletTransfer, { action: 'transfer', requestId: `rt2-${Date.now()}-${i}`, from: 'MAIN', to: 'TCG_LOTTO_VN', amount: 1_000 }, token);
    }
    expect(moved?.code).toBe('ok');
    expect((await onB.next('signal')).kinds.sort()).toEqual(['balance', 'records']);
    await sleep(600);
    expect(other.frames.filter((f) => f.t === 'signal')).toEqual([]);
  });

  it('a chat message sent over HTTP to process A reaches a client joined on process B, mine only on the author', async () => {
    const [room] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from chat_rooms where merchant_id = ${merchantId} order by sort, id limit 1`));
    const roomId = Number(room?.id);
    const authorToken = await login(a.base, 'member01');
    const readerOnB = await signedIn(b.base, await login(b.base, 'member02'));
    const authorOnB = await signedIn(b.base, authorToken);
    const visitorOnB = await openWs(b.base);
    sockets.push(visitorOnB);
    for (const c of [readerOnB, authorOnB, visitorOnB]) {
      c.send({ t: 'join', roomId });
      await c.next('joined');
    }
    const sent = await callProcess<TChatMessage>(a.base, chatSend, { roomId, text: 'across processes <b>hi</b>', clientId: `rt2-${Date.now()}` }, authorToken);
    expect(sent.code).toBe('ok');
    const where = (f: { message: TChatMessage }) => f.message.id === sent.value.id;
    expect((await readerOnB.next('chat', { where })).message).toMatchObject({ text: 'across processes <b>hi</b>', mine: false });
    expect((await visitorOnB.next('chat', { where })).message.mine).toBe(false);
    expect((await authorOnB.next('chat', { where })).message.mine).toBe(true);
  });

  it("each process counts the other's sockets in a room (approximately, within a few seconds)", async () => {
    const [room] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from chat_rooms where merchant_id = ${merchantId} order by sort desc, id desc limit 1`));
    const roomId = Number(room?.id);
    const onA = await openWs(a.base);
    sockets.push(onA);
    onA.send({ t: 'join', roomId });
    expect((await onA.next('joined')).online).toBe(1);
    // the counts go out every 3 s; a join on B then sees A's socket too
    await sleep(3_500);
    const onB = await openWs(b.base);
    sockets.push(onB);
    onB.send({ t: 'join', roomId });
    expect((await onB.next('joined')).online).toBe(2);
  });
});
