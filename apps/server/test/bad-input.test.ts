import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '@playhall/contract/calls/auth';
import { affiliate, feedback, unreadCount } from '@playhall/contract/calls/system';
import type { TCallDef } from '@playhall/contract/define';
import { ERROR_CODES } from '@playhall/contract/errors';
import { ALL_CALLS } from '@playhall/contract/registry';
import { encryptBody, ENCRYPTION_SCHEME } from '../src/modules/crypto/envelope-crypto.ts';
import { apiOf, freshIp, type TApi, type TEnvelopeResponse } from './support/api.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

let t: TTestApp;
let api: TApi;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  token = ((await api.call(auth.login, { type: 'username', username: 'member01', password: t.demoPassword })).body.value as { token: string }).token;
});
afterAll(async () => {
  await t?.close();
});

/** Every auth and member call of the issue with a payload of the right shape; each key is then broken. */
const SHAPED: [TCallDef, Record<string, unknown>][] = [
  [auth.login, { type: 'username', username: 'member01', password: 'secret12', captcha: 'ABCD', captchaId: 'x' }],
  [auth.loginVerify, { challengeId: 'abc', method: 'sms', code: '123456' }],
  [auth.loginVerifySend, { challengeId: 'abc', method: 'sms' }],
  [auth.loginFreeplay, { os: 'Linux', platform: 'W', deviceKey: 'k'.repeat(20), gatewayVersion: 3 }],
  [auth.captcha, {}],
  [auth.smsNoLogin, { mobileNum: '912345678', countryDialingCode: '+84', purpose: 'login' }],
  [auth.smsRegister, { countryDialingCode: '+84', mobileNo: '912345678', regType: 'mobile' }],
  [
    auth.register,
    { username: 'newbie01', password: 'abc123xyz', confirmPassword: 'abc123xyz', mobileNum: '912345678', countryDialingCode: '+84', ageConfirmed: true, captcha: 'ABCD', captchaId: 'x' },
  ],
  [auth.registerMobile, { mobileNum: '912345678', countryDialingCode: '+84', verificationCode: '123456', ageConfirmed: true, captcha: 'ABCD', captchaId: 'x' }],
  [auth.validateRegisterField, { field: 'username', value: 'newbie01' }],
  [auth.countryCodes, {}],
  [auth.firstLogin, {}],
  [auth.memberInfo, {}],
  [auth.changePassword, { oldPassword: 'secret12', newPassword: 'abc123xyz', confirmNewPassword: 'abc123xyz' }],
  [auth.forgotPasswordEmail, { username: 'member01', email: 'member01@example.com' }],
  [auth.resetPasswordByEmail, { token: 't'.repeat(40), newPassword: 'abc123xyz', confirmNewPassword: 'abc123xyz' }],
  [auth.resetPasswordByMobile, { newPassword: 'abc123xyz', mobileNum: '912345678', countryDialingCode: '+84', verificationCode: '123456' }],
  [auth.memberIcon, {}],
  [auth.playerAvatar, {}],
  [auth.updateIcon, { avatarType: 'STATIC', avatarId: '3' }],
  [auth.updateLanguage, { language: 'EN' }],
  [auth.loginHistory, { page: 1, pageSize: 10 }],
  [auth.logout, {}],
  [affiliate, { code: 'DEMO01', domain: 'localhost' }],
  [feedback, { content: 'hello', category: 'suggestion' }],
  [unreadCount, {}],
  [auth.totpSetup, {}],
  [auth.totpEnable, { code: '123456' }],
  [auth.totpDisable, { code: '123456' }],
  [auth.thirdPartyProviders, {}],
  [auth.oauthStart, { provider: 'google' }],
  [auth.oauthLogin, { code: 'abc', state: 'xyz', iss: 'https://accounts.google.com' }],
  [auth.telegramLogin, { id: 42, first_name: 'Ann', username: 'ann', auth_date: 1700000000, hash: 'a'.repeat(64) }],
];

const ONE_MB = 'a'.repeat(1024 * 1024);
/** Text no field takes: NUL, other controls, a lone surrogate (valid JSON escapes all). */
const UNUSABLE = ['\u0000', 'ab\u0000cd', '\u0007bell', '\ud800', 'x\udc00y', '\u001b[31m'];

function expectRefusal(res: TEnvelopeResponse, what: string) {
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  expect(res.body.success, what).toBe(false);
  expect(Object.keys(ERROR_CODES), what).toContain(res.body.code);
  expect(res.body.message.length, what).toBeGreaterThan(0);
}

const send = (def: TCallDef, payload: unknown) =>
  api.call(def, payload, { token: def.token === 'none' ? undefined : token, ip: freshIp() });

