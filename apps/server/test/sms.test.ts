import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

let t: TTestApp;
let api: TApi;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await t?.close();
});

const sendLogin = (mobileNum: string, opts: { ip?: string; app?: TTestApp['app']; countryDialingCode?: string } = {}) =>
  api.call(auth.smsNoLogin, { mobileNum, countryDialingCode: opts.countryDialingCode ?? '+84' }, { ip: opts.ip ?? freshIp(), app: opts.app });
const smsLogin = (mobileNum: string, verificationCode: string) =>
  api.call(auth.login, { type: 'sms', mobileNum, countryDialingCode: '+84', verificationCode }, { ip: freshIp() }) as Promise<TLogin>;

describe(`SMS codes on ${TEST_DB}`, () => {
  it('sends a code through the outbox provider with value.expiredMinutes, readable by the operator', async () => {
    const res = await sendLogin('0900000003');
    expect([res.status, res.body.value]).toEqual([200, { expiredMinutes: 3 }]);
    const code = await api.smsCode('900000003');
    const outbox = await api.ops({ kind: 'sms.outbox', mobile: '0900000003', limit: 5 });
    expect(outbox.message).toContain(code);
    expect(outbox.message).toContain('+84 900000003');
    expect((await api.ops({ kind: 'sms.outbox', mobile: '+84900000003', limit: 5 })).message).toContain(code);
    const ok = await smsLogin('0900000003', code);
    expect(ok.status).toBe(200);
    expect(ok.body.value.user.account).toBe('member01');
    // Single use.
    expect((await smsLogin('0900000003', code)).body.code).toBe('sms_invalid_code');
  });

  it("answers the spec's phone and SMS errors", async () => {
    const bad = async (payload: object) => (await api.call(auth.smsNoLogin, payload, { ip: freshIp() })).body.code;
    expect(await bad({ countryDialingCode: '+84' })).toBe('sms_missing_phone');
    expect(await bad({ mobileNum: '', countryDialingCode: '+84' })).toBe('sms_missing_phone');
    expect(await bad({ mobileNum: '12ab', countryDialingCode: '+84' })).toBe('sms_invalid_phone');
    expect(await bad({ mobileNum: '1234', countryDialingCode: '+84' })).toBe('sms_invalid_phone');
    expect(await bad({ mobileNum: '912345678', countryDialingCode: '+999' })).toBe('sms_invalid_phone');
    expect(await bad({ mobileNum: '912345670', countryDialingCode: '+84' })).toBe('mobile_not_registered');

    const missing = await api.call(auth.login, { type: 'sms', mobileNum: '900000004', countryDialingCode: '+84' }, { ip: freshIp() });
    expect(missing.body.code).toBe('sms_missing_code');
    await sendLogin('900000004');
    expect((await smsLogin('900000004', '000000')).body.code).toBe('sms_invalid_code');
    await api.sql(sql`update sms_codes set expires_at = now() - interval '1 second' where mobile = '900000004' and consumed_at is null`);
    expect((await smsLogin('900000004', await api.smsCode('900000004'))).body.code).toBe('sms_code_expired');

    // Five wrong guesses void the code even before it expires.
    await sendLogin('900000004');
    const code = await api.smsCode('900000004');
    for (let i = 0; i < 5; i++) await smsLogin('900000004', code === '111111' ? '222222' : '111111');
    expect((await smsLogin('900000004', code)).body.code).toBe('sms_code_expired');

    await api.ops({ kind: 'flag.set', modId: 'MOBILEVERCODELOGIN3', on: false });
    expect(await bad({ mobileNum: '900000004', countryDialingCode: '+84' })).toBe('operation_not_allowed');
    expect((await smsLogin('900000004', '123456')).body.code).toBe('operation_not_allowed');
    await api.ops({ kind: 'flag.set', modId: 'MOBILEVERCODELOGIN3', on: true });
  });

  it('locks a number out for 5 minutes after too many requests, across server processes', async () => {
    const other = await t.secondApp();
    try {
      for (let i = 0; i < 5; i++) {
        const res = await sendLogin('900000005', { app: i % 2 === 0 ? t.app : other.app });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      const sixth = await sendLogin('900000005', { app: other.app });
      expect([sixth.status, sixth.body.code]).toEqual([429, 'sms_too_many_requests']);
      expect(sixth.body.message).toBe('Too many requests, try again after 5 minutes');
      // The lock is a database row: the first process refuses too, from any IP.
      const first = await sendLogin('900000005', { app: t.app });
      expect([first.status, first.body.code]).toEqual([429, 'sms_too_many_requests']);
      expect((first.body.value as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(300);
      // Other numbers are unaffected.
      expect((await sendLogin('900000001', { app: other.app })).status).toBe(200);
      // When the lock ends, sending works again.
      await api.sql(sql`update auth_counters set locked_until = now() - interval '1 second', window_ends_at = now() - interval '1 second' where key like 'sms:num:%900000005'`);
      expect((await sendLogin('900000005', { app: other.app })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe(`forgot password on ${TEST_DB}`, () => {
  it('by mobile: the SMS code of purpose resetPassword sets a new password and ends old sessions', async () => {
    const { token } = (await api.call(auth.login, { type: 'username', username: 'member02', password: t.demoPassword }, { ip: freshIp() })).body.value as { token: string };
    await api.call(auth.smsNoLogin, { mobileNum: '900000004', countryDialingCode: '+84', purpose: 'resetPassword' }, { ip: freshIp() });
    const code = await api.smsCode('900000004');
    // A login code is not a reset code.
    expect((await smsLogin('900000004', code)).status).toBe(400);
    const weak = await api.call(auth.resetPasswordByMobile, { mobileNum: '900000004', countryDialingCode: '+84', verificationCode: code, newPassword: 'abc' }, { ip: freshIp() });
    expect(weak.body.code).toBe('validation_failed');
    const res = await api.call(auth.resetPasswordByMobile, { mobileNum: '0900000004', countryDialingCode: '+84', verificationCode: code, newPassword: 'member02new' }, { ip: freshIp() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await api.call(auth.memberInfo, {}, { token })).status).toBe(401);
    const again = await api.call(auth.login, { type: 'username', username: 'member02', password: 'member02new' }, { ip: freshIp() });
    expect(again.status).toBe(200);
  });

  it('by e-mail: a single-use link from the mail outbox', async () => {
    const ip = freshIp();
    const wrong = await api.call(auth.forgotPasswordEmail, { username: 'member03', email: 'someone@example.com' }, { ip });
    expect([wrong.status, wrong.body.code, wrong.body.message]).toEqual([404, 'username_email_not_found', 'Username/Email does not exist']);
    const sent = await api.call(auth.forgotPasswordEmail, { username: 'MEMBER03', email: 'member03@example.com' }, { ip, headers: { host: 'evil.example:8080' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [mail] = await api.mails('member03@example.com');
    // The link goes to one of the merchant's own domains, whatever Host the request carried.
    const link = /(https?:\/\/\S+)/.exec(mail?.body ?? '')?.[1] ?? '';
    expect(link).toMatch(/^http:\/\/localhost\/\?resetToken=/);
    expect((await api.ops({ kind: 'mail.outbox', address: 'member03@example.com', limit: 1 })).message).toContain(link);
    const token = decodeURIComponent(new URL(link).searchParams.get('resetToken') ?? '');

    const mismatch = await api.call(auth.resetPasswordByEmail, { token, newPassword: 'member03new', confirmNewPassword: 'other' }, { ip });
    expect(mismatch.body.code).toBe('password_mismatch');
    const res = await api.call(auth.resetPasswordByEmail, { token, newPassword: 'member03new', confirmNewPassword: 'member03new' }, { ip });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reused = await api.call(auth.resetPasswordByEmail, { token, newPassword: 'member03new2', confirmNewPassword: 'member03new2' }, { ip });
    expect([reused.status, reused.body.code]).toEqual([400, 'reset_link_invalid']);
    expect((await api.call(auth.login, { type: 'username', username: 'member03', password: 'member03new' }, { ip })).status).toBe(200);

    await api.ops({ kind: 'flag.set', modId: 'CHNGPASSMAIL3', on: false });
    expect((await api.call(auth.forgotPasswordEmail, { username: 'member03', email: 'member03@example.com' }, { ip })).body.code).toBe('operation_not_allowed');
    await api.ops({ kind: 'flag.set', modId: 'CHNGPASSMAIL3', on: true });
  });
});
