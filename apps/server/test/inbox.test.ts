import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as agentCalls from '@playhall/contract/calls/agent';
import * as auth from '@playhall/contract/calls/auth';
import * as inbox from '@playhall/contract/calls/inbox';
import { feedback, unreadCount } from '@playhall/contract/calls/system';
import * as wallet from '@playhall/contract/calls/wallet';
import { rowsOf } from '../src/db/client.ts';
import { signBody } from '../src/lib/hmac-signature.ts';
import { installSecret } from '../src/modules/crypto/install-secret.ts';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { OpsRefusal } from '../src/modules/ops/ops.service.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { MARKUP, realPng } from './support/images.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

// Issue 19, messages (messageV2) and feedback on the real server and database: the member's list, filters, paging,
// reading, marking and deleting; nothing of one member reachable by another; operator sends to a member, a VIP
// level, a team and everyone, sanitised and audited; event messages written once; feedback with its image and the
// operator's reply, which arrives as a message.

let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'Inbox12345';
const ops = (...argv: string[]) => api.ops(parseOpsCommand(argv));

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(q));
}

async function login(username: string): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password: PASSWORD }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res.body.value.token;
}

/** A new account under `upline`, in English (the event messages' language), logged in. */
async function account(username: string, opts: { type?: 'member' | 'agent'; upline?: string | null } = {}): Promise<{ id: number; token: string }> {
  await api.ops({ kind: 'user.create', username, password: PASSWORD, type: opts.type ?? 'member', upline: opts.upline === undefined ? 'agent01' : opts.upline });
  await api.sql(sql`update users set password_initial = false, language = 'EN' where username = ${username}`);
  const [row] = await query<{ id: string }>(sql`select id::text from users where username = ${username}`);
  return { id: Number(row?.id), token: await login(username) };
}