describe(`bad input on every auth call, on ${TEST_DB}`, () => {
  it('covers every served call of the accounts issue', () => {
    const served = ALL_CALLS.filter((def) => def.issue === 3 && !t.pendingCalls.includes(def.name));
    expect(SHAPED.map(([d]) => d.name).sort()).toEqual(served.map((d) => d.name).sort());
  });

  it('missing fields, wrong types, unknown fields, unusable characters and 1 MB strings all get a 4xx envelope', async () => {
    const users = await api.count('users');
    const sessions = await api.count('sessions');
    for (const [def, shaped] of SHAPED) {
      if (!def.request.safeParse({}).success) expectRefusal(await send(def, {}), `${def.name} {}`);
      expectRefusal(await send(def, { ...shaped, unexpectedField: 'x' }), `${def.name} unknown field`);
      for (const key of Object.keys(shaped)) {
        const value = shaped[key];
        const wrong = def.body === 'query' ? [value, value] : typeof value === 'number' ? 'many' : typeof value === 'boolean' ? 'yes' : 12345;
        expectRefusal(await send(def, { ...shaped, [key]: wrong }), `${def.name}.${key} wrong type`);
        if (typeof value !== 'string') continue;
        // A URL or form cannot even carry a lone surrogate; those calls get the control characters.
        const unusable = def.body !== 'json' ? UNUSABLE.filter((x) => !/[\ud800-\udfff]/.test(x)) : UNUSABLE;
        for (const text of unusable) expectRefusal(await send(def, { ...shaped, [key]: text }), `${def.name}.${key} ${JSON.stringify(text)}`);
        if (def.body !== 'query') {
          const big = await send(def, { ...shaped, [key]: ONE_MB });
          expectRefusal(big, `${def.name}.${key} 1 MB`);
          // The avatar and feedback calls carry an image, so 1 MB fits their body and is refused by the field's rule.
          if (def.name !== 'member.updateIcon' && def.name !== 'system.feedback') expect([big.status, big.body.code]).toEqual([413, 'payload_too_large']);
        } else {
          expectRefusal(await send(def, { ...shaped, [key]: 'a'.repeat(4096) }), `${def.name}.${key} long`);
        }
      }
    }
    expect(await api.count('users')).toBe(users);
    expect(await api.count('sessions')).toBe(sessions);
  });

  it('bodies that are not objects, not JSON, or not what the header says are refused', async () => {
    const { publicKey, keyId } = (await t.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value;
    for (const [def] of SHAPED.filter(([d]) => d.body !== 'query')) {
      for (const raw of ['[]', '"text"', 'null', '42', '{"a":', '\u0000']) {
        const headers: Record<string, string> = { 'content-type': 'application/json', ...(def.token === 'none' ? {} : { authorization: token }) };
        let payload = raw;
        if (def.encrypted) {
          // The sealed text is what the client meant to send; it still has to be an object of the call.
          const sealed = encryptBody(publicKey, JSON.parse(raw === '{"a":' || raw === '\u0000' ? '"broken"' : raw));
          Object.assign(headers, { encryption: ENCRYPTION_SCHEME, 'x-rsa': sealed.wrappedKey, 'x-key-id': keyId });
          payload = JSON.stringify({ value: sealed.value });
        }
        const res = await t.app.inject({ method: def.method, url: def.path, headers, payload, remoteAddress: freshIp() });
        expectRefusal({ status: res.statusCode, body: res.json() }, `${def.name} ${JSON.stringify(raw)}`);
      }
    }
  });

  it('usernames with unicode tricks are refused by the username rule and make no account', async () => {
    const users = await api.count('users');
    const tricky = [
      'ａｄｍｉｎ１２', // full-width letters
      'аdmin123', // Cyrillic а
      'admin\u200b123', // zero-width space
      'admin\u202e321', // right-to-left override
      'admin😀12', // emoji
      'adme\u0301n123', // combining accent
      '   ', // blank
      'admin 123',
    ];
    for (const username of tricky) {
      const res = await api.call(
        auth.register,
        { username, password: 'abc123xyz', confirmPassword: 'abc123xyz', mobileNum: '912345678', countryDialingCode: '+84', ageConfirmed: true, ...(await api.captcha()) },
        { ip: freshIp() },
      );
      expectRefusal(res, username);
      const issues = (res.body.value as { issues: { path: string; message: string }[] }).issues;
      expect(issues.find((i) => i.path === 'username')?.message, username).toMatch(/^(pattern_1|required)$/);
    }
    // A password keeps any printable text the rule allows; a login with it is not confused by NFC forms.
    expect(await api.count('users')).toBe(users);
  });
});
