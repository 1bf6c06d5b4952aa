import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import { affiliate } from '@playhall/contract/calls/system';
import { REGISTER_RULE_FIELDS } from '@playhall/contract/validation';
import { REGISTER_FIELD_RULES } from '../src/db/seed-data.ts';
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

const login = (username: string, password: string, ip: string, extra: object = {}) =>
  api.call(auth.login, { type: 'username', username, password, ...extra }, { ip }) as Promise<TLogin>;

describe(`registration and login on ${TEST_DB}`, () => {
  it('registers by username with every configured field, logs in, logs out; the token is useless after', async () => {
    // Every register field on and required: the form's full set, checked by the stored rules.
    for (const field of REGISTER_RULE_FIELDS) {
      if (field === 'captcha' || field === 'verificationCode') continue;
      await api.ops({ kind: 'registerField.set', field, state: 'required' });
    }
    const ip = freshIp();
    const form = {
      username: 'alice2024',
      password: 'abc123xyz',
      confirmPassword: 'abc123xyz',
      payeeName: 'Alice Nguyen',
      email: 'alice@example.org',
      qqNum: '123456789',
      mobileNum: '0912345678',
      countryDialingCode: '+84',
      recommenderId: 'FRIEND01',
      affiliateCode: 'DEMO01',
      paymentPassword: '246810',
      line: 'alice.line',
      whatsapp: '84912345678',
      facebook: 'alice.fb',
      wechat: 'alice_wx',
      idNumber: 'ID123456',
      ageConfirmed: true,
      registerUrl: 'http://localhost:8080/register',
      ...(await api.captcha()),
    };
    const before = await api.count('users');
    const res = (await api.call(auth.register, form, { ip })) as TLogin;
    for (const rule of REGISTER_FIELD_RULES) {
      if (rule.field === 'confirmPassword') continue;
      await api.ops({ kind: 'registerField.set', field: rule.field, state: rule.required ? 'required' : rule.enabled ? 'optional' : 'off' });
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const v = res.body.value;
    expect(v.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(v).toMatchObject({ firstTimeLogin: true, passwordExpired: false, mustChangePassword: false });
    expect(v.user).toMatchObject({
      account: 'alice2024',
      type: 'member',
      accountType: 0,
      uplineAccount: 'agent01',
      toUpline: true,
      payeeName: 'Alice Nguyen',
      mobileNum: '91***5678',
      countryDialingCode: '+84',
      email: 'a***@example.org',
      hasPassword: true,
      hasPaymentPassword: true,
    });
    expect(await api.count('users')).toBe(before + 1);

    const info = await api.call(auth.memberInfo, {}, { token: v.token, ip });
    expect(info.status).toBe(200);
    expect(info.body.value).toMatchObject({ account: 'alice2024', customerId: `PLAYHALL-${v.user.id}` });
    const unread = await api.call((await import('@playhall/contract/calls/system')).unreadCount, {}, { token: v.token, ip });
    expect(unread.body.value).toEqual({ count: 1 });

    expect((await api.call(auth.logout, {}, { token: v.token, ip })).status).toBe(200);
    const after = await api.call(auth.memberInfo, {}, { token: v.token, ip });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('session_expired');

    const again = await login('ALICE2024', 'abc123xyz', ip);
    expect(again.status).toBe(200);
    expect(again.body.value.firstTimeLogin).toBe(true);
    await api.call(auth.firstLogin, {}, { token: again.body.value.token, ip });
    expect((await login('alice2024', 'abc123xyz', ip)).body.value.firstTimeLogin).toBe(false);

    // The extra contact fields are kept with the account.
    const rows = await t.database.db.execute(sql`select contacts, id_number, payment_password_hash from users where username = 'alice2024'`);
    const row = (Array.isArray(rows) ? rows[0] : (rows as { rows: unknown[] }).rows[0]) as Record<string, unknown>;
    expect(row.contacts).toEqual({ qqNum: '123456789', line: 'alice.line', whatsapp: '84912345678', facebook: 'alice.fb', wechat: 'alice_wx', recommenderId: 'FRIEND01' });
    expect(String(row.payment_password_hash)).toMatch(/^\$argon2id\$/);
  });

  it('refuses each broken rule with the field, its rule key and bounds, and makes no account', async () => {
    const before = await api.count('users');
    const base = { username: 'bobby2024', password: 'abc123xyz', confirmPassword: 'abc123xyz', mobileNum: '912345670', countryDialingCode: '+84', ageConfirmed: true };
    let res = await api.call(auth.register, { ...base, username: '1bob', ...(await api.captcha()) }, { ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect((res.body.value as { issues: unknown[] }).issues).toContainEqual({ path: 'username', message: 'pattern_1', params: { patternId: 1, min: 6, max: 12 } });

    res = await api.call(auth.register, { ...base, confirmPassword: 'other123', ...(await api.captcha()) }, { ip: freshIp() });
    expect(res.body.code).toBe('password_mismatch');
    res = await api.call(auth.register, { ...base, ageConfirmed: undefined, ...(await api.captcha()) }, { ip: freshIp() });
    expect((res.body.value as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain('ageConfirmed');
    res = await api.call(auth.register, { ...base, captchaId: (await api.captcha()).captchaId, captcha: 'ZZZZ' }, { ip: freshIp() });
    expect(res.body.code).toBe('captcha_failed');
    res = await api.call(auth.register, base, { ip: freshIp() });
    expect(res.body.code).toBe('validation_failed');
    expect((res.body.value as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain('captcha');
    res = await api.call(auth.register, { ...base, affiliateCode: 'NOPE99', ...(await api.captcha()) }, { ip: freshIp() });
    expect(res.body.code).toBe('invitation_code_error');
    res = await api.call(auth.register, { ...base, referralCode: 'NOPE99', ...(await api.captcha()) }, { ip: freshIp() });
    expect(res.body.code).toBe('invitation_code_error');
    res = await api.call(auth.register, { ...base, username: 'member01', ...(await api.captcha()) }, { ip: freshIp() });
    expect([res.status, res.body.code]).toEqual([409, 'username_taken']);
    res = await api.call(auth.register, { ...base, mobileNum: '900000003', ...(await api.captcha()) }, { ip: freshIp() });
    expect([res.status, res.body.code]).toEqual([409, 'mobile_taken']);
    res = await api.call(auth.register, { ...base, countryDialingCode: '+999', ...(await api.captcha()) }, { ip: freshIp() });
    expect(res.body.code).toBe('sms_invalid_phone');
    res = await api.call(auth.register, { ...base, countryDialingCode: '+84', mobileNum: '91234567890', ...(await api.captcha()) }, { ip: freshIp() });
    expect(res.body.code).toBe('sms_invalid_phone');
    expect(await api.count('users')).toBe(before);
  });

  it('checks invitation codes (GET /wps/agent/affiliate)', async () => {
    expect((await api.call(affiliate, { code: 'demo01' })).body.value).toEqual({ valid: true });
    expect((await api.call(affiliate, { code: 'NOPE99' })).body.value).toEqual({ valid: false });
  });

  it('validates one field before submit', async () => {
    const check = async (field: string, value: string, extra = {}) =>
      (await api.call(auth.validateRegisterField, { field, value, ...extra })).body.value;
    expect(await check('username', 'member01')).toEqual({ valid: false, code: 'username_taken' });
    expect(await check('username', 'x1')).toEqual({ valid: false, code: 'pattern_1' });
    expect(await check('username', 'freshname1')).toEqual({ valid: true, code: null });
    expect(await check('mobileNum', '0900000003', { countryDialingCode: '+84' })).toEqual({ valid: false, code: 'mobile_taken' });
    expect(await check('email', 'member01@EXAMPLE.com')).toEqual({ valid: false, code: 'email_taken' });
  });

  it('registers by mobile number with the SMS code read from the outbox, then logs in by SMS', async () => {
    const ip = freshIp();
    const sent = await api.call(auth.smsRegister, { countryDialingCode: '+84', mobileNo: '0987654321', regType: 'mobile' }, { ip });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.value).toEqual({ expiredMinutes: 3 });
    const code = await api.smsCode('0987654321');
    const form = { mobileNum: '0987654321', countryDialingCode: '+84', verificationCode: code, ageConfirmed: true, ...(await api.captcha()) };
    const res = (await api.call(auth.registerMobile, form, { ip })) as TLogin;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value.user).toMatchObject({ hasPassword: false, mobileNum: '98***4321', accountType: 0 });
    expect(res.body.value.user.account).toMatch(/^m[a-z2-9]{8}$/);
    // The code was used up.
    const twice = await api.call(auth.registerMobile, { ...form, ...(await api.captcha()) }, { ip });
    expect(twice.body.code).toBe('mobile_taken');

    await api.call(auth.smsNoLogin, { mobileNum: '987654321', countryDialingCode: '+84' }, { ip });
    const smsLogin = (await api.call(
      auth.login,
      { type: 'sms', mobileNum: '0987654321', countryDialingCode: '+84', verificationCode: await api.smsCode('987654321') },
      { ip },
    )) as TLogin;
    expect(smsLogin.status, JSON.stringify(smsLogin.body)).toBe(200);
    expect(smsLogin.body.value.user.id).toBe(res.body.value.user.id);
    expect(smsLogin.body.value.mustChangePassword).toBe(false);

    // No old password exists, so none is asked to set one.
    const set = await api.call(auth.changePassword, { newPassword: 'newpass123', confirmNewPassword: 'newpass123' }, { token: smsLogin.body.value.token, ip });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  });

  it('REGMOBVERF3 requires the SMS code to register by username', async () => {
    await api.ops({ kind: 'flag.set', modId: 'REGMOBVERF3', on: true });
    const ip = freshIp();
    const base = { username: 'carol2024', password: 'abc123xyz', confirmPassword: 'abc123xyz', mobileNum: '0911222333', countryDialingCode: '+84', ageConfirmed: true };
    let res = await api.call(auth.register, { ...base, ...(await api.captcha()) }, { ip });
    expect((res.body.value as { issues: { path: string; message: string }[] }).issues).toContainEqual(expect.objectContaining({ path: 'verificationCode', message: 'required' }));
    await api.call(auth.smsRegister, { countryDialingCode: '+84', mobileNo: '0911222333', regType: 'username' }, { ip });
    res = await api.call(auth.register, { ...base, verificationCode: '000000', ...(await api.captcha()) }, { ip });
    expect(res.body.code).toBe('sms_invalid_code');
    res = await api.call(auth.register, { ...base, verificationCode: await api.smsCode('911222333'), ...(await api.captcha()) }, { ip });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await api.ops({ kind: 'flag.set', modId: 'REGMOBVERF3', on: false });
  });

  it('asks the captcha after three failed logins, refuses a wrong one, accepts a right one', async () => {
    const ip = freshIp();
    for (let i = 1; i <= 3; i++) {
      const res = await login('member02', 'wrong-password', ip);
      expect([res.status, res.body.code]).toEqual([401, 'bad_credentials']);
      expect(res.body.value).toEqual({ captcha: i >= 3 });
    }
    let res = await login('member02', t.demoPassword, ip);
    expect([res.status, res.body.code, res.body.value]).toEqual([400, 'captcha_required', { captcha: true }]);
    res = await login('member02', t.demoPassword, ip, { captchaId: (await api.captcha()).captchaId, captcha: 'QQQQ' });
    expect([res.status, res.body.code, res.body.value]).toEqual([400, 'captcha_failed', { captcha: true }]);
    // Single use: a captcha that was answered (even wrongly) cannot be answered again.
    const solved = await api.captcha();
    await login('member02', t.demoPassword, ip, { captchaId: solved.captchaId, captcha: 'QQQQ' });
    expect((await login('member02', t.demoPassword, ip, solved)).body.code).toBe('captcha_failed');
    res = await login('member02', t.demoPassword, ip, { ...(await api.captcha()) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Success clears the account's count: no captcha next time.
    expect((await login('member02', t.demoPassword, freshIp())).status).toBe(200);
  });

  it('GET /wps/captcha answers a base64 PNG that expires', async () => {
    const res = await api.call(auth.captcha, {});
    expect(res.status).toBe(200);
    const v = res.body.value as { image: string; captchaId: string; expiresInSeconds: number };
    expect(Buffer.from(v.image, 'base64').subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(v.expiresInSeconds).toBe(120);
    const solved = await api.captcha();
    await api.sql(sql`update captchas set expires_at = now() - interval '1 second' where id = ${solved.captchaId}`);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await login('member03', 'wrong', ip);
    expect((await login('member03', t.demoPassword, ip, solved)).body.code).toBe('captcha_failed');
  });

  it('flags a forced password change for an initial password, and for an expired one with PWDEXPFORCECHANGE3', async () => {
    await api.ops({ kind: 'user.create', username: 'dave2024', password: 'Initial123', type: 'member', upline: null });
    const ip = freshIp();
    let res = await login('dave2024', 'Initial123', ip);
    expect(res.body.value).toMatchObject({ mustChangePassword: true, passwordExpired: false });
    const token = res.body.value.token;
    const same = await api.call(auth.changePassword, { oldPassword: 'Initial123', newPassword: 'Initial123', confirmNewPassword: 'Initial123' }, { token, ip });
    expect(same.body.code).toBe('password_unchanged');
    const wrong = await api.call(auth.changePassword, { oldPassword: 'nope', newPassword: 'Better123', confirmNewPassword: 'Better123' }, { token, ip });
    expect(wrong.body.code).toBe('password_incorrect');
    const weak = await api.call(auth.changePassword, { oldPassword: 'Initial123', newPassword: 'short', confirmNewPassword: 'short' }, { token, ip });
    expect(weak.body.value).toEqual({ issues: [{ path: 'newPassword', message: 'pattern_5', params: { patternId: 5, min: 6, max: 20 } }] });
    const noOld = await api.call(auth.changePassword, { newPassword: 'Better123', confirmNewPassword: 'Better123' }, { token, ip });
    expect(noOld.body.code).toBe('validation_failed');
    const changed = await api.call(auth.changePassword, { oldPassword: 'Initial123', newPassword: 'Better123', confirmNewPassword: 'Better123' }, { token, ip });
    expect(changed.status).toBe(200);
    res = await login('dave2024', 'Better123', ip);
    expect(res.body.value.mustChangePassword).toBe(false);

    await api.ops({ kind: 'passwordMaxAge.set', days: 30 });
    await api.sql(sql`update users set password_changed_at = now() - interval '31 days' where username = 'dave2024'`);
    res = await login('dave2024', 'Better123', ip);
    expect(res.body.value).toMatchObject({ passwordExpired: true, mustChangePassword: true });
    await api.ops({ kind: 'flag.set', modId: 'PWDEXPFORCECHANGE3', on: false });
    res = await login('dave2024', 'Better123', ip);
    expect(res.body.value).toMatchObject({ passwordExpired: true, mustChangePassword: false });
    await api.ops({ kind: 'flag.set', modId: 'PWDEXPFORCECHANGE3', on: true });
    await api.ops({ kind: 'passwordMaxAge.set', days: null });
  });

  it("refuses accounts the portal does not admit with the spec's message", async () => {
    await api.ops({ kind: 'user.create', username: 'staff2024', password: 'Staff1234', type: 'member', upline: null });
    await api.sql(sql`update users set account_type = 3 where username = 'staff2024'`);
    const res = await login('staff2024', 'Staff1234', freshIp());
    expect([res.status, res.body.code, res.body.message]).toEqual([403, 'non_member_login', 'Non-member account unable to login']);
    await api.sql(sql`update users set account_type = 0, status = 'locked' where username = 'staff2024'`);
    expect((await login('staff2024', 'Staff1234', freshIp())).body.code).toBe('account_locked');
  });

  it('refuses plaintext bodies on every encrypted call (encryption_required)', async () => {
    const encrypted = [auth.login, auth.register, auth.registerMobile, auth.changePassword, auth.resetPasswordByEmail, auth.resetPasswordByMobile, auth.loginVerify];
    for (const def of encrypted) {
      const res = await api.call(def, { type: 'username', username: 'member01', password: t.demoPassword }, { plaintext: true, ip: freshIp() });
      expect(res.status, def.name).toBe(def.token === 'required' ? 401 : 400);
      if (def.token !== 'required') expect(res.body.code, def.name).toBe('encryption_required');
    }
    const { token } = (await login('member01', t.demoPassword, freshIp())).body.value;
    const res = await api.call(auth.changePassword, { newPassword: 'x' }, { plaintext: true, token });
    expect([res.status, res.body.code]).toEqual([400, 'encryption_required']);
  });

  it('lists country dialing codes with their digit counts', async () => {
    const list = (await api.call(auth.countryCodes, {})).body.value as { list: { countryCode: string; countryDialingCode: string; mobileMinLength: number }[] };
    expect(list.list[0]).toMatchObject({ countryCode: 'VN', countryDialingCode: '+84', mobileMinLength: 9 });
    expect(list.list.length).toBeGreaterThan(30);
  });

  it('LOGINIPVERF3: a new IP asks a second verification; the first login records its IP without asking', async () => {
    await api.ops({ kind: 'flag.set', modId: 'LOGINIPVERF3', on: true });
    await api.ops({ kind: 'user.create', username: 'erin2024', password: 'Erin12345', type: 'member', upline: null });
    await api.sql(sql`update users set mobile = '933444555', country_dialing_code = '+84', payee_name = 'Erin Tran' where username = 'erin2024'`);
    const home = freshIp();
    expect((await login('erin2024', 'Erin12345', home)).status).toBe(200);
    expect((await login('erin2024', 'Erin12345', home)).status).toBe(200);

    const away = freshIp();
    const res = await login('erin2024', 'Erin12345', away);
    expect([res.status, res.body.code]).toEqual([403, 'second_verification_required']);
    const challenge = res.body.value as unknown as { challengeId: string; methods: string[]; mobileNum: string };
    expect(challenge.methods).toEqual(['sms', 'bankName']);
    expect(challenge.mobileNum).toBe('93***4555');
    // Only from the IP that passed the password.
    expect((await api.call(auth.loginVerify, { challengeId: challenge.challengeId, method: 'bankName', code: 'Erin Tran' }, { ip: home })).body.code).toBe('verification_required');
    const wrong = await api.call(auth.loginVerify, { challengeId: challenge.challengeId, method: 'bankName', code: 'Someone Else' }, { ip: away });
    expect(wrong.body.code).toBe('sms_invalid_code');
    const sent = await api.call(auth.loginVerifySend, { challengeId: challenge.challengeId, method: 'sms' }, { ip: away });
    expect(sent.body.value).toEqual({ expiredMinutes: 3 });
    const ok = (await api.call(auth.loginVerify, { challengeId: challenge.challengeId, method: 'sms', code: await api.smsCode('933444555') }, { ip: away })) as TLogin;
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.value.mustChangePassword).toBe(true);
    // Used once; and the IP is now known.
    expect((await api.call(auth.loginVerify, { challengeId: challenge.challengeId, method: 'bankName', code: 'Erin Tran' }, { ip: away })).body.code).toBe('verification_required');
    expect((await login('erin2024', 'Erin12345', away)).status).toBe(200);

    const other = freshIp();
    const second = await login('erin2024', 'Erin12345', other);
    const id = (second.body.value as unknown as { challengeId: string }).challengeId;
    const byName = await api.call(auth.loginVerify, { challengeId: id, method: 'bankName', code: '  erin   TRAN ' }, { ip: other });
    expect(byName.status).toBe(200);
    await api.ops({ kind: 'flag.set', modId: 'LOGINIPVERF3', on: false });
  });
});