type TList = { list: inbox.TMessageSummary[]; total: number; page: number; pageSize: number; unread: number };
const list = async (token: string, q: Record<string, unknown> = {}) => {
  const res = await api.call<TList>(inbox.listMessages, q, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.value;
};
const unread = async (token: string) => (await api.call<{ count: number }>(unreadCount, {}, { token })).body.value.count;
const send = (username: string, title: string, kind = 'system', content = `<p>${title}</p>`) =>
  ops('message', 'send', '--title', title, '--content', content, '--kind', kind, '--to-member', username);
const messagesOf = (userId: number) =>
  query<{ id: string; title: string; content: string; kind: string; read_at: string | null; deleted_at: string | null; source_key: string | null }>(
    sql`select id::text, title, content, kind, read_at::text, deleted_at::text, source_key from member_messages where user_id = ${userId} order by id`,
  );

describe('the member reads its messages', () => {
  let ann: { id: number; token: string };
  let bob: { id: number; token: string };
  beforeAll(async () => {
    ann = await account('inboxann');
    bob = await account('inboxbob');
    await send('inboxann', 'Maintenance tonight', 'system', '<p>We close <b>02:00–04:00</b>.</p><p>Balances &amp; tickets are safe.</p>');
    await send('inboxann', 'Weekend reload', 'promotion');
    await send('inboxann', 'Hello Ann', 'personal');
    await send('inboxann', 'A long one', 'system', `<p>${'word '.repeat(40)}</p>`);
    await send('inboxbob', 'Bob only', 'personal');
  });

  it('lists newest first with filters, pages and the unread total; previews are plain text', async () => {
    const all = await list(ann.token);
    expect(all.list.map((m) => m.title)).toEqual(['A long one', 'Hello Ann', 'Weekend reload', 'Maintenance tonight']);
    expect([all.total, all.unread]).toEqual([4, 4]);
    expect(all.list.every((m) => !m.read)).toBe(true);
    const maintenance = all.list[3]!;
    expect(maintenance.preview).toBe('We close 02:00–04:00. Balances & tickets are safe.');
    expect([...all.list[0]!.preview].length).toBeLessThanOrEqual(81);
    expect(all.list[0]!.preview.endsWith('…')).toBe(true);

    expect((await list(ann.token, { filter: 'system' })).list.map((m) => m.title)).toEqual(['A long one', 'Maintenance tonight']);
    expect((await list(ann.token, { filter: 'promotion' })).list.map((m) => m.title)).toEqual(['Weekend reload']);
    expect((await list(ann.token, { filter: 'personal' })).list.map((m) => m.title)).toEqual(['Hello Ann']);
    const page2 = await list(ann.token, { page: 2, pageSize: 3 });
    expect([page2.list.map((m) => m.title), page2.total, page2.page, page2.unread]).toEqual([['Maintenance tonight'], 4, 2, 4]);
    expect(await unread(ann.token)).toBe(4);
  });

  it('opening a message returns it whole and marks it read; the counts fall', async () => {
    const [first] = (await list(ann.token, { filter: 'promotion' })).list;
    const res = await api.call<inbox.TMessage>(inbox.readMessage, { id: first!.id }, { token: ann.token });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ id: first!.id, title: 'Weekend reload', content: '<p>Weekend reload</p>', read: true, kind: 'promotion' });
    expect(await unread(ann.token)).toBe(3);
    expect((await list(ann.token, { filter: 'unread' })).list.map((m) => m.title)).not.toContain('Weekend reload');
    // Reading it again keeps it read and the first reading's time.
    const [before] = (await messagesOf(ann.id)).filter((m) => m.title === 'Weekend reload');
    await api.call(inbox.readMessage, { id: first!.id }, { token: ann.token });
    const [after] = (await messagesOf(ann.id)).filter((m) => m.title === 'Weekend reload');
    expect(after?.read_at).toBe(before?.read_at);
  });

  it("someone else's message cannot be read, marked or deleted, and stays as it was", async () => {
    const [bobs] = (await list(bob.token)).list;
    const read = await api.call(inbox.readMessage, { id: bobs!.id }, { token: ann.token });
    expect([read.status, read.body.code]).toEqual([404, 'message_not_found']);
    const mark = await api.call<{ updated: number; unread: number }>(inbox.markMessagesRead, { ids: [bobs!.id] }, { token: ann.token });
    expect(mark.body.value).toEqual({ updated: 0, unread: 3 });
    const mine = (await list(ann.token)).list[0]!;
    const del = await api.call(inbox.deleteMessages, { ids: [mine.id, bobs!.id] }, { token: ann.token });
    expect([del.status, del.body.code]).toEqual([404, 'message_not_found']);
    // Nothing deleted, Ann's own one included; Bob's still unread.
    expect((await messagesOf(ann.id)).every((m) => m.deleted_at === null)).toBe(true);
    expect((await messagesOf(bob.id)).map((m) => [m.read_at, m.deleted_at])).toEqual([[null, null]]);
    expect(await unread(bob.token)).toBe(1);
  });

  it('marks read only its own ids, then all; deletes its own', async () => {
    const ids = (await list(ann.token, { filter: 'unread' })).list.map((m) => m.id);
    const [bobs] = (await list(bob.token)).list;
    const mark = await api.call<{ updated: number; unread: number }>(inbox.markMessagesRead, { ids: [ids[0]!, bobs!.id] }, { token: ann.token });
    expect(mark.body.value).toEqual({ updated: 1, unread: 2 });
    expect(await unread(bob.token)).toBe(1);
    const all = await api.call<{ updated: number; unread: number }>(inbox.markAllMessagesRead, {}, { token: ann.token });
    expect(all.body.value).toEqual({ updated: 2, unread: 0 });
    expect(await unread(bob.token)).toBe(1);

    await send('inboxann', 'Unread then deleted');
    expect(await unread(ann.token)).toBe(1);
    const [gone] = (await list(ann.token)).list;
    const del = await api.call<{ deleted: number; unread: number }>(inbox.deleteMessages, { ids: [gone!.id, gone!.id] }, { token: ann.token });
    expect(del.body.value).toEqual({ deleted: 1, unread: 0 });
    // Gone from the list, the counts and CSP_unreadCount; kept for the operator; a deleted id is not found.
    expect((await list(ann.token)).list.map((m) => m.title)).not.toContain('Unread then deleted');
    expect(await unread(ann.token)).toBe(0);
    expect((await messagesOf(ann.id)).find((m) => m.title === 'Unread then deleted')?.deleted_at).not.toBeNull();
    const again = await api.call(inbox.readMessage, { id: gone!.id }, { token: ann.token });
    expect(again.body.code).toBe('message_not_found');
    expect((await api.call(inbox.deleteMessages, { ids: [gone!.id] }, { token: ann.token })).body.code).toBe('message_not_found');
  });

  it('needs a session; bad ids are refused', async () => {
    expect((await api.call(inbox.listMessages, {})).body.code).toBe('not_logged_in');
    expect((await api.call(inbox.deleteMessages, { ids: [] }, { token: ann.token })).status).toBe(400);
    expect((await api.call(inbox.markMessagesRead, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, { token: ann.token })).status).toBe(400);
    expect((await api.call(inbox.readMessage, { id: 'x' }, { token: ann.token })).status).toBe(400);
  });
});

