import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as games from '@playhall/contract/calls/games';
import * as inbox from '@playhall/contract/calls/inbox';
import * as loyalty from '@playhall/contract/calls/loyalty';
import * as records from '@playhall/contract/calls/wallet';
import { LAUNCH } from '@playhall/contract/constants';
import { activities, announcements, auditLog, games as gamesTable, helpArticles, memberMessages, messageBatches, pointItems, vipLevels } from '../src/db/schema.ts';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { OpsRefusal, runOpsCommand } from '../src/modules/ops/ops.service.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_DB, TEST_MERCHANT, type TTestApp } from './support/test-app.ts';

/**
 * Operator content in the reader's language (issue 23): announcements, help articles, activities, points-mall items,
 * VIP level names and game names carry a text per language (`ops translate`), an operator message its send's texts
 * (`message send --texts`); a reader gets, field by field, their language's, else the merchant's default language's,
 * else the base text. The demo site is seeded with its content, the house studio's game names and member01's operator
 * messages in MY, CN and VI.
 */

let t: TTestApp;
let api: TApi;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'playhall-texts-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const ops = (...argv: string[]) => runOpsCommand(t.database.db, t.merchantId, 'content-tester', parseOpsCommand(argv));

async function read(url: string, language: string | null, payload?: Record<string, unknown>) {
  const res = await t.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...(language ? { language } : {}) },
    ...(payload ? { payload: JSON.stringify(payload) } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

const notices = async (language: string | null) =>
  (await read('/wps/relay/MCSFE_getListAnnouncements', language, { types: 'B,PL,PU,PR,H', platform: 'W', execution: 'B' })) as Record<string, { id: number; title: string; content?: string }[]>;
const help = async (language: string | null) =>
  (await read('/wps/system/helpCenter', language)).categories as { id: number; title: string; articles: { id: number; title: string; content: string }[] }[];
const mall = async (language: string | null) =>
  (await read('/wps/relay/MCS2_getPointReward', language, { page: 1, pageSize: 20 })).list as { id: number; name: string; description: string }[];
const activityList = async (language: string | null) => (await read('/wps/promotions', language)).list as { id: number; title: string; summary: string }[];

describe(`content in the reader's language on ${TEST_DB}`, () => {
  it('serves the demo content in Vietnamese, Chinese and Burmese, and the base text to an English reader', async () => {
    const [row] = await t.database.db.select().from(announcements).where(eq(announcements.title, 'Welcome to Playhall: one wallet for every game'));
    expect(Object.keys(row?.texts ?? {}).sort()).toEqual(['CN', 'MY', 'VI']);
    for (const lang of ['VI', 'CN', 'MY']) {
      const shown = (await notices(lang)).player?.find((n) => n.id === row?.id);
      expect(shown?.title).toBe(row?.texts[lang]?.title);
      expect(shown?.title).not.toBe(row?.title);
    }
    expect((await notices('EN')).player?.find((n) => n.id === row?.id)?.title).toBe('Welcome to Playhall: one wallet for every game');
    const vi = await help('VI');
    expect(vi[0]?.title).not.toBe('Getting started');
    expect(vi[0]?.articles[0]?.content).toMatch(/<p>/);
    const list = await activityList('VI');
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((a) => a.title !== '')).toBe(true);
    expect(list.map((a) => a.title)).not.toContain('Daily check-in');
    const items = await mall('VI');
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((i) => i.name)).not.toContain('Playhall mug');
    expect((await mall('EN')).map((i) => i.name)).toContain('Playhall mug');
  });

  it('`ops translate` writes one language; a reader of another falls back to the site language, then to the base text', async () => {
    const added = await ops('announce', 'add', '--type', 'PL', '--title', 'Base notice', '--content', '<p>Base</p>');
    const id = (added.data as { id: number }).id;
    expect((await ops('translate', 'announcement', String(id), '--lang', 'th', '--title', 'ประกาศ', '--content', '<p onclick="x()">ไทย<script>1</script></p>')).ok).toBe(true);
    const find = async (lang: string | null) => (await notices(lang)).player?.find((n) => n.id === id);
    expect(await find('TH')).toMatchObject({ title: 'ประกาศ', content: '<p>ไทย</p>' });
    // No Lao text and none in the site language (MY): the base.
    expect(await find('LO')).toMatchObject({ title: 'Base notice', content: '<p>Base</p>' });
    // A Burmese title only: a Lao reader gets it (the site language), with the base content it lacks.
    await ops('translate', 'announcement', String(id), '--lang', 'MY', '--title', 'အသိပေးချက်');
    expect(await find('LO')).toMatchObject({ title: 'အသိပေးချက်', content: '<p>Base</p>' });
    expect(await find(null)).toMatchObject({ title: 'အသိပေးချက်' });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'content.translate')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ actor: 'content-tester', target: `announcement:${id}`, before: { MY: null }, after: { MY: { title: 'အသိပေးချက်' } } });

    const [article] = await t.database.db.select().from(helpArticles).limit(1);
    await ops('translate', 'help', String(article?.id), '--lang', 'TH', '--category', 'เริ่มต้น', '--title', 'วิธีสมัคร', '--content', '<p>สมัคร</p>');
    const th = (await help('TH')).find((c) => c.articles.some((a) => a.id === article?.id));
    expect(th?.title).toBe('เริ่มต้น');
    expect(th?.articles.find((a) => a.id === article?.id)).toMatchObject({ title: 'วิธีสมัคร', content: '<p>สมัคร</p>' });

    const [activity] = await t.database.db.select().from(activities).limit(1);
    await ops('translate', 'activity', String(activity?.id), '--lang', 'TH', '--title', 'โบนัส', '--summary', 'สรุป');
    expect((await activityList('TH')).find((a) => a.id === activity?.id)).toMatchObject({ title: 'โบนัส', summary: 'สรุป' });

    const [item] = await t.database.db.select().from(pointItems).limit(1);
    await ops('translate', 'mall', String(item?.id), '--lang', 'TH', '--name', 'แก้วน้ำ', '--html', '<p onmouseover="x()">แก้ว</p>');
    expect((await mall('TH')).find((i) => i.id === item?.id)).toMatchObject({ name: 'แก้วน้ำ', description: '<p>แก้ว</p>' });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const [row] = await t.database.db.select().from(announcements).limit(1);
    const before = row?.texts;
    expect(() => parseOpsCommand(['translate', 'announcement', String(row?.id), '--title', 'x'])).toThrow(UsageError);
    expect(() => parseOpsCommand(['translate', 'announcement', String(row?.id), '--lang', 'VI'])).toThrow(/at least one/);
    expect(() => parseOpsCommand(['translate', 'announcement', String(row?.id), '--lang', 'XX', '--title', 'x'])).toThrow();
    expect(() => parseOpsCommand(['translate', 'banner', '1', '--lang', 'VI', '--title', 'x'])).toThrow(/announcement\|help\|activity/);
    await expect(ops('translate', 'announcement', String(row?.id), '--lang', 'VI', '--summary', 'x')).rejects.toThrow(OpsRefusal);
    await expect(ops('translate', 'mall', '1', '--lang', 'VI', '--title', 'x')).rejects.toThrow(/mall texts are name, descriptionHtml/);
    await expect(ops('translate', 'announcement', '999999', '--lang', 'VI', '--title', 'x')).rejects.toThrow(/no announcement 999999/);
    const [after] = await t.database.db.select().from(announcements).where(eq(announcements.id, row?.id ?? 0));
    expect(after?.texts).toEqual(before);
  });
});

