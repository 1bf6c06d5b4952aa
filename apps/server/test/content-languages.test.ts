import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { activities, announcements, auditLog, helpArticles, pointItems } from '../src/db/schema.ts';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { OpsRefusal, runOpsCommand } from '../src/modules/ops/ops.service.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

/**
 * Operator content in the reader's language (issue 23): announcements, help articles and activities carry a text per
 * language (`ops translate`, also the points mall's items); a reader gets their language's, else the merchant's default language's, else the base
 * text. The demo site is seeded with its content in MY, CN and VI.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
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
