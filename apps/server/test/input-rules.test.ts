import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as agent from '@playhall/contract/calls/agent';
import * as auth from '@playhall/contract/calls/auth';
import * as wallet from '@playhall/contract/calls/wallet';
import { isSafeAccountName } from '@playhall/contract/names';
import { parseOpsCommand, UsageError } from '../src/modules/ops/ops.command.ts';
import { OpsRefusal } from '../src/modules/ops/ops.service.ts';
import { createSiteRepository } from '../src/modules/system/site.repository.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

// Issue 15, defects 2, 3, 4 and 9: the register rules hold on every path that makes an account or sets a
// payment password or payee name, names hold nothing hidden or look-alike, and stored links are http(s) or
// this site's. The review's own probes, on the real server and database.

const BOT_TOKEN = '7654321:TEST-rules-bot';
const RLO = '\u202E';
/** The review's four usernames: markup, a Cyrillic а, a space, a right-to-left override. */
const BAD_NAMES = ['<img src=x onerror=alert(1)>qtx', 'аbiapcwy7n', 'a bhqc', `abc${RLO}fdp12`];
const BAD_PASSWORDS = ['x', '1'];
const GOOD_PASSWORD = 'Good12345';

let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp({ thirdParty: { google: null, facebook: null, telegram: { botToken: BOT_TOKEN, botName: 'playhall_rules_bot' } } });
  api = apiOf(t);
  await api.ops({ kind: 'flag.set', modId: 'TELEGRAMLOGIN3', on: true });
});
afterAll(async () => {
  await t?.close();
});

const rows = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : ((r as { rows: T[] }).rows ?? []));
async function one<T>(query: ReturnType<typeof sql>): Promise<T | undefined> {
  return rows<T>(await t.database.db.execute(query))[0];
}

async function token(username: string, password = t.demoPassword): Promise<string> {
  const res = (await api.call(auth.login, { type: 'username', username, password }, { ip: freshIp() })) as TLogin;
  expect(res.body.code, username).toBe('ok');
  return res.body.value.token;
}

/** A fresh member made by the operator, its initial password already changed. */
async function member(username: string): Promise<string> {
  const made = await api.ops({ kind: 'user.create', username, password: GOOD_PASSWORD, type: 'member', upline: 'agent01' });
  expect(made.ok, made.message).toBe(true);
  await api.sql(sql`update users set password_initial = false where username = ${username}`);
  return token(username, GOOD_PASSWORD);
}

