import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import * as system from '@playhall/contract/calls/system';
import * as promotions from '@playhall/contract/calls/promotions';
import * as cc from '@playhall/contract/console-content';
import type { TConsoleCallDef } from '@playhall/contract/console';
import { rowsOf } from '../src/db/client.ts';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { consoleCall, enrolledOperator } from './support/console.ts';
import { realPng } from './support/images.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

// The console's content area beyond announcements over HTTP with real operator sessions (issue 24): help articles
// added, edited and removed (HTML sanitised on save, members' help centre shows the change), a promotion made as a
// draft, scheduled (members see it), closed, and a proof application approved — each through the CLI's command with
// its audit row; bad input answered per field with nothing saved; no `content.edit`, no change.

let t: TTestApp;
let api: TApi;
let marketing = '';
let finance = '';
let auditor = '';

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  marketing = (await enrolledOperator(t, 'cnt-marketing', 'marketing')).cookie;
  finance = (await enrolledOperator(t, 'cnt-finance', 'finance')).cookie;
  auditor = (await enrolledOperator(t, 'cnt-auditor', 'auditor')).cookie;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

async function ok<T>(def: TConsoleCallDef, payload: Record<string, unknown> = {}, cookie = marketing): Promise<T> {
  const res = await consoleCall<T>(t, def, payload, { cookie });
  expect([def.name, res.status, res.body.code], JSON.stringify(res.body)).toEqual([def.name, 200, 'ok']);
  return res.body.value;
}

type TAudit = { actor: string; action: string; target: string; before: unknown; after: unknown; reason: string | null };
const lastAudit = async () => (await q<TAudit>(sql`select actor, action, target, before, after, reason from audit_log order by id desc limit 1`))[0];
const auditCount = async () => Number((await q<{ n: number }>(sql`select count(*)::int as n from audit_log`))[0]?.n);
const configVersion = async () => Number((await q<{ v: number }>(sql`select config_version as v from merchants where id = ${t.merchantId}`))[0]?.v);
const counts = async () => ({
  audit: await auditCount(),
  help: Number((await q<{ n: number }>(sql`select count(*)::int as n from help_articles`))[0]?.n),
  activities: Number((await q<{ n: number }>(sql`select count(*)::int as n from activities`))[0]?.n),
});

/** Bad input: 400 naming exactly these fields, and nothing saved (no audit row, no article, no activity). */
async function badInput(def: TConsoleCallDef, payload: Record<string, unknown>, fields: string[]) {
  const before = await counts();
  const res = await consoleCall<{ issues?: { path: string }[] } | null>(t, def, payload, { cookie: marketing });
  expect([def.name, res.status, (res.body.value?.issues ?? []).map((i) => i.path).sort()]).toEqual([def.name, 400, [...fields].sort()]);
  expect(await counts()).toEqual(before);
}

async function helpCentre() {
  const res = await api.call<{ categories: { id: number; title: string; articles: { id: number; title: string; content: string }[] }[] }>(system.helpCenter, {});
  expect(res.body.code).toBe('ok');
  return res.body.value.categories;
}

