import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import { ERROR_CODES } from '@playhall/contract/errors';
import { catalogueCodeOfProviderError, PHONE_PROVIDER_ERRORS, SANDBOX_PHONE_PATHS } from '@playhall/contract/phone-provider';
import { signPhoneToken } from '../src/modules/phone-verify/phone-token.ts';
import { SANDBOX_PHONE_ISSUER } from '../src/modules/sandbox-phone/sandbox-phone.module.ts';
import { sandboxPhoneKey } from '../src/modules/sandbox-phone/sandbox-phone.service.ts';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_DB, TEST_MERCHANT, type TTestApp } from './support/test-app.ts';

let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await api?.ops({ kind: 'sms.provider', flow: 'own' });
  await t?.close();
});

/** The browser's side of the provider: JSON POSTs to the sandbox, outside the portal's envelope. */
async function provider(path: string, body: unknown, ip = freshIp()) {
  const res = await t.app.inject({ method: 'POST', url: path, payload: body as object, remoteAddress: ip });
  return { status: res.statusCode, body: res.json() as { sessionInfo?: string; idToken?: string; phoneNumber?: string; error?: { code: string; message: string } } };
}
/** Sends a code to the number, reads it from the outbox and confirms it: the provider's ID token. */
async function tokenFor(national: string): Promise<string> {
  const sent = await provider(SANDBOX_PHONE_PATHS.send, { phoneNumber: `+84${national}` });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const confirmed = await provider(SANDBOX_PHONE_PATHS.confirm, { sessionInfo: sent.body.sessionInfo, code: await api.smsCode(national) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(confirmed.body.phoneNumber).toBe(`+84${national}`);
  return confirmed.body.idToken ?? '';
}
const registerMobile = async (national: string, extra: object) =>
  (await api.call(auth.registerMobile, { mobileNum: `0${national}`, countryDialingCode: '+84', verificationCode: '123456', ageConfirmed: true, ...(await api.captcha()), ...extra }, { ip: freshIp() })) as TLogin;
const smsLogin = (national: string, extra: object) =>
  api.call(auth.login, { type: 'sms', mobileNum: national, countryDialingCode: '+84', ...extra }, { ip: freshIp() }) as Promise<TLogin>;
const withToken = (firebaseIdToken: string) => ({ firebaseChannel: 'sms', firebaseIdToken });
/** A token signed with the sandbox's own key but with claims of the test's choosing. */
async function signedAs(claims: Partial<Parameters<typeof signPhoneToken>[0]>): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return signPhoneToken({ iss: SANDBOX_PHONE_ISSUER, aud: TEST_MERCHANT, sub: 's', phone_number: '+84987650009', iat: now, exp: now + 3600, jti: crypto.randomUUID(), ...claims }, await sandboxPhoneKey(t.database.db));
}

describe(`provider-based phone verification (sandbox provider) on ${TEST_DB}`, () => {
  it('is off by default: own codes, the sandbox refuses, and a token is refused with nothing created', async () => {
    expect((await api.call(auth.phoneProvider)).body.value).toEqual({ flow: 'own', provider: null });
    const send = await provider(SANDBOX_PHONE_PATHS.send, { phoneNumber: '+84987650001' });
    expect([send.status, send.body.error?.code]).toEqual([403, 'auth/operation-not-allowed']);
    const users = await api.count('users');
    const forged = await registerMobile('987650001', withToken(await signedAs({ phone_number: '+84987650001' })));
    expect([forged.status, forged.body.code]).toEqual([403, 'operation_not_allowed']);
    expect((await smsLogin('900000003', withToken(await signedAs({ phone_number: '+84900000003' })))).body.code).toBe('operation_not_allowed');
    expect(await api.count('users')).toBe(users);
  });

  it('registers by mobile and logs in by SMS through the sandbox token; each token works once', async () => {
    const on = await api.ops({ kind: 'sms.provider', flow: 'sandbox' });
    expect(on.message).toContain('SANDBOX');
    expect((await api.ops({ kind: 'audit.list', limit: 5 })).message).toContain('sms.provider');
    expect((await api.call(auth.phoneProvider)).body.value).toEqual({
      flow: 'provider',
      provider: { name: 'sandbox', sendUrl: SANDBOX_PHONE_PATHS.send, confirmUrl: SANDBOX_PHONE_PATHS.confirm, countdownMinutes: 1 },
    });
    const jwks = (await t.app.inject({ method: 'GET', url: SANDBOX_PHONE_PATHS.keys })).json() as { keys: { kty: string; crv: string; d?: string }[] };
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    expect(jwks.keys[0]?.d).toBeUndefined();

    const token = await tokenFor('987650002');
    const reg = await registerMobile('987650002', withToken(token));
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    expect(reg.body.value.user.mobileNum).toBe('98***0002');
    // The token was used up by the registration.
    expect((await smsLogin('987650002', withToken(token))).body.code).toBe('phone_token_invalid');

    const loginToken = await tokenFor('987650002');
    const login = await smsLogin('987650002', withToken(loginToken));
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.value.user.id).toBe(reg.body.value.user.id);
    expect(login.body.value.mustChangePassword).toBe(false);
    expect((await smsLogin('987650002', withToken(loginToken))).body.code).toBe('phone_token_invalid');
    // Our own code is not what this flow takes: without the token the code is missing.
    expect((await smsLogin('987650002', { verificationCode: '123456' })).body.code).toBe('sms_missing_code');
  });

  it('refuses a forged, other-number, expired, foreign or future token: clear error, nothing created', async () => {
    await api.ops({ kind: 'sms.provider', flow: 'sandbox' });
    const users = await api.count('users');
    const kid = ((await t.app.inject({ method: 'GET', url: SANDBOX_PHONE_PATHS.keys })).json() as { keys: { kid: string }[] }).keys[0]?.kid ?? '';
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: SANDBOX_PHONE_ISSUER, aud: TEST_MERCHANT, sub: 's', phone_number: '+84987650003', iat: now, exp: now + 3600, jti: 'forged-1' };
    const forged = signPhoneToken(claims, { kid, privateKey: crypto.generateKeyPairSync('ed25519').privateKey });
    const cases: [string, string][] = [
      [forged, 'phone_token_invalid'],
      [`${forged.slice(0, -4)}AAAA`, 'phone_token_invalid'],
      ['not-a-token', 'phone_token_invalid'],
      [await tokenFor('987650004'), 'phone_token_invalid'],
      [await signedAs({ phone_number: '+84987650003', iat: now - 7200, exp: now - 3600 }), 'sms_code_expired'],
      [await signedAs({ phone_number: '+84987650003', aud: 'OTHER' }), 'phone_token_invalid'],
      [await signedAs({ phone_number: '+84987650003', iss: 'someone-else' }), 'phone_token_invalid'],
      [await signedAs({ phone_number: '+84987650003', iat: now + 600 }), 'phone_token_invalid'],
    ];
    for (const [token, code] of cases) {
      const res = await registerMobile('987650003', withToken(token));
      expect([res.status, res.body.code, res.body.message]).toEqual([400, code, ERROR_CODES[code as keyof typeof ERROR_CODES].message]);
    }
    expect((await registerMobile('987650003', {})).body.code).toBe('sms_missing_code');
    expect(await api.count('users')).toBe(users);
    // A right token still works after all that.
    expect((await registerMobile('987650003', withToken(await tokenFor('987650003')))).status).toBe(200);
  });

  it("answers provider error codes that map to the spec's phone and SMS messages", async () => {
    await api.ops({ kind: 'sms.provider', flow: 'sandbox' });
    const error = async (path: string, body: unknown, ip?: string) => {
      const res = await provider(path, body, ip);
      const code = res.body.error?.code ?? '';
      // The sandbox's message is the catalogue's message of the code the web shows.
      expect(res.body.error?.message).toBe(ERROR_CODES[catalogueCodeOfProviderError(code)].message);
      return [res.status, code, catalogueCodeOfProviderError(code)];
    };
    expect(await error(SANDBOX_PHONE_PATHS.send, {})).toEqual([400, 'auth/missing-phone-number', 'sms_missing_phone']);
    expect(await error(SANDBOX_PHONE_PATHS.send, { phoneNumber: '0987' })).toEqual([400, 'auth/invalid-phone-number', 'sms_invalid_phone']);
    expect(await error(SANDBOX_PHONE_PATHS.send, { phoneNumber: '+8412' })).toEqual([400, 'auth/invalid-phone-number', 'sms_invalid_phone']);
    const sent = await provider(SANDBOX_PHONE_PATHS.send, { phoneNumber: '+84987650005' });
    const sessionInfo = sent.body.sessionInfo;
    expect(await error(SANDBOX_PHONE_PATHS.confirm, { sessionInfo })).toEqual([400, 'auth/missing-verification-code', 'sms_missing_code']);
    const code = await api.smsCode('987650005');
    expect(await error(SANDBOX_PHONE_PATHS.confirm, { sessionInfo, code: code === '111111' ? '222222' : '111111' })).toEqual([400, 'auth/invalid-verification-code', 'sms_invalid_code']);
    expect(await error(SANDBOX_PHONE_PATHS.confirm, { sessionInfo: `${sessionInfo}x`, code })).toEqual([400, 'unknown', 'sms_unknown']);
    await api.sql(sql`update sms_codes set expires_at = now() - interval '1 second' where mobile = '987650005' and purpose = 'providerSandbox'`);
    expect(await error(SANDBOX_PHONE_PATHS.confirm, { sessionInfo, code })).toEqual([400, 'auth/code-expired', 'sms_code_expired']);
    // The spec's 5-minute lockout after too many sends.
    for (let i = 0; i < 4; i++) expect((await provider(SANDBOX_PHONE_PATHS.send, { phoneNumber: '+84987650005' })).status).toBe(200);
    expect(await error(SANDBOX_PHONE_PATHS.send, { phoneNumber: '+84987650005' })).toEqual([429, 'auth/too-many-requests', 'sms_too_many_requests']);
    // The daily quota: the day's counter past 10 sends.
    await api.sql(sql`update auth_counters set count = 10 where key like 'sms:day:%987650006'`);
    await provider(SANDBOX_PHONE_PATHS.send, { phoneNumber: '+84987650006' });
    await api.sql(sql`update auth_counters set count = 10 where key like 'sms:day:%987650006'`);
    expect(await error(SANDBOX_PHONE_PATHS.send, { phoneNumber: '+84987650006' })).toEqual([429, 'auth/quota-exceeded', 'sms_quota_exceeded']);

    // The rest happen in the browser or a real provider; each has its catalogue code and message.
    expect(PHONE_PROVIDER_ERRORS).toEqual({
      'auth/invalid-phone-number': 'sms_invalid_phone',
      'auth/missing-phone-number': 'sms_missing_phone',
      'auth/too-many-requests': 'sms_too_many_requests',
      'auth/captcha-check-failed': 'captcha_failed',
      'auth/quota-exceeded': 'sms_quota_exceeded',
      'auth/operation-not-allowed': 'operation_not_allowed',
      'auth/code-expired': 'sms_code_expired',
      'auth/invalid-verification-code': 'sms_invalid_code',
      'auth/missing-verification-code': 'sms_missing_code',
      'auth/popup-closed-by-user': 'sms_popup_closed',
      unknown: 'sms_unknown',
    });
    expect(catalogueCodeOfProviderError('auth/something-new')).toBe('sms_unknown');

    // Turned off again: the sandbox refuses, and a token it minted while on is refused too.
    const minted = await tokenFor('987650007');
    await api.ops({ kind: 'sms.provider', flow: 'own' });
    expect(await error(SANDBOX_PHONE_PATHS.send, { phoneNumber: '+84987650007' })).toEqual([403, 'auth/operation-not-allowed', 'operation_not_allowed']);
    expect((await registerMobile('987650007', withToken(minted))).body.code).toBe('operation_not_allowed');
  });
});