/** Changes one register field rule as an operator's setting would, and waits until the server reads it. */
async function setRule(field: string, rule: { patternId: number; minLength: number; maxLength: number }): Promise<void> {
  await api.sql(sql`update register_field_rules set pattern_id = ${rule.patternId}, min_length = ${rule.minLength}, max_length = ${rule.maxLength}
    where merchant_id = ${t.merchantId} and field = ${field}`);
  await createSiteRepository().bumpConfigVersion(t.database.db, t.merchantId);
  const { registerSetting } = await import('@playhall/contract/calls/system');
  for (let i = 0; i < 100; i++) {
    const res = await api.call<{ rules: { field: string; patternId: number }[] }>(registerSetting, {});
    if (res.body.value.rules.find((r) => r.field === field)?.patternId === rule.patternId) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server never read the new ${field} rule`);
}

type TOutcome = { ok: boolean; code: string; detail: string };

/** Every call that makes an account from a chosen username and password, as the one who may make it. */
type TMaker = (username: string, password: string) => Promise<TOutcome>;
function accountMakers(agentToken: string): Record<'register' | 'downline' | 'ops' | 'ops command line', TMaker> {
  const envelope = (res: { status: number; body: { code: string; value: unknown } }): TOutcome => ({ ok: res.status === 200, code: res.body.code, detail: JSON.stringify(res.body.value) });
  return {
    register: async (username, password) =>
      envelope(
        await api.call(
          auth.register,
          { username, password, confirmPassword: password, mobileNum: `91${crypto.randomInt(1_000_000, 9_999_999)}`, countryDialingCode: '+84', ageConfirmed: true, ...(await api.captcha()) },
          { ip: freshIp() },
        ),
      ),
    downline: async (username, password) => envelope(await api.call(agent.registerDownline, { username, password, type: 'member' }, { token: agentToken })),
    ops: async (username, password) => {
      try {
        const res = await api.ops({ kind: 'user.create', username, password, type: 'member', upline: null });
        return { ok: res.ok, code: 'ok', detail: res.message };
      } catch (err) {
        if (err instanceof OpsRefusal) return { ok: false, code: 'refused', detail: err.message };
        throw err;
      }
    },
    'ops command line': async (username, password) => {
      try {
        parseOpsCommand(['user', 'create', username, '--password', password]);
        return { ok: true, code: 'parsed', detail: '' };
      } catch (err) {
        if (err instanceof UsageError) return { ok: false, code: 'usage', detail: err.message };
        throw err;
      }
    },
  };
}

describe(`account names and passwords on every path that makes an account, on ${TEST_DB} (defect 2)`, () => {
  it("refuses the review's four usernames and the passwords x and 1 on every path, and makes no account", async () => {
    const makers = accountMakers(await token('agent01'));
    const before = await api.count('users');
    for (const [path, make] of Object.entries(makers)) {
      for (const username of BAD_NAMES) {
        const res = await make(username, GOOD_PASSWORD);
        expect(res.ok, `${path} ${JSON.stringify(username)}: ${res.detail}`).toBe(false);
      }
      for (const password of BAD_PASSWORDS) {
        const res = await make(`okname${crypto.randomInt(100, 999)}`, password);
        expect(res.ok, `${path} password ${password}: ${res.detail}`).toBe(false);
      }
    }
    expect(await api.count('users')).toBe(before);
    // The refusals name the rule: the username pattern and the password rule, as the register form does.
    const downline = await makers.downline('a bhqc', 'x');
    expect(JSON.parse(downline.detail)).toEqual({
      issues: [
        { path: 'username', message: 'pattern_1', params: { patternId: 1, min: 6, max: 12 } },
        { path: 'password', message: 'pattern_5', params: { patternId: 5, min: 6, max: 20 } },
      ],
    });
    expect((await makers.ops('a bhqc', 'x')).detail).toMatch(/username: must be 6-12 characters.*\npassword: must be 6-20 characters/);
    // A good name and password still open an account on each server path.
    for (const path of ['register', 'downline', 'ops'] as const) {
      const res = await makers[path](`good${path.slice(0, 3)}${crypto.randomInt(100, 999)}`, GOOD_PASSWORD);
      expect(res.ok, `${path}: ${res.detail}`).toBe(true);
    }
  });

  it('still refuses hidden, look-alike and markup names when the username rule takes any value', async () => {
    await setRule('username', { patternId: 0, minLength: 1, maxLength: 64 });
    try {
      const makers = accountMakers(await token('agent01'));
      const before = await api.count('users');
      for (const path of ['register', 'downline', 'ops'] as const) {
        for (const username of BAD_NAMES) {
          const res = await makers[path](username, GOOD_PASSWORD);
          expect(res.ok, `${path} ${JSON.stringify(username)}: ${res.detail}`).toBe(false);
          expect(`${res.code} ${res.detail}`, path).toMatch(/name_characters|Names cannot hold/);
        }
      }
      expect(await api.count('users')).toBe(before);
      // A downline's nickname is shown to others: no direction override in it either.
      const nick = await api.call(agent.registerDownline, { username: 'nicktest1', password: GOOD_PASSWORD, type: 'member', nickname: `Bob${RLO}gnp.exe` }, { token: await token('agent01') });
      expect([nick.status, nick.body.code]).toEqual([400, 'name_characters']);
      expect(await api.count('users')).toBe(before);
    } finally {
      await setRule('username', { patternId: 1, minLength: 6, maxLength: 12 });
    }
  });

  it('an account opened by a Telegram login gets a safe username and nickname from a hostile profile', async () => {
    const fields = { id: 910001, first_name: `Eve${RLO}gnp.exe`, username: 'аbiapcwy7n', auth_date: Math.floor(Date.now() / 1000) - 5 };
    const check = Object.keys(fields).sort().map((k) => `${k}=${String(fields[k as keyof typeof fields])}`).join('\n');
    const hash = crypto.createHmac('sha256', crypto.createHash('sha256').update(BOT_TOKEN).digest()).update(check).digest('hex');
    const res = (await api.call(auth.telegramLogin, { ...fields, hash }, { ip: freshIp() })) as TLogin;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { account, nickname } = res.body.value.user;
    expect(isSafeAccountName(account), account).toBe(true);
    expect(account).toMatch(/^[a-z][a-z0-9]{5,11}$/);
    expect(nickname).not.toContain(RLO);
  });
});

describe('the payment password rule (defect 3)', () => {
  it('refuses "a" (the rule is six digits) on set and on change, and changes nothing', async () => {
    const tok = await member('paypass01');
    const set = (newPaymentPassword: string) =>
      api.call(wallet.setPaymentPassword, { loginPassword: GOOD_PASSWORD, newPaymentPassword, confirmPaymentPassword: newPaymentPassword }, { token: tok, ip: freshIp() });
    const refused = await set('a');
    expect([refused.status, refused.body.code]).toEqual([400, 'validation_failed']);
    expect(refused.body.value).toEqual({ issues: [{ path: 'newPaymentPassword', message: 'pattern_6', params: { patternId: 6, min: 6, max: 6 } }] });
    for (const bad of ['12345', '1234567', 'abcdef']) expect((await set(bad)).status, bad).toBe(400);
    const info = await api.call<{ hasPaymentPassword: boolean }>(auth.memberInfo, {}, { token: tok });
    expect(info.body.value.hasPaymentPassword).toBe(false);

    expect((await set('135790')).body.code).toBe('ok');
    const change = (newPaymentPassword: string) =>
      api.call(wallet.changePaymentPassword, { oldPaymentPassword: '135790', newPaymentPassword, confirmPaymentPassword: newPaymentPassword }, { token: tok, ip: freshIp() });
    expect((await change('a')).body).toMatchObject({ code: 'validation_failed', value: { issues: [{ path: 'newPaymentPassword', message: 'pattern_6' }] } });
    // Still the old one, and the refusal cost no attempt.
    const verify = await api.call(wallet.verifyPaymentPassword, { paymentPassword: '135790' }, { token: tok, ip: freshIp() });
    expect(verify.body.code).toBe('ok');
    expect((await change('246802')).body.code).toBe('ok');
  });

  it('refuses it at registration too when the register form asks for it', async () => {
    await api.ops({ kind: 'registerField.set', field: 'paymentPassword', state: 'required' });
    try {
      const res = await api.call(
        auth.register,
        { username: 'paypass02', password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, paymentPassword: 'a', mobileNum: '912300001', countryDialingCode: '+84', ageConfirmed: true, ...(await api.captcha()) },
        { ip: freshIp() },
      );
      expect((res.body.value as { issues: unknown[] }).issues).toContainEqual({ path: 'paymentPassword', message: 'pattern_6', params: { patternId: 6, min: 6, max: 6 } });
    } finally {
      await api.ops({ kind: 'registerField.set', field: 'paymentPassword', state: 'off' });
    }
  });
});

describe('the payee name rule (defect 4)', () => {
  const HOSTILE = '<b>x</b> 123';

  it('refuses "<b>x</b> 123" as the payee name at registration and as the first card\'s account name, storing nothing', async () => {
    const before = await api.count('users');
    const reg = await api.call(
      auth.register,
      { username: 'payee0001', password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, payeeName: HOSTILE, mobileNum: '912300002', countryDialingCode: '+84', ageConfirmed: true, ...(await api.captcha()) },
      { ip: freshIp() },
    );
    expect((reg.body.value as { issues: unknown[] }).issues).toContainEqual({ path: 'payeeName', message: 'pattern_8', params: { patternId: 8, min: 2, max: 50 } });
    expect(await api.count('users')).toBe(before);

    const tok = await member('payee0002');
    const bind = (accountName: string) => api.call(wallet.bindBankCard, { bankCode: 'VCB', accountName, accountNumber: '0071000555001' }, { token: tok, ip: freshIp() });
    const refused = await bind(HOSTILE);
    expect([refused.status, refused.body.code]).toEqual([400, 'validation_failed']);
    expect(refused.body.value).toEqual({ issues: [{ path: 'accountName', message: 'pattern_8', params: { patternId: 8, min: 2, max: 50 } }] });
    expect((await api.call<{ list: unknown[] }>(wallet.bankCards, {}, { token: tok })).body.value.list).toEqual([]);
    expect((await api.call<{ payeeName: string | null }>(auth.memberInfo, {}, { token: tok })).body.value.payeeName).toBeNull();

    const bound = await bind('Tran Thi Mai');
    expect(bound.body.code).toBe('ok');
    expect((await api.call<{ payeeName: string | null }>(auth.memberInfo, {}, { token: tok })).body.value.payeeName).toBe('Tran Thi Mai');
  });

  it('refuses hidden and direction-changing characters in a payee name even when its rule takes any value', async () => {
    await setRule('payeeName', { patternId: 0, minLength: 2, maxLength: 50 });
    try {
      const tok = await member('payee0003');
      for (const name of [`Mai${RLO}nart`, 'Mai\u200BTran']) {
        const res = await api.call(wallet.bindBankCard, { bankCode: 'VCB', accountName: name, accountNumber: '0071000555002' }, { token: tok, ip: freshIp() });
        expect([res.status, res.body.code], JSON.stringify(name)).toEqual([400, 'name_characters']);
      }
      expect((await api.call<{ payeeName: string | null }>(auth.memberInfo, {}, { token: tok })).body.value.payeeName).toBeNull();
    } finally {
      await setRule('payeeName', { patternId: 8, minLength: 2, maxLength: 50 });
    }
  });
});

describe('stored links (defect 9)', () => {
  const HOSTILE_LINKS = ['javascript:alert(document.cookie)', 'JavaScript:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x', '/\\evil.example'];
  const announcementCount = async () => Number((await one<{ n: number }>(sql`select count(*)::int as n from announcements`))?.n);

  it('an operator banner whose link or image is javascript:, data: or another host is refused by the command and by the service', async () => {
    const before = await announcementCount();
    for (const link of HOSTILE_LINKS) {
      expect(() => parseOpsCommand(['announce', 'add', '--type', 'B', '--title', 'Evil', '--link', link]), link).toThrow(/link: must be an http/);
      expect(() => parseOpsCommand(['announce', 'add', '--type', 'B', '--title', 'Evil', '--image', link]), link).toThrow(/image: must be an http/);
      await expect(api.ops({ kind: 'announce.add', type: 'B', title: 'Evil', content: '', image: null, link, until: null }), link).rejects.toThrow(OpsRefusal);
      await expect(api.ops({ kind: 'announce.add', type: 'PR', title: 'Evil', content: '', image: link, link: null, until: null }), link).rejects.toThrow(/--image must be/);
    }
    expect(await announcementCount()).toBe(before);
    // http(s) and this site's pages are links.
    for (const link of ['/promotions', 'https://example.org/offer']) {
      const made = await api.ops({ kind: 'announce.add', type: 'B', title: 'Fine', content: '', image: 'img/banners/1.svg', link, until: null });
      expect(made.ok).toBe(true);
      await api.ops({ kind: 'announce.remove', id: (made.data as { id: number }).id });
    }
  });

  it('a registration refuses a registerUrl that is not a web link, and makes no account', async () => {
    const before = await api.count('users');
    const res = await api.call(
      auth.register,
      { username: 'linkreg01', password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, mobileNum: '912300003', countryDialingCode: '+84', ageConfirmed: true, registerUrl: 'javascript:alert(1)', ...(await api.captcha()) },
      { ip: freshIp() },
    );
    expect([res.status, res.body.code]).toEqual([400, 'invalid_link']);
    expect(await api.count('users')).toBe(before);
  });
});
