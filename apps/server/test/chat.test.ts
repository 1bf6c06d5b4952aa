import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import { CHAT_HISTORY_SIZE, CHAT_MAX_CHARS, chatHistory, chatRooms, chatSend, type TChatMessage } from '@playhall/contract/calls/inbox';
import { rowsOf } from '../src/db/client.ts';
import { CHAT_RATE } from '../src/modules/chat/chat.service.ts';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';
import { openWs, sleep, type TWsClient } from './support/ws-client.ts';
import { forkCli } from './support/cli-process.ts';

// Issue 19, the chat room on the real server and database: rooms and history for visitors and members, sending
// (length, markup kept as text, control characters, rate limit, retries), operator moderation through the ops
// commands, and a real `ws` client joined to a room receiving messages, deletions and its member's standing.

let t: TTestApp;
let api: TApi;
let base: string;
const sockets: TWsClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

const PASSWORD = 'Member12345';
let seq = 0;
const cid = () => `test-${Date.now()}-${seq++}`;
const ops = (...argv: string[]) => api.ops(parseOpsCommand(argv));

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(q));
}

interface TMember {
  id: number;
  username: string;
  token: string;
}

async function member(prefix: string, vipLevel = 0): Promise<TMember> {
  // the demo register rule: 6–12 letters and digits, a letter first
  const username = `${prefix.slice(0, 5)}${Date.now() % 100_000}${seq++}`;
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: 'member', upline: 'agent01' });
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  const [row] = await query<{ id: string | number }>(sql`select id from users where username = ${username}`);
  const id = Number(row?.id);
  if (vipLevel > 0) await api.sql(sql`insert into member_vip (user_id, merchant_id, level, top_level) values (${id}, ${t.merchantId}, ${vipLevel}, ${vipLevel})`);
  const res = (await api.call(auth.login, { type: 'username', username, password: PASSWORD }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return { id, username, token: res.body.value.token };
}

/** A room of this test's own, so counts and paging see only what the test wrote. */
async function room(code: string): Promise<number> {
  await ops('chat', 'room', 'add', code, '--name', `Room ${code}`, '--sort', '9');
  const [row] = await query<{ id: number }>(sql`select id from chat_rooms where merchant_id = ${t.merchantId} and code = ${code}`);
  return Number(row?.id);
}

async function send(m: TMember, roomId: number, text: string, clientId = cid()) {
  return api.call<TChatMessage>(chatSend, { roomId, text, clientId }, { token: m.token });
}

async function stored(roomId: number): Promise<{ id: number; text: string; deleted: boolean }[]> {
  const rows = await query<{ id: string | number; text: string; deleted_at: string | null }>(sql`select id, text, deleted_at from chat_messages where room_id = ${roomId} order by id`);
  return rows.map((r) => ({ id: Number(r.id), text: r.text, deleted: r.deleted_at !== null }));
}

async function history(roomId: number, opts: { token?: string; before?: number; after?: number } = {}) {
  const { token, ...paging } = opts;
  return api.call<{ list: TChatMessage[]; more: boolean }>(chatHistory, { roomId, ...paging }, { token });
}

async function socket(token?: string): Promise<TWsClient> {
  const c = await openWs(base);
  sockets.push(c);
  await c.next('hello');
  if (token) {
    c.send({ t: 'auth', token });
    await c.next('hello', { where: (f) => f.member });
  }
  return c;
}

async function auditRows(action: string): Promise<{ target: string; actor: string; after: unknown }[]> {
  return query(sql`select target, actor, after from audit_log where action = ${action} order by id`);
}

describe('rooms and history', () => {
  it('a visitor sees the open rooms and no standing; a member sees it may write', async () => {
    const visitor = await api.call<{ rooms: { code: string; name: string; online: number }[]; me: unknown }>(chatRooms, {});
    expect(visitor.status).toBe(200);
    expect(visitor.body.value.rooms.slice(0, 3).map((r) => [r.code, r.name])).toEqual([
      ['lobby', 'Lobby'],
      ['lottery', 'Lottery talk'],
      ['sports', 'Sports & esports'],
    ]);
    expect(visitor.body.value.me).toBeNull();
    const m = await member('chatroom');
    const mine = await api.call<{ me: unknown }>(chatRooms, {}, { token: m.token });
    expect(mine.body.value.me).toEqual({ canWrite: true, mutedUntil: null, banned: false });
  });

  it("the demo lobby is not empty: its history is the seeded members' friendly lines, oldest first", async () => {
    const [lobby] = await query<{ id: number }>(sql`select id from chat_rooms where merchant_id = ${t.merchantId} and code = 'lobby'`);
    const res = await history(Number(lobby?.id));
    expect(res.body.value.list.length).toBeGreaterThanOrEqual(5);
    expect(res.body.value.list[0]?.text).toBe('Good evening everyone 👋');
    const ids = res.body.value.list.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('history is the last page oldest first, pages back with before and catches up with after; authors masked with their VIP level; mine per caller', async () => {
    const roomId = await room('paging');
    const alice = await member('alicechat', 3);
    const bob = await member('bobchat');
    const total = CHAT_HISTORY_SIZE + 10;
    // Earlier traffic, written as sends store it (the rate limit would make this minutes of real sends).
    await api.sql(sql`
      insert into chat_messages (room_id, user_id, text, client_id, created_at)
      select ${roomId}, case when i % 2 = 0 then ${alice.id}::bigint else ${bob.id}::bigint end, 'line ' || i, 'seed-' || i, now() - (${total} - i) * interval '1 second'
        from generate_series(1, ${total}) i`);

    const last = await history(roomId, { token: alice.token });
    expect(last.status).toBe(200);
    expect(last.body.value.more).toBe(true);
    expect(last.body.value.list.map((m) => m.text)).toEqual(Array.from({ length: CHAT_HISTORY_SIZE }, (_, i) => `line ${i + 11}`));
    const first = last.body.value.list[0];
    expect(first).toMatchObject({ roomId, text: 'line 11', mine: false, vipLevel: 0 });
    const second = last.body.value.list[1];
    expect(second).toMatchObject({ text: 'line 12', mine: true, vipLevel: 3 });
    // masked like the winner board: first two characters, stars, last one; never the username
    expect(second?.author).toBe(`${alice.username.slice(0, 2)}***${alice.username.slice(-1)}`);
    expect(JSON.stringify(last.body)).not.toContain(alice.username);
    expect(JSON.stringify(last.body)).not.toContain(bob.username);

    const older = await history(roomId, { before: first?.id });
    expect(older.body.value.list.map((m) => m.text)).toEqual(Array.from({ length: 10 }, (_, i) => `line ${i + 1}`));
    expect(older.body.value.more).toBe(false);
    expect(older.body.value.list.every((m) => !m.mine)).toBe(true);

    const ids = (await stored(roomId)).map((m) => m.id);
    const caughtUp = await history(roomId, { after: ids[ids.length - 3] });
    expect(caughtUp.body.value.list.map((m) => m.text)).toEqual([`line ${total - 1}`, `line ${total}`]);
    expect(caughtUp.body.value.more).toBe(false);
    const fromStart = await history(roomId, { after: 0 });
    expect(fromStart.body.value.list[0]?.text).toBe('line 1');
    expect(fromStart.body.value.more).toBe(true);
  });

  it('a closed or unknown room is chat_room_not_found, for history and for sending', async () => {
    const roomId = await room('closing');
    const m = await member('closer');
    await ops('chat', 'room', 'disable', 'closing');
    expect((await history(roomId)).body.code).toBe('chat_room_not_found');
    const refused = await send(m, roomId, 'anyone here?');
    expect([refused.status, refused.body.code]).toEqual([404, 'chat_room_not_found']);
    expect((await history(999_999)).body.code).toBe('chat_room_not_found');
    const rooms = await api.call<{ rooms: { code: string }[] }>(chatRooms, {});
    expect(rooms.body.value.rooms.map((r) => r.code)).not.toContain('closing');
    expect(await stored(roomId)).toEqual([]);
    await ops('chat', 'room', 'enable', 'closing');
    expect((await history(roomId)).status).toBe(200);
  });
});

describe('sending', () => {
  it('a visitor and a free-play guest may not write; a member may, and gets its message back as mine', async () => {
    const roomId = await room('writers');
    const visitor = await api.call(chatSend, { roomId, text: 'hi', clientId: cid() });
    expect([visitor.status, visitor.body.code]).toEqual([401, 'not_logged_in']);
    const deviceKey = 'c'.repeat(24);
    const guest = (await api.call(auth.loginFreeplay, { os: 'Linux', platform: 'W', deviceKey, gatewayVersion: 3 }, { ip: freshIp() })) as TLogin;
    const guestToken = guest.body.value.token;
    const refused = await api.call(chatSend, { roomId, text: 'hi', clientId: cid() }, { token: guestToken });
    expect([refused.status, refused.body.code]).toEqual([403, 'in_need_true_account']);
    const guestRooms = await api.call<{ me: { canWrite: boolean } }>(chatRooms, {}, { token: guestToken });
    expect(guestRooms.body.value.me.canWrite).toBe(false);
    expect(await stored(roomId)).toEqual([]);

    const m = await member('writer', 2);
    const sent = await send(m, roomId, '  Hello room!  ');
    expect(sent.status).toBe(200);
    expect(sent.body.value).toMatchObject({ roomId, text: 'Hello room!', mine: true, vipLevel: 2, author: `${m.username.slice(0, 2)}***${m.username.slice(-1)}` });
    expect((await stored(roomId)).map((r) => r.text)).toEqual(['Hello room!']);
  });

  it(`refuses ${CHAT_MAX_CHARS + 1} and 10,000 characters and empty text, storing nothing`, async () => {
    const roomId = await room('lengths');
    const m = await member('longtalk');
    for (const text of ['x'.repeat(CHAT_MAX_CHARS + 1), 'y'.repeat(10_000), '   ', '\u200B\u202E']) {
      const res = await send(m, roomId, text);
      expect([res.status, res.body.code], `${text.length} characters`).toEqual([400, 'validation_failed']);
    }
    expect(await stored(roomId)).toEqual([]);
    const exact = await send(m, roomId, 'z'.repeat(CHAT_MAX_CHARS));
    expect(exact.status).toBe(200);
    expect((await stored(roomId)).map((r) => r.text.length)).toEqual([CHAT_MAX_CHARS]);
  });

  it('script and HTML are stored and returned as the characters typed (plain text in JSON, never markup)', async () => {
    const roomId = await room('markup');
    const a = await member('markupa');
    const b = await member('markupb');
    const script = await send(a, roomId, '<script>alert(1)</script>');
    const bold = await send(b, roomId, '<b>x</b> & <img src=x onerror=alert(2)>');
    expect(script.body.value.text).toBe('<script>alert(1)</script>');
    expect(bold.body.value.text).toBe('<b>x</b> & <img src=x onerror=alert(2)>');
    const res = await t.app.inject({ method: 'GET', url: `/wps/chat/history?roomId=${roomId}` });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().value.list.map((m: TChatMessage) => m.text)).toEqual(['<script>alert(1)</script>', '<b>x</b> & <img src=x onerror=alert(2)>']);
    expect((await stored(roomId)).map((r) => r.text)).toEqual(['<script>alert(1)</script>', '<b>x</b> & <img src=x onerror=alert(2)>']);
  });

  it('control characters: C0 ones are refused (every call), the rest stripped, line breaks become a space', async () => {
    const roomId = await room('controls');
    const a = await member('ctrla');
    const b = await member('ctrlb');
    const bell = await send(a, roomId, 'ding\u0007dong');
    expect([bell.status, bell.body.code]).toEqual([400, 'validation_failed']);
    expect(await stored(roomId)).toEqual([]);
    const mixed = await send(a, roomId, 'one\r\ntwo\tthree \u202Egnp.exe\u202C\u0085!');
    expect(mixed.body.value.text).toBe('one two three gnp.exe !');
    const cjk = await send(b, roomId, '大家好 Xin chào 👋');
    expect(cjk.body.value.text).toBe('大家好 Xin chào 👋');
    expect((await stored(roomId)).map((r) => r.text)).toEqual(['one two three gnp.exe !', '大家好 Xin chào 👋']);
  });

  it('a retried send (same clientId) stores one message and answers it again', async () => {
    const roomId = await room('retries');
    const m = await member('retrier');
    const clientId = cid();
    const first = await send(m, roomId, 'only once', clientId);
    const again = await send(m, roomId, 'only once', clientId);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.value).toEqual(first.body.value);
    expect(await stored(roomId)).toHaveLength(1);
  });

  it(`a flood is refused chat_rate_limited: never two within ${CHAT_RATE.gapMs} ms, at most ${CHAT_RATE.max} in ${CHAT_RATE.windowMs / 1000} s`, async () => {
    const roomId = await room('flood');
    const m = await member('flooder');
    expect((await send(m, roomId, 'msg 1')).status).toBe(200);
    const tooSoon = await send(m, roomId, 'msg 2 at once');
    expect([tooSoon.status, tooSoon.body.code]).toEqual([429, 'chat_rate_limited']);
    for (let i = 2; i <= CHAT_RATE.max; i++) {
      await sleep(CHAT_RATE.gapMs + 50);
      expect((await send(m, roomId, `msg ${i}`)).status, `msg ${i}`).toBe(200);
    }
    await sleep(CHAT_RATE.gapMs + 50);
    const sixth = await send(m, roomId, 'one too many');
    expect([sixth.status, sixth.body.code]).toEqual([429, 'chat_rate_limited']);
    expect((await stored(roomId)).map((r) => r.text)).toEqual(Array.from({ length: CHAT_RATE.max }, (_, i) => `msg ${i + 1}`));
    // another member is not slowed by it
    const other = await member('calm');
    expect((await send(other, roomId, 'hello')).status).toBe(200);
  }, 20_000);
});

describe('moderation', () => {
  it('mute refuses the next send with its end, unmute allows it again; both audited', async () => {
    const roomId = await room('mutes');
    const m = await member('noisy');
    const before = Date.now();
    const muted = await ops('chat', 'mute', m.username, '--minutes', '30', '--reason', 'spam links');
    expect(muted.message).toContain('muted until');
    const refused = await send(m, roomId, 'let me talk');
    expect([refused.status, refused.body.code]).toEqual([403, 'chat_muted']);
    const until = Date.parse((refused.body.value as unknown as { until: string }).until);
    expect(until).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1_000);
    const standing = await api.call<{ me: { canWrite: boolean; mutedUntil: string } }>(chatRooms, {}, { token: m.token });
    expect(standing.body.value.me).toMatchObject({ canWrite: false, banned: false });
    expect(Date.parse(standing.body.value.me.mutedUntil)).toBe(until);
    expect(await stored(roomId)).toEqual([]);

    await ops('chat', 'unmute', m.username);
    expect((await send(m, roomId, 'thanks')).status).toBe(200);
    const mutes = await auditRows('chat.mute');
    expect(mutes.at(-1)).toMatchObject({ target: `user:${m.username}`, actor: 'test' });
    expect((await auditRows('chat.unmute')).at(-1)?.target).toBe(`user:${m.username}`);
  });

  it('ban refuses every room until unbanned', async () => {
    const roomId = await room('bans');
    const m = await member('banned');
    await ops('chat', 'ban', m.username, '--reason', 'abuse');
    const refused = await send(m, roomId, 'hello?');
    expect([refused.status, refused.body.code]).toEqual([403, 'chat_banned']);
    const rooms = await api.call<{ me: unknown }>(chatRooms, {}, { token: m.token });
    expect(rooms.body.value.me).toEqual({ canWrite: false, mutedUntil: null, banned: true });
    await ops('chat', 'unban', m.username);
    expect((await send(m, roomId, 'I will behave')).status).toBe(200);
    expect((await auditRows('chat.ban')).at(-1)).toMatchObject({ target: `user:${m.username}`, after: { banned: true, reason: 'abuse' } });
    expect((await auditRows('chat.unban')).length).toBeGreaterThanOrEqual(1);
  });

  it('delete hides messages from history (kept for the audit); unknown ids delete nothing', async () => {
    const roomId = await room('deletes');
    const a = await member('deletea');
    const b = await member('deleteb');
    const bad = await send(a, roomId, 'buy followers at example.test');
    const good = await send(b, roomId, 'welcome all');
    await expect(ops('chat', 'delete', String(bad.body.value.id), '999999999')).rejects.toThrow(/no chat message 999999999/);
    expect((await stored(roomId)).every((r) => !r.deleted)).toBe(true);
    const done = await ops('chat', 'delete', String(bad.body.value.id));
    expect(done.message).toBe('1 deleted');
    expect((await history(roomId)).body.value.list.map((m) => m.id)).toEqual([good.body.value.id]);
    expect((await stored(roomId)).map((r) => [r.id, r.deleted])).toEqual([
      [bad.body.value.id, true],
      [good.body.value.id, false],
    ]);
    expect((await ops('chat', 'delete', String(bad.body.value.id))).message).toBe('0 deleted, 1 already were');
    const audit = await auditRows('chat.delete');
    expect(audit.at(-1)?.target).toBe(`chatMessages:${bad.body.value.id}`);
    const shown = await ops('chat', 'history', 'deletes');
    expect(shown.message).toContain(a.username);
    expect(shown.message).toContain('[deleted ');
  });

  it('room commands: add, list, disable are audited; bad arguments are usage errors', async () => {
    await ops('chat', 'room', 'add', 'vip-lounge', '--name', 'VIP lounge');
    const list = await ops('chat', 'room', 'list');
    expect(list.message).toMatch(/\tvip-lounge\topen\t0\tVIP lounge/);
    await ops('chat', 'room', 'disable', 'vip-lounge');
    expect((await ops('chat', 'room', 'list')).message).toMatch(/\tvip-lounge\tclosed\t/);
    expect((await auditRows('chat.room.add')).some((r) => r.target === 'chatRoom:vip-lounge')).toBe(true);
    expect((await auditRows('chat.room.set')).some((r) => r.target === 'chatRoom:vip-lounge')).toBe(true);
    await expect(ops('chat', 'room', 'disable', 'nowhere')).rejects.toThrow(/no chat room nowhere/);
    await expect(ops('chat', 'mute', 'nobody', '--minutes', '5')).rejects.toThrow(/no account nobody/);
    for (const argv of [
      ['chat', 'mute', 'member01'],
      ['chat', 'mute', 'member01', '--minutes', 'soon'],
      ['chat', 'delete'],
      ['chat', 'delete', 'abc'],
      ['chat', 'room', 'add', 'x y'],
      ['chat', 'ban', 'member01', '--minutes', '5'],
      ['chat', 'shout'],
    ]) {
      expect(() => parseOpsCommand(argv), argv.join(' ')).toThrow(UsageError);
    }
  });
});