async function token(username: string, language?: string): Promise<TLogin> {
  const res = (await api.call(auth.login, { type: 'username', username, password: t.demoPassword }, { ip: freshIp(), headers: language ? { language } : {} })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res;
}
const as = (language: string | null, tok?: string): { token?: string; headers: Record<string, string> } => ({ ...(tok ? { token: tok } : {}), headers: language ? { language } : {} });
const auditOf = async (target: string) =>
  (await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'content.translate'), eq(auditLog.target, target))).orderBy(desc(auditLog.id)).limit(1))[0];

describe(`VIP level names in the reader's language on ${TEST_DB}`, () => {
  // The demo ladder's names are codes (VIP0…VIP10), the same in every language: the seed gives none in another.
  const levels = async (language: string | null, tok?: string) =>
    (await api.call<{ levels: loyalty.TVipLevel[]; me: loyalty.TVipProgress | null }>(loyalty.vipLevels, {}, as(language, tok))).body.value;

  it('`ops translate vip` names a level per language; /vip, member info and the login answer read it with the fallback chain', async () => {
    expect((await levels('VI')).levels.map((l) => l.name)).toEqual(['VIP0', 'VIP1', 'VIP2', 'VIP3', 'VIP4', 'VIP5', 'VIP6', 'VIP7', 'VIP8', 'VIP9', 'VIP10']);
    expect((await ops('translate', 'vip', '2', '--lang', 'vi', '--name', 'VIP2 Bạc')).message).toBe('vip 2 in VI: name');
    await ops('translate', 'vip', '3', '--lang', 'MY', '--name', 'VIP3 ရွှေ');
    const vi = (await levels('VI')).levels;
    expect(vi.find((l) => l.level === 2)?.name).toBe('VIP2 Bạc');
    // No Vietnamese name for VIP3: the site language's (MY); none at all for VIP4: the base.
    expect(vi.find((l) => l.level === 3)?.name).toBe('VIP3 ရွှေ');
    expect(vi.find((l) => l.level === 4)?.name).toBe('VIP4');
    // An English reader reads the base, whatever the site language; a reader naming no language the site language's.
    expect((await levels('EN')).levels.find((l) => l.level === 3)?.name).toBe('VIP3');
    expect((await levels(null)).levels.find((l) => l.level === 3)?.name).toBe('VIP3 ရွှေ');
    expect((await levels('LO')).levels.find((l) => l.level === 2)?.name).toBe('VIP2');

    // member01 holds VIP2 (the demo seed): its progress, member info's clubLabel and the login answer name it so.
    const login = await token('member01', 'VI');
    expect(login.body.value.user.clubLabel).toEqual({ labelName: 'VIP2 Bạc' });
    const tok = login.body.value.token;
    const me = (await levels('VI', tok)).me;
    expect(me).toMatchObject({ level: 2, name: 'VIP2 Bạc', next: { level: 3, name: 'VIP3 ရွှေ' } });
    expect((await levels('EN', tok)).me).toMatchObject({ name: 'VIP2', next: { name: 'VIP3' } });
    const info = async (language: string | null) => (await api.call<auth.TMemberInfo>(auth.memberInfo, {}, as(language, tok))).body.value.clubLabel;
    expect(await info('VI')).toEqual({ labelName: 'VIP2 Bạc' });
    expect(await info('EN')).toEqual({ labelName: 'VIP2' });
    expect(await info('CN')).toEqual({ labelName: 'VIP2' });

    expect(await auditOf('vip_level:2')).toMatchObject({ actor: 'content-tester', before: { VI: null }, after: { VI: { name: 'VIP2 Bạc' } } });
  });

  it('refuses a bad level, a missing one or a field a level has not, and changes nothing', async () => {
    const before = await t.database.db.select({ level: vipLevels.level, texts: vipLevels.texts }).from(vipLevels).where(eq(vipLevels.merchantId, t.merchantId));
    expect(() => parseOpsCommand(['translate', 'vip', 'two', '--lang', 'VI', '--name', 'x'])).toThrow(/translate vip needs a VIP level/);
    expect(() => parseOpsCommand(['translate', 'vip', '2', '--lang', 'VI'])).toThrow(/at least one/);
    await expect(ops('translate', 'vip', '99', '--lang', 'VI', '--name', 'x')).rejects.toThrow(/no vip 99/);
    await expect(ops('translate', 'vip', '2', '--lang', 'VI', '--title', 'x')).rejects.toThrow(/vip texts are name; not title/);
    const after = await t.database.db.select({ level: vipLevels.level, texts: vipLevels.texts }).from(vipLevels).where(eq(vipLevels.merchantId, t.merchantId));
    expect(after).toEqual(before);
  });
});

