import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as rg from '@playhall/contract/calls/responsible';
import type { TChatMessage } from '@playhall/contract/calls/inbox';
import { REALTIME_CLOSE, type TServerFrame } from '@playhall/contract/realtime';
import { rowsOf } from '../src/db/client.ts';
import { grantReward } from '../src/modules/rewards/rewards.service.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';
import { openWs, sleep, type TWsClient } from './support/ws-client.ts';

// Issue 19, the realtime server: `/ws` frames, member change signals found by the state-diff poll, room fan-out,
// and the limits, against the real server listening on a port and a real `ws` client.

const POLL_MS = 150;
let t: TTestApp;
let api: TApi;
let base: string;
const open: TWsClient[] = [];
/** A room every test may join: the chat module's first room, or one this file answers for if that module is not wired. */
let roomId = 0;

beforeAll(async () => {
  t = await createTestApp({ realtime: { pollMs: POLL_MS, idleMs: 3_000, maxSocketsPerMember: 3, maxVisitorsPerIp: 20 } });
  api = apiOf(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const [room] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from chat_rooms where merchant_id = ${t.merchantId} order by id limit 1`));
  try {
    t.hub.onJoin(async (ctx) => ({ t: 'joined', roomId: ctx.roomId, history: [], online: t.hub.roomOnline(ctx.roomId) }));
    roomId = 77;
  } catch {
    // the chat module answers joins
    if (!room) throw new Error('the chat module is wired but no chat room is seeded');
    roomId = Number(room.id);
  }
});
afterAll(async () => {
  for (const c of open) c.close();
  await t?.close();
});

async function ws(headers?: Record<string, string>): Promise<TWsClient> {
  const c = await openWs(base, headers);
  open.push(c);
  return c;
}

const PASSWORD = 'Member12345';
let seq = 0;

async function member(prefix: string): Promise<{ id: number; username: string; token: string }> {
  const username = `${prefix}${Date.now() % 100_000}${seq++}`;
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: 'member', upline: 'agent01' });
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  const res = (await api.call(auth.login, { type: 'username', username, password: PASSWORD }, { ip: freshIp() })) as TLogin;
  expect(res.body.code).toBe('ok');
  const [row] = rowsOf<{ id: string | number }>(await t.database.db.execute(sql`select id from users where username = ${username}`));
  return { id: Number(row?.id), username, token: res.body.value.token };
}

async function signedIn(token: string): Promise<TWsClient> {
  const c = await ws();
  await c.next('hello');
  c.send({ t: 'auth', token });
  await c.next('hello', { where: (f) => f.member });
  return c;
}

function chatFrame(id: number, text: string): TServerFrame {
  const message: TChatMessage = { id, roomId, author: 'mem***01', vipLevel: 1, text, createdAt: new Date().toISOString(), mine: false };
  return { t: 'chat', message };
}

describe('visitors', () => {
  it('a visitor is greeted as no member, answers pings, may join a room and reads its messages', async () => {
    const v = await ws();
    expect(await v.next('hello')).toEqual({ t: 'hello', member: false });
    v.send({ t: 'ping' });
    await v.next('pong');
    v.send({ t: 'join', roomId });
    const joined = await v.next('joined');
    expect(joined.roomId).toBe(roomId);
    expect(joined.online).toBeGreaterThanOrEqual(1);
    await t.hub.publishRoom(roomId, chatFrame(900_001, 'hello room'), { authorUserId: 1 });
    const got = await v.next('chat');
    expect(got.message).toMatchObject({ id: 900_001, text: 'hello room', mine: false });
    // after leaving, nothing more arrives
    v.send({ t: 'leave' });
    v.send({ t: 'ping' });
    const at = v.frames.length;
    await v.next('pong', { from: at - 1 });
    await t.hub.publishRoom(roomId, chatFrame(900_002, 'after leave'));
    await sleep(200);
    expect(v.frames.some((f) => f.t === 'chat' && f.message.id === 900_002)).toBe(false);
  });

  it('a visitor cannot write: a frame that is not in the contract (chat, signal) is refused and nothing is published', async () => {
    const v = await ws();
    await v.next('hello');
    const listener = await ws();
    await listener.next('hello');
    listener.send({ t: 'join', roomId });
    await listener.next('joined');
    v.send(JSON.stringify({ t: 'chat', roomId, text: 'visitor writes' }));
    expect(await v.next('error')).toEqual({ t: 'error', code: 'validation_failed' });
    await sleep(200);
    expect(listener.frames.some((f) => f.t === 'chat')).toBe(false);
  });

  it('one address may hold only so many visitor sockets', async () => {
    // every client of this file is 127.0.0.1 (the cap is 20 here); earlier tests hold a few sockets already
    const many: TWsClient[] = [];
    for (let i = 0; i < 25; i++) many.push(await ws());
    const codes = await Promise.all(many.map((c) => Promise.race([c.closed.then((x) => x.code), sleep(500).then(() => 0)])));
    expect(codes.filter((c) => c === REALTIME_CLOSE.tooManySockets).length).toBeGreaterThanOrEqual(5);
    expect(codes.filter((c) => c === 0).length).toBeGreaterThanOrEqual(15);
    // a closed socket frees its place
    for (const c of open) c.close();
    await Promise.all(open.map((c) => c.closed));
    const again = await ws();
    expect(await again.next('hello')).toEqual({ t: 'hello', member: false });
    again.close();
    await again.closed;
  });
});

describe('members', () => {
  it('a bad token is refused with session_expired and the socket closed 4001', async () => {
    const c = await ws();
    await c.next('hello');
    c.send({ t: 'auth', token: 'not-a-session-token' });
    expect(await c.next('error')).toEqual({ t: 'error', code: 'session_expired' });
    expect((await c.closed).code).toBe(REALTIME_CLOSE.revoked);
  });

  it('money moved for a member signals its sockets (balance and records), and no one else', async () => {
    const a = await member('rta');
    const b = await member('rtb');
    const ca = await signedIn(a.token);
    const ca2 = await signedIn(a.token); // a second tab
    const cb = await signedIn(b.token);
    await sleep(POLL_MS * 3); // no change: no signal
    expect(ca.frames.filter((f) => f.t === 'signal')).toEqual([]);
    await api.ops({ kind: 'wallet.adjust', username: a.username, amount: 12_345, reason: 'realtime test', requestId: null });
    expect((await ca.next('signal')).kinds.sort()).toEqual(['balance', 'records']);
    expect((await ca2.next('signal')).kinds.sort()).toEqual(['balance', 'records']);
    await sleep(POLL_MS * 3);
    expect(cb.frames.filter((f) => f.t === 'signal')).toEqual([]);
    // one change, one signal: the next polls see the same figures
    expect(ca.frames.filter((f) => f.t === 'signal')).toHaveLength(1);
  });

  it('a bonus granted signals bonus; points granted signal points (and not what did not change)', async () => {
    const a = await member('rtg');
    const c = await signedIn(a.token);
    const grant = (form: 'bonus' | 'points', amount: number) =>
      t.database.db.transaction((tx) =>
        grantReward(
          tx,
          { merchantId: t.merchantId, userId: a.id, source: 'activity', activityId: null, title: 'Realtime test', turnoverRequired: 0, turnoverWeights: null, withdrawalPolicy: 'refuse', bonusDays: 30, claimBy: null, key: `rt-${form}-${a.id}`, form, amount },
          new Date(),
        ),
      );
    // a grant may write the member a message too (unread); it moves no cash (no balance, no records)
    await grant('bonus', 5_000);
    const bonus = (await c.next('signal')).kinds;
    expect(bonus).toContain('bonus');
    expect(bonus).not.toContain('balance');
    expect(bonus).not.toContain('points');
    const at = c.frames.length;
    await grant('points', 300);
    const points = (await c.next('signal', { from: at })).kinds;
    expect(points).toContain('points');
    expect(points).not.toContain('bonus');
    expect(points).not.toContain('balance');
  });

  it('a message written for a member signals unread (and reading it signals again)', async () => {
    const a = await member('rtm');
    const c = await signedIn(a.token);
    await api.sql(sql`insert into member_messages (user_id, kind, title, content) values (${a.id}, 'system', 'Hi', 'Hello')`);
    expect((await c.next('signal')).kinds).toEqual(['unread']);
    const at = c.frames.length;
    await api.sql(sql`update member_messages set read_at = now() where user_id = ${a.id}`);
    expect((await c.next('signal', { from: at })).kinds).toEqual(['unread']);
  });

  it('a session ended elsewhere (logout) closes its sockets with 4001', async () => {
    const a = await member('rtl');
    const c = await signedIn(a.token);
    const res = await api.call(auth.logout, {}, { token: a.token });
    expect(res.body.code).toBe('ok');
    expect((await c.closed).code).toBe(REALTIME_CLOSE.revoked);
    expect(c.frames.some((f) => f.t === 'error' && f.code === 'rg_self_excluded')).toBe(false);
  });

  it('self-exclusion on one device closes the sockets of the other sessions saying why and until when', async () => {
    const a = await member('rtx');
    const other = (await api.call(auth.login, { type: 'username', username: a.username, password: PASSWORD }, { ip: freshIp() })) as TLogin;
    const c = await signedIn(other.body.value.token);
    const res = await api.call<{ until: string }>(rg.selfExclude, { months: 6, password: PASSWORD }, { token: a.token });
    expect(res.body.code).toBe('ok');
    expect((await c.closed).code).toBe(REALTIME_CLOSE.revoked);
    const said = c.frames.find((f) => f.t === 'error');
    expect(said).toEqual({ t: 'error', code: 'rg_self_excluded', until: new Date(res.body.value.until).toISOString() });
  });

  it('a member may hold only so many sockets; one more is closed 4003', async () => {
    const a = await member('rtc');
    for (let i = 0; i < 3; i++) await signedIn(a.token);
    const extra = await ws();
    await extra.next('hello');
    extra.send({ t: 'auth', token: a.token });
    expect((await extra.closed).code).toBe(REALTIME_CLOSE.tooManySockets);
  });

  it("a room's chat frame is 'mine' on the author's sockets only; a member frame reaches only that member", async () => {
    const a = await member('rto');
    const b = await member('rtp');
    const ca = await signedIn(a.token);
    const cb = await signedIn(b.token);
    for (const c of [ca, cb]) {
      c.send({ t: 'join', roomId });
      await c.next('joined');
    }
    await t.hub.publishRoom(roomId, chatFrame(900_010, 'from a'), { authorUserId: a.id });
    expect((await ca.next('chat')).message).toMatchObject({ id: 900_010, mine: true });
    expect((await cb.next('chat')).message).toMatchObject({ id: 900_010, mine: false });
    await t.hub.publishMember(b.id, { t: 'chatMe', canWrite: false, mutedUntil: null, banned: true });
    expect(await cb.next('chatMe')).toEqual({ t: 'chatMe', canWrite: false, mutedUntil: null, banned: true });
    await sleep(200);
    expect(ca.frames.some((f) => f.t === 'chatMe')).toBe(false);
  });
});

describe('bad frames and limits', () => {
  it('bad JSON and unknown frames get an error; the fifth closes the socket 4002', async () => {
    const c = await ws();
    await c.next('hello');
    c.send('not json');
    expect(await c.next('error')).toEqual({ t: 'error', code: 'validation_failed' });
    c.send({ t: 'join', roomId: -1 } as never);
    c.send(JSON.stringify({ t: 'auth', token: 'x', extra: 1 }));
    c.send(JSON.stringify([1, 2]));
    c.send('{');
    expect((await c.closed).code).toBe(REALTIME_CLOSE.badFrame);
  });

  it('a frame over the size limit closes the socket (1009)', async () => {
    const c = await ws();
    await c.next('hello');
    c.send(JSON.stringify({ t: 'auth', token: 'x'.repeat(10_000) }));
    expect((await c.closed).code).toBe(1009);
  });

  it('a flood of frames is refused as rate limited and then closed', async () => {
    const c = await ws();
    await c.next('hello');
    for (let i = 0; i < 40; i++) c.send({ t: 'ping' });
    await c.next('error', { where: (f) => f.code === 'rate_limited' });
    expect((await c.closed).code).toBe(REALTIME_CLOSE.badFrame);
    expect(c.frames.filter((f) => f.t === 'pong')).toHaveLength(20);
  });

  it('a socket that sends nothing is closed after the idle time', async () => {
    const c = await ws();
    await c.next('hello');
    const started = Date.now();
    const { code } = await c.closed;
    expect(code).toBe(1001);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500);
  });
});
