import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import { feedback, unreadCount } from '@playhall/contract/calls/system';
import { apiOf, freshIp, type TApi, type TLogin } from './support/api.ts';
import { decoded } from './support/images.ts';
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

const login = (username: string, password: string, ip = freshIp(), extra: object = {}) =>
  api.call(auth.login, { type: 'username', username, password, ...extra }, { ip }) as Promise<TLogin>;

describe(`sessions on ${TEST_DB}`, () => {
  it('a token is useless after logout, and only that session ends', async () => {
    const a = (await login('member01', t.demoPassword)).body.value.token;
    const b = (await login('member01', t.demoPassword)).body.value.token;
    expect((await api.call(auth.logout, {}, { token: a })).status).toBe(200);
    expect((await api.call(auth.memberInfo, {}, { token: a })).body.code).toBe('session_expired');
    expect((await api.call(auth.logout, {}, { token: a })).status).toBe(401);
    expect((await api.call(auth.memberInfo, {}, { token: b })).status).toBe(200);
  });

  it('a password change ends every session of the account; the new password logs in', async () => {
    await api.ops({ kind: 'user.create', username: 'frank2024', password: 'Frank1234', type: 'member', upline: null });
    const a = (await login('frank2024', 'Frank1234')).body.value.token;
    const b = (await login('frank2024', 'Frank1234')).body.value.token;
    const changed = await api.call(auth.changePassword, { oldPassword: 'Frank1234', newPassword: 'Frank5678', confirmNewPassword: 'Frank5678' }, { token: a });
    expect(changed.status).toBe(200);
    for (const token of [a, b]) {
      const res = await api.call(auth.memberInfo, {}, { token });
      expect([res.status, res.body.code]).toEqual([401, 'session_expired']);
    }
    expect((await login('frank2024', 'Frank1234')).body.code).toBe('bad_credentials');
    expect((await login('frank2024', 'Frank5678')).status).toBe(200);
  });

  it('refuses missing, unknown, expired tokens and tokens of locked accounts', async () => {
    expect((await api.call(auth.memberInfo, {})).body.code).toBe('not_logged_in');
    expect((await api.call(auth.memberInfo, {}, { token: 'x'.repeat(43) })).body.code).toBe('session_expired');
    expect((await api.call(auth.memberInfo, {}, { token: 'x'.repeat(300) })).body.code).toBe('not_logged_in');
    const { token } = (await login('member03', t.demoPassword)).body.value;
    await api.sql(sql`update sessions set expires_at = now() - interval '1 second' where user_id = (select id from users where username = 'member03')`);
    expect((await api.call(auth.memberInfo, {}, { token })).status).toBe(401);
    const fresh = (await login('member03', t.demoPassword)).body.value.token;
    await api.sql(sql`update users set status = 'locked' where username = 'member03'`);
    expect((await api.call(auth.memberInfo, {}, { token: fresh })).status).toBe(401);
    await api.sql(sql`update users set status = 'active' where username = 'member03'`);
  });

  it('stores only the SHA-256 of a token', async () => {
    const { token } = (await login('member01', t.demoPassword)).body.value;
    const rows = await t.database.db.execute(sql`select token_hash from sessions`);
    const hashes = (Array.isArray(rows) ? rows : (rows as { rows: { token_hash: string }[] }).rows) as { token_hash: string }[];
    expect(hashes.some((r) => r.token_hash.includes(token))).toBe(false);
    const { createHash } = await import('node:crypto');
    expect(hashes.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
  });

  it('keeps a login history with time, IP, country and device', async () => {
    const ip = freshIp();
    const { token } = (await api.call(auth.login, { type: 'username', username: 'member02', password: t.demoPassword }, { ip, headers: { 'user-agent': 'TestBrowser/1.0' } })).body.value as { token: string };
    const res = await api.call(auth.loginHistory, { page: 1, pageSize: 5 }, { token });
    const page = res.body.value as { list: { ip: string; device: string; method: string; time: string }[]; total: number };
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.list[0]).toMatchObject({ ip, device: 'TestBrowser/1.0', method: 'password' });
  });

  it('member info, language, avatar (static set and a custom upload checked by content)', async () => {
    const { token } = (await login('member01', t.demoPassword)).body.value;
    expect((await api.call(auth.updateLanguage, { language: 'EN' }, { token })).status).toBe(200);
    expect((await api.call(auth.memberInfo, {}, { token })).body.value).toMatchObject({ language: 'EN', account: 'member01', type: 'member' });
    expect((await api.call(auth.updateLanguage, { language: 'XX' }, { token })).status).toBe(400);

    expect((await api.call(auth.memberIcon, {}, { token })).body.value).toEqual({ avatar: 'img/avatars/1.svg', avatarType: 'STATIC' });
    const relay = (await api.call(auth.playerAvatar, {}, { token })).body.value as { choices: { id: string; url: string }[] };
    expect(relay.choices).toHaveLength(12);
    expect((await api.call(auth.updateIcon, { avatarType: 'STATIC', avatarId: '7' }, { token })).body.value).toEqual({ avatar: 'img/avatars/7.svg', avatarType: 'STATIC' });
    expect((await api.call(auth.updateIcon, { avatarType: 'STATIC', avatarId: '99' }, { token })).status).toBe(404);
    const svg = await t.app.inject({ method: 'GET', url: '/img/avatars/7.svg' });
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);

    const { encodePng, createRaster } = await import('../src/lib/png.ts');
    const png = encodePng(createRaster(8, 8, [200, 10, 10])).toString('base64');
    const up = await api.call(auth.updateIcon, { avatarType: 'CUSTOM', image: { mime: 'image/png', data: png } }, { token });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const url = (up.body.value as { avatar: string }).avatar;
    expect(url).toMatch(/^img\/avatars\/custom\/[A-Za-z0-9_-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: `/${url}` });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    // Served as the server wrote it anew (uploads.test.ts covers what that removes).
    expect(await decoded(served.rawPayload, 'image/png')).toEqual({ format: 'png', width: 8, height: 8, trailing: false });

    // A script renamed .png, a JPEG declared as PNG, and an oversized image are refused.
    const script = Buffer.from('<script>alert(1)</script>').toString('base64');
    for (const image of [{ mime: 'image/png', data: script }, { mime: 'image/png', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]).toString('base64') }]) {
      const res = await api.call(auth.updateIcon, { avatarType: 'CUSTOM', image }, { token });
      expect([res.status, res.body.code]).toEqual([400, 'invalid_image']);
    }
    const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1024 * 1024)]).toString('base64');
    const tooBig = await api.call(auth.updateIcon, { avatarType: 'CUSTOM', image: { mime: 'image/png', data: big } }, { token });
    expect(tooBig.status).toBe(400);
  });

  it('free play makes a guest of account type 4 that member-only calls refuse with in_need_true_account', async () => {
    const ip = freshIp();
    const deviceKey = 'k'.repeat(24);
    const res = (await api.call(auth.loginFreeplay, { os: 'Linux', platform: 'W', deviceKey, gatewayVersion: 3 }, { ip })) as TLogin;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { token, user } = res.body.value;
    expect(user).toMatchObject({ accountType: 4, type: 'member', nickname: 'Guest', hasPassword: false, toUpline: false });
    expect((await api.call(auth.memberInfo, {}, { token })).status).toBe(200);
    expect((await api.call(unreadCount, {}, { token })).status).toBe(200);
    for (const [def, payload] of [
      [auth.loginHistory, {}],
      [auth.changePassword, { newPassword: 'abc123', confirmNewPassword: 'abc123' }],
      [feedback, { content: 'hello' }],
      [auth.updateIcon, { avatarType: 'STATIC', avatarId: '2' }],
    ] as const) {
      const refused = await api.call(def, payload, { token });
      expect([refused.status, refused.body.code], def.name).toEqual([403, 'in_need_true_account']);
    }
    // The same browser gets its guest back; a guest cannot log in by password.
    const again = (await api.call(auth.loginFreeplay, { os: 'Linux', deviceKey }, { ip })) as TLogin;
    expect(again.body.value.user.id).toBe(user.id);
    expect((await login(user.account, 'anything')).body.code).toBe('bad_credentials');
    expect((await api.call(auth.logout, {}, { token })).status).toBe(200);

    await api.ops({ kind: 'flag.set', modId: 'FREEPLAY3', on: false });
    const off = await api.call(auth.loginFreeplay, { os: 'Linux', deviceKey: 'z'.repeat(24) }, { ip });
    expect([off.status, off.body.code]).toEqual([403, 'operation_not_allowed']);
    await api.ops({ kind: 'flag.set', modId: 'FREEPLAY3', on: true });
  });

  it('two-factor login: enrol with a QR code, then every login asks the authenticator code once', async () => {
    const { totpAt, stepAt } = await import('../src/lib/totp.ts');
    await api.ops({ kind: 'user.create', username: 'gina2024', password: 'Gina12345', type: 'member', upline: null });
    const { token } = (await login('gina2024', 'Gina12345')).body.value;
    const setup = await api.call(auth.totpSetup, {}, { token });
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.body.value as { secret: string; otpauthUrl: string; qrCode: string };
    expect(otpauthUrl).toBe(`otpauth://totp/Playhall%3Agina2024?secret=${secret}&issuer=Playhall&algorithm=SHA1&digits=6&period=30`);
    expect(Buffer.from(qrCode, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect((await api.call(auth.totpEnable, { code: '000000' }, { token })).body.code).toBe('sms_invalid_code');
    const step = stepAt(new Date());
    expect((await api.call(auth.totpEnable, { code: totpAt(secret, step) }, { token })).status).toBe(200);
    expect((await api.call(auth.memberInfo, {}, { token })).body.value).toMatchObject({ twoFactorEnabled: true });

    const ip = freshIp();
    const first = await login('gina2024', 'Gina12345', ip);
    expect([first.status, first.body.code]).toEqual([403, 'second_verification_required']);
    const challenge = first.body.value as unknown as { challengeId: string; methods: string[] };
    expect(challenge.methods).toEqual(['totp']);
    // The code that enabled it was used up: a replay is refused.
    const replay = await api.call(auth.loginVerify, { challengeId: challenge.challengeId, method: 'totp', code: totpAt(secret, step) }, { ip });
    expect(replay.body.code).toBe('sms_invalid_code');
    const ok = (await api.call(auth.loginVerify, { challengeId: challenge.challengeId, method: 'totp', code: totpAt(secret, step + 1) }, { ip })) as TLogin;
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);

    await api.sql(sql`update users set totp_last_step = null where username = 'gina2024'`);
    expect((await api.call(auth.totpDisable, { code: totpAt(secret, stepAt(new Date())) }, { token: ok.body.value.token })).status).toBe(200);
    expect((await login('gina2024', 'Gina12345', freshIp())).status).toBe(200);
  });

  it('members send feedback', async () => {
    const { token } = (await login('member01', t.demoPassword)).body.value;
    const res = await api.call(feedback, { content: 'The lottery page loads fast.', category: 'suggestion' }, { token });
    expect(res.status).toBe(200);
    expect((res.body.value as { id: number }).id).toBeGreaterThan(0);
    expect((await api.call(feedback, { content: 'x'.repeat(141) }, { token })).status).toBe(400);
  });

  it('throttles login brute force: per IP by the route limit, per account by a lock kept in the database', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 25; i++) codes.push((await login('agent02', `guess-${i}`, ip)).status);
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    // Without a captcha the 4th and later stop before the password is even checked...
    expect(codes.slice(3, 20).every((c) => c === 400)).toBe(true);
    // ...and past 20 a minute the IP is refused outright.
    expect(codes.slice(20)).toEqual([429, 429, 429, 429, 429]);

    // An attacker who solves every captcha, from many IPs, is stopped by the account lock.
    let last: TLogin | null = null;
    for (let i = 0; i < 7; i++) last = await login('agent02', `guess-x${i}`, freshIp(), await api.captcha());
    expect([last?.status, last?.body.code]).toEqual([401, 'bad_credentials']);
    const locked = await login('agent02', t.demoPassword, freshIp(), await api.captcha());
    expect([locked.status, locked.body.code]).toEqual([429, 'rate_limited']);
    expect((locked.body.value as unknown as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(800);
    // The lock is in the database: another server process refuses too.
    const other = await t.secondApp();
    try {
      const elsewhere = await api.call(auth.login, { type: 'username', username: 'agent02', password: t.demoPassword, ...(await api.captcha()) }, { app: other.app, ip: freshIp() });
      expect(elsewhere.body.code).toBe('rate_limited');
    } finally {
      await other.close();
    }
  });
});