describe(`game names in the reader's language on ${TEST_DB}`, () => {
  type TList = { list: games.TGameItem[] };
  const nameIn = (list: { gameId: string; name: string }[], gameId: string) => list.find((g) => g.gameId === gameId)?.name;
  const hot = async (bodyLanguage: string, header: string | null = null) =>
    (await api.call<TList>(games.hotGames, { merchantCode: TEST_MERCHANT, language: bodyLanguage }, as(header))).body.value.list;
  const hall = async (language: string | null, filter: Record<string, unknown> = {}) =>
    (await api.call<TList>(games.gameList, { pageSize: 100, ...filter }, as(language))).body.value.list;

  it('lists the house studio in Vietnamese, Chinese and Burmese as seeded, and the base names to an English reader', async () => {
    expect(nameIn(await hot('VI'), 'lucky-crown')).toBe('Vương Miện May Mắn');
    expect(nameIn(await hot('CN'), 'lucky-crown')).toBe('幸运皇冠');
    expect(nameIn(await hot('MY'), 'lucky-crown')).toBe('ကံကောင်းသရဖူ');
    expect(nameIn(await hot('EN'), 'lucky-crown')).toBe('Lucky Crown');
    // The call's own language field names the reader where the spec gives it one; the Language header otherwise.
    expect(nameIn(await hot('CN', 'VI'), 'lucky-crown')).toBe('幸运皇冠');
    const live = await hall('VI', { vassalage: 'PH_LIVE' });
    expect(nameIn(live, 'sic-bo')).toBe('Tài Xỉu');
    expect(nameIn(live, 'xoc-dia')).toBe('Xóc Đĩa');
    expect(nameIn(await hall('CN', { vassalage: 'PH_LIVE' }), 'bau-cua')).toBe('鱼虾蟹');
    // A Thai reader: no Thai names, so the site language's (MY) where it has one, else the base.
    const th = await hall('TH', { vassalage: 'PH_LIVE' });
    expect(nameIn(th, 'bau-cua')).toBe('ဘူးသီး ဂဏန်း ပုစွန် ငါး');
    expect(nameIn(th, 'xoc-dia')).toBe('Xóc Đĩa');
    expect(nameIn(await hall(null, { vassalage: 'PH_SLOT' }), 'lucky-crown')).toBe('ကံကောင်းသရဖူ');
    // Every house title has its name in the three languages (or reads as its base).
    const [row] = await t.database.db.select().from(gamesTable).where(and(eq(gamesTable.merchantId, t.merchantId), eq(gamesTable.gameId, 'dragon-fishing')));
    expect(Object.keys(row?.texts ?? {}).sort()).toEqual(['CN', 'MY', 'VI']);
  });

  it('finds a game by its name in any language and shows it in the reader\'s', async () => {
    expect(nameIn(await hall('VI', { keyword: 'vương miện' }), 'lucky-crown')).toBe('Vương Miện May Mắn');
    expect(nameIn(await hall('VI', { keyword: 'lucky' }), 'lucky-crown')).toBe('Vương Miện May Mắn');
    expect(nameIn(await hall('EN', { keyword: '幸运' }), 'lucky-crown')).toBe('Lucky Crown');
    expect(await hall('EN', { keyword: '%' })).toEqual([]);
  });

  it('names the games of favourites, recent games and the betting record in the reader\'s language', async () => {
    const tok = (await token('member03')).body.value.token;
    expect((await api.call(games.setFavorite, { vassalage: 'PH_SLOT', gameId: 'lucky-crown', favorite: true }, { token: tok })).body).toMatchObject({ code: 'ok' });
    expect(nameIn((await api.call<TList>(games.favoriteGamesList, {}, as('CN', tok))).body.value.list, 'lucky-crown')).toBe('幸运皇冠');
    const launch = await api.call<{ game_url: string }>(
      games.launchGame,
      { launchMode: LAUNCH.launchMode, vassalage: 'PH_SLOT', gameId: 'lucky-crown', merchantCode: TEST_MERCHANT, language: 'EN' },
      { token: tok },
    );
    const gameToken = new URLSearchParams(launch.body.value.game_url.split('#')[1]).get('token') ?? '';
    const play = await t.app.inject({
      method: 'POST',
      url: '/wps/house/play',
      headers: { 'x-game-token': gameToken, 'content-type': 'application/json' },
      payload: JSON.stringify({ input: { betPerLine: 5_000 } }),
    });
    const roundId = (play.json() as { value: { roundId: string } }).value.roundId;
    expect(nameIn((await api.call<TList>(games.recentGames, {}, as('VI', tok))).body.value.list, 'lucky-crown')).toBe('Vương Miện May Mắn');
    const bets = async (language: string | null) => (await api.call<{ list: records.TBetRecord[] }>(records.bets, {}, as(language, tok))).body.value.list;
    expect((await bets('VI')).find((b) => b.roundId === roundId)?.gameName).toBe('Vương Miện May Mắn');
    expect((await bets('EN')).find((b) => b.roundId === roundId)?.gameName).toBe('Lucky Crown');
    expect((await api.call<records.TBetRecord>(records.betDetail, { roundId }, as('CN', tok))).body.value.gameName).toBe('幸运皇冠');
  });

  it('`ops translate game` names a game in one language, audited', async () => {
    expect((await ops('translate', 'game', 'ph_slot/lucky-crown', '--lang', 'TH', '--name', 'มงกุฎนำโชค')).message).toBe('game PH_SLOT/lucky-crown in TH: name');
    expect(nameIn(await hot('TH'), 'lucky-crown')).toBe('มงกุฎนำโชค');
    expect(nameIn(await hot('VI'), 'lucky-crown')).toBe('Vương Miện May Mắn');
    expect(await auditOf('game:PH_SLOT/lucky-crown')).toMatchObject({ before: { TH: null }, after: { TH: { name: 'มงกุฎนำโชค' } } });
  });

  it('refuses a game not named <vendor>/<gameId>, a missing one or a field a game has not, and changes nothing', async () => {
    const texts = async () => (await t.database.db.select({ texts: gamesTable.texts }).from(gamesTable).where(and(eq(gamesTable.merchantId, t.merchantId), eq(gamesTable.gameId, 'lucky-crown'))))[0]?.texts;
    const before = await texts();
    expect(() => parseOpsCommand(['translate', 'game', 'lucky-crown', '--lang', 'VI', '--name', 'x'])).toThrow(/translate game needs <vendor>\/<gameId>/);
    await expect(ops('translate', 'game', 'PH_SLOT/no-such-game', '--lang', 'VI', '--name', 'x')).rejects.toThrow(/no game PH_SLOT\/no-such-game/);
    await expect(ops('translate', 'game', 'PH_SLOT/lucky-crown', '--lang', 'VI', '--content', '<p>x</p>')).rejects.toThrow(/game texts are name; not content/);
    expect(await texts()).toEqual(before);
  });
});