describe('on the socket', () => {
  it('a joined socket gets the history, every new message (mine on the author), a deletion and its own standing', async () => {
    const roomId = await room('live');
    const alice = await member('livealice', 1);
    const bob = await member('livebob');
    await send(alice, roomId, 'before anyone joined');

    const visitor = await socket();
    visitor.send({ t: 'join', roomId });
    const joined = await visitor.next('joined');
    expect(joined.history.map((m) => m.text)).toEqual(['before anyone joined']);
    expect(joined.online).toBeGreaterThanOrEqual(1);
    const aliceWs = await socket(alice.token);
    aliceWs.send({ t: 'join', roomId });
    expect((await aliceWs.next('joined')).history[0]?.mine).toBe(true);
    const bobWs = await socket(bob.token);
    bobWs.send({ t: 'join', roomId });
    await bobWs.next('joined');

    const sent = await send(bob, roomId, 'hello everyone <b>live</b>');
    expect(sent.status).toBe(200);
    const seen = await visitor.next('chat');
    expect(seen.message).toEqual({ ...sent.body.value, mine: false });
    expect((await bobWs.next('chat')).message).toEqual(sent.body.value);
    expect((await aliceWs.next('chat')).message.mine).toBe(false);

    await ops('chat', 'delete', String(sent.body.value.id));
    expect(await visitor.next('chatDeleted')).toEqual({ t: 'chatDeleted', roomId, ids: [sent.body.value.id] });
    await bobWs.next('chatDeleted');

    await ops('chat', 'mute', bob.username, '--minutes', '5');
    const me = await bobWs.next('chatMe');
    expect(me).toMatchObject({ canWrite: false, banned: false });
    expect(me.mutedUntil).not.toBeNull();
    await ops('chat', 'unmute', bob.username);
    expect(await bobWs.next('chatMe', { where: (f) => f.canWrite })).toEqual({ t: 'chatMe', canWrite: true, mutedUntil: null, banned: false });
    // a standing goes to the member alone
    await sleep(200);
    expect(aliceWs.frames.some((f) => f.t === 'chatMe')).toBe(false);
    expect(visitor.frames.some((f) => f.t === 'chatMe')).toBe(false);
  });

  it('a retried send is delivered once; joining a closed room is refused with chat_room_not_found', async () => {
    const roomId = await room('liveonce');
    const m = await member('liveonce');
    const watcher = await socket();
    watcher.send({ t: 'join', roomId });
    await watcher.next('joined');
    const clientId = cid();
    await send(m, roomId, 'once', clientId);
    await send(m, roomId, 'once', clientId);
    await watcher.next('chat');
    await sleep(300);
    expect(watcher.frames.filter((f) => f.t === 'chat')).toHaveLength(1);

    await ops('chat', 'room', 'disable', 'liveonce');
    const late = await socket();
    late.send({ t: 'join', roomId });
    expect(await late.next('error')).toEqual({ t: 'error', code: 'chat_room_not_found' });
  });
});