describe('operator sends', () => {
  it('to a VIP level, a team and everyone: counted right, set-based, locked accounts and guests left out, audited', async () => {
    const v1 = await account('inboxvip1');
    const v2 = await account('inboxvip2');
    const v3 = await account('inboxvip3');
    for (const v of [v1, v2, v3]) {
      await api.sql(sql`insert into member_vip (user_id, merchant_id, level) values (${v.id}, ${t.merchantId}, 9) on conflict (user_id) do update set level = 9`);
    }
    await api.sql(sql`update users set status = 'locked' where id = ${v3.id}`);
    const vip = await ops('message', 'send', '--title', 'VIP9 gift', '--content', '<p>For you</p>', '--kind', 'promotion', '--to-vip', '9,10');
    expect(vip.message).toMatch(/sent to 2 recipients$/);
    const batch = (vip.data as { batchId: number }).batchId;
    expect((await messagesOf(v1.id)).map((m) => [m.title, m.kind, m.source_key])).toEqual([['VIP9 gift', 'promotion', `batch:${batch}`]]);
    expect(await messagesOf(v3.id)).toEqual([]);

    await account('inboxboss', { type: 'agent', upline: 'agent01' });
    const sub = await account('inboxsub', { type: 'agent', upline: 'inboxboss' });
    const m1 = await account('inboxteam1', { upline: 'inboxboss' });
    const m2 = await account('inboxteam2', { upline: 'inboxsub' });
    const team = await ops('message', 'send', '--title', 'Team news', '--content', 'Hi team', '--to-team', 'inboxboss');
    expect(team.message).toMatch(/sent to 3 recipients$/);
    for (const u of [sub, m1, m2]) expect((await messagesOf(u.id)).map((m) => m.title)).toEqual(['Team news']);
    expect(await query(sql`select 1 from member_messages m join users u on u.id = m.user_id where u.username = 'inboxboss'`)).toEqual([]);

    const [expected] = await query<{ n: number }>(
      sql`select count(*)::int as n from users where merchant_id = ${t.merchantId} and status = 'active' and account_type <> 4`,
    );
    const all = await ops('message', 'send', '--title', 'To everyone', '--content', '<p>Hello all</p>', '--to-all');
    expect(all.message).toMatch(new RegExp(`sent to ${expected?.n} recipients$`));
    const [written] = await query<{ n: number }>(sql`select count(*)::int as n from member_messages where title = 'To everyone'`);
    expect(written?.n).toBe(expected?.n);
    expect(await query(sql`select 1 from member_messages where title = 'To everyone' and user_id = ${v3.id}`)).toEqual([]);

    const audits = await query<{ action: string; target: string }>(sql`select action, target from audit_log where action = 'message.send' order by id`);
    expect(audits.map((a) => a.target)).toEqual(expect.arrayContaining([`messageBatch:${batch}`]));
    const [b] = await query<{ recipients: number; segment: unknown }>(sql`select recipients, segment from message_batches where id = ${batch}`);
    expect(b).toEqual({ recipients: 2, segment: { to: 'vip', levels: [9, 10] } });
    expect((await ops('message', 'list')).message).toContain('VIP9 gift');
    expect((await ops('message', 'list', '--batch', String(batch))).message).toMatch(/recipients 2, read 0, deleted 0/);
  });

  it('sanitises the HTML: scripts and handlers removed, formatting kept', async () => {
    const u = await account('inboxhtml');
    await send('inboxhtml', 'Formatted', 'system', '<p onclick="steal()"><b>Bold</b> <script>alert(1)</script><a href="javascript:alert(2)">x</a><img src=x onerror=alert(3)></p>');
    const [m] = await messagesOf(u.id);
    expect(m?.content).toContain('<b>Bold</b>');
    expect(m?.content).not.toMatch(/script|onclick|onerror|javascript:/);
    const res = await api.call<inbox.TMessage>(inbox.readMessage, { id: Number(m?.id) }, { token: u.token });
    expect(res.body.value.content).not.toMatch(/script|onerror/);
  });

  it('refuses bad targets and arguments, sending nothing', async () => {
    const [before] = await query<{ n: number }>(sql`select count(*)::int as n from member_messages`);
    expect(() => parseOpsCommand(['message', 'send', '--title', 'T', '--content', 'C'])).toThrow(/exactly one of/);
    expect(() => parseOpsCommand(['message', 'send', '--title', 'T', '--content', 'C', '--to-all', '--to-member', 'member01'])).toThrow(/exactly one of/);
    expect(() => parseOpsCommand(['message', 'send', '--title', 'T', '--content', 'C', '--to-vip', 'gold'])).toThrow(/levels such as/);
    expect(() => parseOpsCommand(['message', 'send', '--title', 'T', '--content', 'C', '--kind', 'spam', '--to-all'])).toThrow(UsageError);
    expect(() => parseOpsCommand(['message', 'send', '--content', 'C', '--to-all'])).toThrow(/--title is required/);
    await expect(send('nobodyhere', 'x')).rejects.toThrow(OpsRefusal);
    await expect(ops('message', 'send', '--title', 'T', '--content', 'C', '--to-team', 'member01')).rejects.toThrow(/not an agent/);
    await expect(ops('message', 'send', '--title', 'T', '--content', '<script>x</script>', '--to-all')).rejects.toThrow(/empty once sanitised/);
    const [after] = await query<{ n: number }>(sql`select count(*)::int as n from member_messages`);
    expect(after?.n).toBe(before?.n);
  });
});