describe(`operator messages in the reader's language on ${TEST_DB}`, () => {
  type TSummary = inbox.TMessageSummary;
  const list = async (tok: string, language: string | null) =>
    (await api.call<{ list: TSummary[] }>(inbox.listMessages, { pageSize: 50 }, as(language, tok))).body.value.list;
  const read = async (tok: string, id: number, language: string | null) => (await api.call<inbox.TMessage>(inbox.readMessage, { id }, as(language, tok))).body.value;
  const textsFile = (name: string, content: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  };
  const batches = async () => Number((await t.database.db.select({ n: count() }).from(messageBatches))[0]?.n ?? 0);

  it('shows member01 the demo messages in Vietnamese, Chinese and Burmese, and the base text to an English reader', async () => {
    const tok = (await token('member01')).body.value.token;
    expect((await list(tok, 'VI')).map((m) => m.title)).toContain('Bảo trì định kỳ vào Chủ nhật');
    expect((await list(tok, 'CN')).map((m) => m.title)).toContain('周日例行维护');
    expect((await list(tok, 'MY')).map((m) => m.title)).toContain('တနင်္ဂနွေနေ့ စနစ်ထိန်းသိမ်းမှု');
    const en = await list(tok, 'EN');
    const maintenance = en.find((m) => m.title === 'Scheduled maintenance on Sunday');
    expect(maintenance?.preview).toMatch(/^Slots and live casino/);
    expect((await read(tok, maintenance?.id ?? 0, 'VI')).content).toMatch(/^<p>Nổ hũ và live casino/);
    // An event message was written in the member's language when it happened, and reads as written.
    const [event] = await t.database.db.select().from(memberMessages).where(and(eq(memberMessages.userId, (await token('member01')).body.value.user.id), isNull(memberMessages.batchId))).limit(1);
    expect(event).toBeDefined();
    expect((await list(tok, 'VI')).find((m) => m.id === event?.id)?.title).toBe(event?.title);
  });

  it('`message send --texts` stores the languages once with the send; each reader reads theirs, field by field, sanitised', async () => {
    const file = textsFile('tonight.json', {
      vi: { title: 'Bảo trì tối nay', content: '<p onclick="x()">Tối nay<script>alert(1)</script></p>' },
      MY: { title: 'ယနေ့ည ပြုပြင်ထိန်းသိမ်းမှု' },
    });
    const sent = await ops('message', 'send', '--title', 'Maintenance tonight', '--content', '<p>Tonight</p>', '--texts', file, '--to-member', 'member02');
    expect(sent.message).toMatch(/sent to 1 recipient \(also in VI, MY\)$/);
    const batchId = (sent.data as { batchId: number }).batchId;
    const [batch] = await t.database.db.select().from(messageBatches).where(eq(messageBatches.id, batchId));
    expect(batch?.texts).toEqual({ VI: { title: 'Bảo trì tối nay', content: '<p>Tối nay</p>' }, MY: { title: 'ယနေ့ည ပြုပြင်ထိန်းသိမ်းမှု' } });
    // The member's message holds the base once; the languages stay on the send.
    const [row] = await t.database.db.select().from(memberMessages).where(eq(memberMessages.batchId, batchId));
    expect(row).toMatchObject({ title: 'Maintenance tonight', content: '<p>Tonight</p>' });

    const tok = (await token('member02')).body.value.token;
    expect((await list(tok, 'VI')).find((m) => m.id === row?.id)).toMatchObject({ title: 'Bảo trì tối nay', preview: 'Tối nay' });
    expect(await read(tok, row?.id ?? 0, 'VI')).toMatchObject({ title: 'Bảo trì tối nay', content: '<p>Tối nay</p>' });
    // A Lao reader: no Lao text; the site language's (MY) title, and the base content MY lacks.
    expect(await read(tok, row?.id ?? 0, 'LO')).toMatchObject({ title: 'ယနေ့ည ပြုပြင်ထိန်းသိမ်းမှု', content: '<p>Tonight</p>' });
    expect(await read(tok, row?.id ?? 0, null)).toMatchObject({ title: 'ယနေ့ည ပြုပြင်ထိန်းသိမ်းမှု' });
    expect(await read(tok, row?.id ?? 0, 'EN')).toMatchObject({ title: 'Maintenance tonight', content: '<p>Tonight</p>' });
    expect((await ops('message', 'list', '--batch', String(batchId))).message).toContain('other languages: MY, VI');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.target, `messageBatch:${batchId}`));
    expect(audit?.after).toMatchObject({ texts: { VI: { title: 'Bảo trì tối nay' } } });
  });

  it('refuses a texts file it cannot use, and sends nothing', async () => {
    const before = await batches();
    const send = (file: string) => parseOpsCommand(['message', 'send', '--title', 't', '--content', '<p>c</p>', '--texts', file, '--to-member', 'member02']);
    expect(() => send(path.join(dir, 'missing.json'))).toThrow(/cannot read --texts/);
    expect(() => send(textsFile('broken.json', '{"VI": '))).toThrow(/cannot read --texts/);
    expect(() => send(textsFile('list.json', [{ title: 'x' }]))).toThrow(/an object by language code/);
    expect(() => send(textsFile('unknown.json', { XX: { title: 'x' } }))).toThrow(UsageError);
    expect(() => send(textsFile('empty.json', { VI: {} }))).toThrow(/a title, a content or both/);
    expect(() => send(textsFile('extra.json', { VI: { title: 'x', summary: 'y' } }))).toThrow(UsageError);
    await expect(runOpsCommand(t.database.db, t.merchantId, 'content-tester', send(textsFile('script.json', { VI: { content: '<script>alert(1)</script>' } })))).rejects.toThrow(
      /the VI content is empty once sanitised/,
    );
    expect(await batches()).toBe(before);
  });
});