describe.skipIf(TEST_DB !== 'postgres')('PostgreSQL only', () => {
  it('the rate limit holds when sends race: ten at once from one member store one', async () => {
    const roomId = await room('race');
    const m = await member('racer');
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => send(m, roomId, `race ${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 'chat_rate_limited')).toHaveLength(9);
    expect(await stored(roomId)).toHaveLength(1);
  });

  it('the operator CLI in its own process reaches connected clients: a deletion to the room, a mute to the member', async () => {
    const roomId = await room('fromcli');
    const m = await member('clitalk');
    const sent = await send(m, roomId, 'delete me from the command line');
    const watcher = await socket();
    watcher.send({ t: 'join', roomId });
    await watcher.next('joined');
    const own = await socket(m.token);
    const cli = (...argv: string[]) =>
      new Promise<number>((resolve, reject) => {
        const child = forkCli(argv, { ...process.env, DATABASE_URL: t.databaseUrl ?? '', MERCHANT_CODE: 'PLAYHALL', SEED_DEMO: '0', OPS_ACTOR: 'cli-test' }, ['ignore', 'ignore', 'inherit', 'ipc']);
        child.once('exit', (code) => resolve(code ?? 1));
        child.once('error', reject);
      });
    expect(await cli('chat', 'delete', String(sent.body.value.id))).toBe(0);
    expect(await watcher.next('chatDeleted', { ms: 10_000 })).toEqual({ t: 'chatDeleted', roomId, ids: [sent.body.value.id] });
    expect(await cli('chat', 'mute', m.username, '--minutes', '10')).toBe(0);
    expect(await own.next('chatMe', { ms: 10_000 })).toMatchObject({ canWrite: false, banned: false });
    expect((await auditRows('chat.mute')).at(-1)).toMatchObject({ actor: 'cli-test', target: `user:${m.username}` });
  }, 60_000);
});