describe(`console content (help, promotions) on ${TEST_DB}`, () => {
  it('help: add (script stripped, members see it), edit, remove — each audited by the operator, settings version bumped', async () => {
    const version = await configVersion();
    const added = await ok<cc.TConsoleHelpArticle>(cc.consoleHelpAdd, {
      category: 'Console Help',
      title: 'How to withdraw',
      content: '<p onclick="steal()">Open <b>Withdraw</b></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
    });
    expect(added.content).not.toMatch(/script|onclick|javascript/);
    expect(added.content).toContain('<b>Withdraw</b>');
    expect(await lastAudit()).toMatchObject({ actor: 'operator:cnt-marketing', action: 'help.add', target: `help:${added.id}`, before: null, after: { title: 'How to withdraw' } });
    expect(await configVersion()).toBeGreaterThan(version);
    const cat = (await helpCentre()).find((c) => c.title === 'Console Help');
    expect(cat?.articles).toEqual([{ id: added.id, title: 'How to withdraw', content: added.content }]);
    expect((await ok<{ list: cc.TConsoleHelpArticle[] }>(cc.consoleHelpArticles, {}, auditor)).list.find((a) => a.id === added.id)).toEqual(added);

    const edited = await ok<cc.TConsoleHelpArticle>(cc.consoleHelpEdit, { id: added.id, category: 'Console Help', title: 'How to withdraw money', content: '<p>Step <i>one</i><img src=x onerror="alert(1)"></p>' });
    expect(edited).toMatchObject({ id: added.id, title: 'How to withdraw money', sort: added.sort, categoryId: added.categoryId });
    expect(edited.content).not.toContain('onerror');
    expect(await lastAudit()).toMatchObject({ action: 'help.edit', before: { title: 'How to withdraw' }, after: { title: 'How to withdraw money' } });
    expect((await helpCentre()).find((c) => c.title === 'Console Help')?.articles[0]?.title).toBe('How to withdraw money');

    await ok(cc.consoleHelpRemove, { id: added.id });
    expect(await lastAudit()).toMatchObject({ action: 'help.remove', target: `help:${added.id}`, before: { title: 'How to withdraw money' }, after: null });
    expect((await helpCentre()).find((c) => c.title === 'Console Help')).toBeUndefined();
    expect((await consoleCall(t, cc.consoleHelpRemove, { id: added.id }, { cookie: marketing })).body.code).toBe('not_found');
  });

  it('help: the CLI runs the same commands (help list|add|edit|remove; help alone is the usage)', async () => {
    expect(() => parseOpsCommand(['help'])).toThrow(UsageError);
    expect(parseOpsCommand(['help', 'add', '--category', 'FAQ', '--title', 'T', '--content', '<p>x</p>'])).toEqual({ kind: 'help.add', category: 'FAQ', title: 'T', content: '<p>x</p>', sort: null });
    expect(parseOpsCommand(['help', 'edit', '3', '--sort', '2'])).toEqual({ kind: 'help.edit', id: 3, changes: { sort: 2 } });
    expect(() => parseOpsCommand(['help', 'remove'])).toThrow(/needs an article id/);
    const r = await api.ops(parseOpsCommand(['help', 'add', '--category', 'CLI', '--title', 'From the CLI', '--content', '<p>hi<script>x</script></p>']));
    expect((r.data as { content: string }).content).toBe('<p>hi</p>');
    expect(await lastAudit()).toMatchObject({ action: 'help.add', actor: 'test' });
    await api.ops(parseOpsCommand(['help', 'remove', String((r.data as { id: number }).id)]));
  });

  it('promotions: a draft made, scheduled (members see it), closed', async () => {
    const draft = await ok<cc.TConsolePromotionDetail>(cc.consolePromotionAdd, {
      kind: 'reload',
      category: 'deposit',
      title: 'Console reload 30%',
      summary: 'Every deposit',
      termsHtml: '<p>Terms <b>apply</b></p><script>alert(1)</script>',
      startsAt: iso(-HOUR),
      endsAt: iso(48 * HOUR),
      rewardType: 'percent',
      rewardValue: 3000,
      rewardCap: 50_000,
      depositMin: 10_000,
      turnoverMultiple: 5,
      perMemberLimit: 2,
    });
    expect(draft).toMatchObject({ state: 'draft', kind: 'reload', rewardType: 'percent', rewardValue: 3000, rewardCap: 50_000, depositMin: 10_000, turnoverMultiple: 5, perMemberLimit: 2 });
    expect(draft.termsHtml).toBe('<p>Terms <b>apply</b></p>');
    expect(await lastAudit()).toMatchObject({ actor: 'operator:cnt-marketing', action: 'activity.add', target: `activity:${draft.id}`, before: null });
    const visible = async () => (await api.call<{ list: promotions.TActivityCard[] }>(promotions.listActivities, {})).body.value.list.find((c) => c.id === draft.id);
    expect(await visible()).toBeUndefined();
    expect((await ok<{ list: cc.TConsolePromotion[] }>(cc.consolePromotions, { state: 'draft' }, auditor)).list.map((p) => p.id)).toContain(draft.id);

    await ok(cc.consolePromotionSchedule, { id: draft.id });
    expect(await lastAudit()).toMatchObject({ action: 'activity.schedule', before: { state: 'draft' }, after: { state: 'published' } });
    expect(await visible()).toMatchObject({ title: 'Console reload 30%', status: 'join' });
    expect((await consoleCall(t, cc.consolePromotionSchedule, { id: draft.id }, { cookie: marketing })).body.code).toBe('conflict');

    await ok(cc.consolePromotionClose, { id: draft.id });
    expect(await lastAudit()).toMatchObject({ action: 'activity.close', before: { state: 'published' }, after: { state: 'closed' } });
    expect((await ok<cc.TConsolePromotionDetail>(cc.consolePromotionShow, { id: draft.id })).state).toBe('closed');
    expect((await visible())?.status ?? 'closed').toBe('closed');
    expect((await consoleCall(t, cc.consolePromotionShow, { id: 999_999 }, { cookie: marketing })).body.code).toBe('not_found');
  });

  it('promotions: a proof application seen with its image and approved', async () => {
    const proof = await ok<cc.TConsolePromotionDetail>(cc.consolePromotionAdd, {
      kind: 'proof', category: 'event', title: 'Show your win', startsAt: iso(-HOUR), endsAt: iso(24 * HOUR), rewardType: 'fixed', rewardValue: 8800,
    });
    await ok(cc.consolePromotionSchedule, { id: proof.id });
    const username = `cc${Date.now().toString(36).slice(-6)}`;
    await api.ops({ kind: 'user.create', username, password: 'Test12345', type: 'member', upline: null });
    const login = (await api.call(auth.login, { type: 'username', username, password: 'Test12345' }, { ip: freshIp() })) as TLogin;
    const image = { mime: 'image/png', data: (await realPng(40, 30)).toString('base64') };
    const applied = await api.call<{ applicationId: number }>(promotions.applyActivity, { requestId: `cc-${Date.now()}`, id: proof.id, remark: 'big win', images: [image] }, { token: login.body.value.token });
    expect(applied.body.code, JSON.stringify(applied.body)).toBe('ok');
    const appId = applied.body.value.applicationId;

    const queue = await ok<{ list: cc.TConsolePromotionApplication[] }>(cc.consolePromotionApplications, {}, auditor);
    expect(queue.list.find((a) => a.id === appId)).toMatchObject({ activityId: proof.id, activityTitle: 'Show your win', username, remark: 'big win', imageCount: 1 });
    const img = await ok<{ mime: string; base64: string }>(cc.consolePromotionImage, { applicationId: appId, index: 1 });
    expect(img.mime).toBe('image/png');
    expect(Buffer.from(img.base64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect((await consoleCall(t, cc.consolePromotionImage, { applicationId: appId, index: 2 }, { cookie: marketing })).body.code).toBe('not_found');

    await badInput(cc.consolePromotionReview, { applicationId: appId, decision: 'reject' }, ['reason']);
    await ok(cc.consolePromotionReview, { applicationId: appId, decision: 'approve' });
    expect(await lastAudit()).toMatchObject({ actor: 'operator:cnt-marketing', action: 'activity.review', target: `activityApplication:${appId}`, before: { status: 'applying' }, after: { status: 'approved' } });
    expect((await ok<{ list: cc.TConsolePromotionApplication[] }>(cc.consolePromotionApplications)).list.find((a) => a.id === appId)).toBeUndefined();
    expect((await consoleCall(t, cc.consolePromotionReview, { applicationId: appId, decision: 'approve' }, { cookie: marketing })).body.code).toBe('conflict');
  });

  it('bad input per form: field errors, nothing saved', async () => {
    await badInput(cc.consoleHelpAdd, { category: ' ', title: '', content: '' }, ['category', 'title', 'content']);
    await badInput(cc.consoleHelpEdit, { id: 1, category: 'A', title: 'x'.repeat(201), content: 'y' }, ['title']);
    const base = { kind: 'reload', category: 'deposit', title: 'X', startsAt: iso(HOUR), endsAt: iso(2 * HOUR), rewardType: 'fixed', rewardValue: 100, depositMin: 100 };
    await badInput(cc.consolePromotionAdd, { ...base, title: '', endsAt: iso(0) }, ['title', 'endsAt']);
    await badInput(cc.consolePromotionAdd, { ...base, kind: 'proof', rewardType: 'percent', depositMin: 100 }, ['rewardType', 'depositMin']);
    await badInput(cc.consolePromotionAdd, { ...base, depositMin: null, rewardCap: 100 }, ['depositMin', 'rewardCap']);
    await badInput(cc.consolePromotionAdd, { ...base, kind: 'raffle' }, ['kind']);
  });

  it('finance (no content rights) is refused every content call; the auditor reads but changes nothing', async () => {
    for (const def of cc.CONTENT_CALLS) {
      const res = await consoleCall(t, def, {}, { cookie: finance });
      expect([def.name, res.status, res.body.code]).toEqual([def.name, 403, 'forbidden']);
    }
    const before = await counts();
    const res = await consoleCall(t, cc.consoleHelpAdd, { category: 'A', title: 'B', content: 'C' }, { cookie: auditor });
    expect([res.status, res.body.code]).toEqual([403, 'forbidden']);
    expect(await counts()).toEqual(before);
  });
});