describe('event messages', () => {
  it('a deposit credited by a replayed gateway callback writes one message, in the member language', async () => {
    const u = await account('inboxpayer');
    const secret = await installSecret(t.database.db, 'sandbox-gateway-hmac');
    const channels = (await api.call<{ channels: { id: number; type: string }[] }>(wallet.depositChannels, {}, { token: u.token })).body.value.channels;
    const online = channels.find((c) => c.type === 'online')!;
    const created = await api.call<{ deposit: wallet.TDeposit }>(wallet.depositCreate, { requestId: `inbox-${Date.now()}`, channelId: online.id, amount: 5_000_000 }, { token: u.token });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const d = created.body.value.deposit;
    const [row] = await query<{ gateway_txn_id: string }>(sql`select gateway_txn_id from deposits where id = ${d.id}`);
    const callback = async () => {
      const raw = JSON.stringify({ depositId: d.id, gatewayTxnId: row?.gateway_txn_id, amount: d.amount, status: 'paid', timestamp: Math.floor(Date.now() / 1000), nonce: crypto.randomBytes(12).toString('hex') });
      const res = await t.app.inject({ method: 'POST', url: wallet.depositGatewayCallback.path, headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) }, payload: raw });
      return res.statusCode;
    };
    expect(await callback()).toBe(200);
    expect(await callback()).toBe(200);
    const msgs = (await messagesOf(u.id)).filter((m) => m.source_key === `deposit:${d.id}`);
    expect(msgs.map((m) => [m.title, m.kind])).toEqual([['Deposit credited', 'system']]);
    expect(msgs[0]?.content).toBe(`<p>Your deposit of 50,000.00 (no. ${d.id}) has been credited to your main wallet.</p>`);
    expect(await unread(u.token)).toBe(1);
  });

  it('a withdrawal paid and one rejected by the operator each write one message; the command again writes none', async () => {
    const u = await account('inboxwd');
    const PAY = '654321';
    await api.ops({ kind: 'wallet.adjust', username: 'inboxwd', amount: 50_000_000, reason: 'test funds', requestId: null });
    expect((await api.call(wallet.setPaymentPassword, { loginPassword: PASSWORD, newPaymentPassword: PAY, confirmPaymentPassword: PAY }, { token: u.token, ip: freshIp() })).body.code).toBe('ok');
    const card = await api.call<wallet.TBankCard>(wallet.bindBankCard, { bankCode: 'VCB', accountName: 'Inbox Nguyen', accountNumber: '0071000999111', paymentPassword: PAY }, { token: u.token, ip: freshIp() });
    expect(card.body.code).toBe('ok');
    const withdraw = async () => {
      const res = await api.call<wallet.TWithdrawal>(wallet.withdraw, { paymentPassword: PAY, requestId: `inbox-wd-${Date.now()}-${crypto.randomBytes(4).toString('hex')}`, amount: 5_000_000, bankCardId: card.body.value.id }, { token: u.token, ip: freshIp() });
      expect(res.body.code, JSON.stringify(res.body)).toBe('ok');
      return res.body.value.id;
    };
    const paid = await withdraw();
    const rejected = await withdraw();
    await ops('withdrawal', 'pay', String(paid));
    await ops('withdrawal', 'reject', String(rejected), '--reason', 'Name <b>mismatch</b>');
    await expect(ops('withdrawal', 'pay', String(paid))).rejects.toThrow();
    await expect(ops('withdrawal', 'reject', String(rejected), '--reason', 'again')).rejects.toThrow();
    const msgs = (await messagesOf(u.id)).filter((m) => m.source_key?.startsWith('withdrawal:'));
    expect(msgs.map((m) => [m.source_key, m.title])).toEqual([
      [`withdrawal:${paid}:paid`, 'Withdrawal paid'],
      [`withdrawal:${rejected}:rejected`, 'Withdrawal rejected'],
    ]);
    expect(msgs[1]?.content).toContain('Reason: Name &lt;b&gt;mismatch&lt;/b&gt;');
  });

  it("a contract offered to a downline writes it one message naming the upline", async () => {
    const top = await account('inboxtop', { type: 'agent', upline: null });
    const down = await account('inboxdown', { type: 'agent', upline: 'inboxtop' });
    await api.ops({ kind: 'contract.platform', username: 'inboxtop', terms: { kind: 'dailySalary', tiers: [{ rate: 80, minActiveMembers: 0, minValidBet: 0 }] } });
    expect(await messagesOf(top.id)).toEqual([]);
    const offer = await api.call<{ id: number }>(agentCalls.processDailySalary, { action: 'sign', downlineId: down.id, terms: { tiers: [{ rate: 60, minActiveMembers: 0, minValidBet: 0 }] } }, { token: top.token });
    expect(offer.body.code, JSON.stringify(offer.body)).toBe('ok');
    const msgs = await messagesOf(down.id);
    expect(msgs.map((m) => [m.title, m.kind, m.source_key])).toEqual([['New contract offer', 'personal', `contract:${offer.body.value.id}`]]);
    expect(msgs[0]?.content).toContain('Your upline inboxtop has offered you a new contract.');
  });

  it('a bonus granted to a member in Chinese reads in Chinese; a rejected withdrawal escapes the reason', async () => {
    const u = await account('inboxbonus');
    await api.sql(sql`update users set language = 'CN' where id = ${u.id}`);
    const { grantReward } = await import('../src/modules/rewards/rewards.service.ts');
    const { writeEventMessage } = await import('../src/modules/inbox/event-messages.ts');
    await t.database.db.transaction(async (tx) => {
      await grantReward(
        tx,
        { merchantId: t.merchantId, userId: u.id, source: 'activity', activityId: null, key: `inbox-test:${u.id}`, title: 'Test <bonus>', form: 'cash', amount: 1_000, turnoverRequired: 0, turnoverWeights: null, bonusDays: 30, withdrawalPolicy: 'refuse', claimBy: null },
        new Date(),
      );
    });
    await t.database.db.transaction((tx) => writeEventMessage(tx, 'withdrawalRejected', { userId: u.id, sourceKey: 'withdrawal:test:rejected', a: '10.00', b: '7', c: '<i>bad</i> card' }));
    const msgs = await messagesOf(u.id);
    expect(msgs.map((m) => m.title)).toEqual(['奖金已到账', '提款被拒绝']);
    expect(msgs[0]?.content).toBe('<p>您获得了 10.00 的奖金：Test &lt;bonus&gt;。</p>');
    expect(msgs[1]?.content).toContain('原因：&lt;i&gt;bad&lt;/i&gt; card');
    // The same event again writes nothing.
    await t.database.db.transaction((tx) => writeEventMessage(tx, 'withdrawalRejected', { userId: u.id, sourceKey: 'withdrawal:test:rejected', a: '10.00', b: '7', c: 'again' }));
    expect(await messagesOf(u.id)).toHaveLength(2);
  });
});

describe('feedback', () => {
  let fay: { id: number; token: string };
  let gus: { id: number; token: string };
  beforeAll(async () => {
    fay = await account('inboxfay');
    gus = await account('inboxgus');
  });
  const counts = async () =>
    (await query<{ f: number; u: number }>(sql`select (select count(*)::int from feedback) as f, (select count(*)::int from uploads where purpose = 'feedbackImage') as u`))[0];
  type TFeedbackPage = { list: inbox.TFeedbackItem[]; total: number };
  const history = async (token: string) => (await api.call<TFeedbackPage>(inbox.listFeedback, {}, { token })).body.value;

  it('refuses 141 characters and an image that is not one by content, storing nothing', async () => {
    const before = await counts();
    const long = await api.call(feedback, { content: 'x'.repeat(141), category: 'games' }, { token: fay.token });
    expect([long.status, long.body.code]).toEqual([400, 'validation_failed']);
    const fake = await api.call(feedback, { content: 'See picture', category: 'games', image: { mime: 'image/png', data: MARKUP.toString('base64') } }, { token: fay.token });
    expect([fake.status, fake.body.code]).toEqual([400, 'invalid_image']);
    const wrongType = await api.call(feedback, { content: 'See picture', category: 'games', image: { mime: 'image/jpeg', data: (await realPng(8, 8)).toString('base64') } }, { token: fay.token });
    expect(wrongType.body.code).toBe('invalid_image');
    expect(await counts()).toEqual(before);
  });

  it('stores 140 characters with a checked image, served to its owner only; markup stays text', async () => {
    const text = `<b>hi</b> ${'é'.repeat(130)}`;
    expect(text.length).toBe(140);
    const res = await api.call<{ id: number }>(feedback, { content: text, category: 'deposit', image: { mime: 'image/png', data: (await realPng(12, 10)).toString('base64') } }, { token: fay.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = await history(fay.token);
    expect(mine.total).toBe(1);
    const [item] = mine.list;
    expect(item).toMatchObject({ id: res.body.value.id, category: 'deposit', content: text, status: 'open', reply: null, repliedAt: null });
    expect(item?.imageUrl).toMatch(/^\/img\/feedback\/[A-Za-z0-9_-]+\.png\?exp=\d+&sig=[A-Za-z0-9_-]+$/);
    const image = await t.app.inject({ method: 'GET', url: item!.imageUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // Another member sees none of it; the address without its signature, with another one or as a JPEG is not found.
    expect((await history(gus.token)).list).toEqual([]);
    const path = item!.imageUrl!.split('?')[0]!;
    for (const url of [path, `${path}?exp=9999999999&sig=${'A'.repeat(43)}`, item!.imageUrl!.replace('.png?', '.jpg?'), item!.imageUrl!.replace(/exp=\d+/, 'exp=9999999999')]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it("the operator's reply is stored and arrives as a personal message; once only; nobody else can read it", async () => {
    const [item] = (await history(fay.token)).list;
    const listed = await ops('feedback', 'list', '--open');
    expect(listed.message).toContain(`${item!.id}\t`);
    expect(listed.message).toContain('inboxfay');
    const before = await unread(fay.token);
    const reply = await ops('feedback', 'reply', String(item!.id), '--text', 'Thanks! <script>x</script> Fixed.');
    expect(reply.message).toMatch(/answered/);
    const [after] = (await history(fay.token)).list;
    expect(after).toMatchObject({ status: 'replied', reply: 'Thanks! <script>x</script> Fixed.' });
    expect(after?.repliedAt).not.toBeNull();
    expect(await unread(fay.token)).toBe(before + 1);
    const [msg] = (await list(fay.token, { filter: 'personal' })).list;
    expect(msg?.title).toBe('Reply to your feedback');
    const whole = (await api.call<inbox.TMessage>(inbox.readMessage, { id: msg!.id }, { token: fay.token })).body.value;
    expect(whole.content).toContain('Thanks! &lt;script&gt;x&lt;/script&gt; Fixed.');
    expect(whole.content).not.toContain('<script>');
    expect((await api.call(inbox.readMessage, { id: msg!.id }, { token: gus.token })).body.code).toBe('message_not_found');

    await expect(ops('feedback', 'reply', String(item!.id), '--text', 'Again')).rejects.toThrow(/already answered/);
    await expect(ops('feedback', 'reply', '999999', '--text', 'x')).rejects.toThrow(/no feedback 999999/);
    expect((await messagesOf(fay.id)).filter((m) => m.source_key === `feedback:${item!.id}`)).toHaveLength(1);
    expect((await ops('feedback', 'list', '--open')).message).not.toContain(`${item!.id}\t`);
    expect((await ops('feedback', 'list', '--member', 'inboxfay')).message).toContain('reply:');
    const [audit] = await query<{ target: string }>(sql`select target from audit_log where action = 'feedback.reply' order by id desc limit 1`);
    expect(audit?.target).toBe(`feedback:${item!.id}`);
  });
});

describe('demo data', () => {
  it("member01 has messages of each kind, some unread, and a feedback reply that arrived as a message", async () => {
    const token = await (async () => {
      const res = (await api.call(auth.login, { type: 'username', username: 'member01', password: t.demoPassword }, { ip: freshIp() })) as TLogin;
      return res.body.value.token;
    })();
    const all = await list(token, { pageSize: 100 });
    expect(new Set(all.list.map((m) => m.kind))).toEqual(new Set(['system', 'promotion', 'personal']));
    expect(all.unread).toBeGreaterThan(0);
    expect(all.unread).toBeLessThan(all.total);
    const fb = (await api.call<{ list: inbox.TFeedbackItem[] }>(inbox.listFeedback, {}, { token })).body.value.list;
    expect(fb.map((f) => f.status).sort()).toEqual(['open', 'replied']);
  });
});
