import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import { consoleEnrolFinish, consoleEnrolStart, consoleLogin, consoleLogout, consoleMe, consoleVerify, ROLE_PERMISSIONS } from '@playhall/contract/console';
import { rowsOf } from '../src/db/client.ts';
import { apiOf, freshIp, type TApi } from './support/api.ts';
import { consoleCall, enrolledOperator, opsAs, signIn, signInFirstTime, totpCode } from './support/console.ts';
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

const PASSWORD = 'correct horse battery';
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
const me = (cookie: string) => consoleCall<{ username: string; role: string; permissions: string[]; idleUntil: string }>(t, consoleMe, {}, { cookie });

describe(`console sign-in on ${TEST_DB}`, () => {
  it('first login enrols TOTP from the QR code, answers ten recovery codes once and opens a cookie session', async () => {
    expect((await opsAs(t, { kind: 'operator.create', username: 'alice', role: 'admin', password: PASSWORD })).ok).toBe(true);
    const step1 = await consoleCall<{ next: string; ticket: string }>(t, consoleLogin, { username: 'Alice', password: PASSWORD });
    expect(step1.status).toBe(200);
    expect(step1.body.value.next).toBe('enrol');
    expect(step1.cookie).toBeUndefined();
    const start = await consoleCall<{ secret: string; otpauthUrl: string; qrPng: string }>(t, consoleEnrolStart, { ticket: step1.body.value.ticket });
    expect(start.status).toBe(200);
    expect(start.body.value.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+alice\?secret=[A-Z2-7]+&issuer=/);
    expect(Buffer.from(start.body.value.qrPng, 'base64').subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const wrong = await consoleCall(t, consoleEnrolFinish, { ticket: step1.body.value.ticket, code: totpCode(start.body.value.secret, 5) });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'sms_invalid_code']);
    const finish = await consoleCall<{ me: { role: string }; recoveryCodes: string[] }>(t, consoleEnrolFinish, { ticket: step1.body.value.ticket, code: totpCode(start.body.value.secret) });
    expect(finish.status).toBe(200);
    expect(finish.body.value.recoveryCodes).toHaveLength(10);
    expect(new Set(finish.body.value.recoveryCodes).size).toBe(10);
    expect(finish.body.value.me.role).toBe('admin');
    expect(finish.setCookie).toMatch(/^ph_console=[A-Za-z0-9_-]{43}; Path=\/console; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    const who = await me(finish.cookie ?? '');
    expect(who.status).toBe(200);
    expect(who.body.value).toMatchObject({ username: 'alice', role: 'admin', permissions: [...ROLE_PERMISSIONS.admin] });
    // Only hashes are kept: the password (argon2id), the recovery codes and the session token (SHA-256).
    const [op] = await rows<{ password_hash: string }>(sql`select password_hash from operators where username = 'alice'`);
    expect(op?.password_hash).toMatch(/^\$argon2id\$/);
    const codes = await rows<{ code_hash: string }>(sql`select code_hash from operator_recovery_codes where operator_id = (select id from operators where username = 'alice')`);
    expect(codes.map((c) => c.code_hash).every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
    const sessions = await rows<{ n: number }>(sql`select count(*)::int as n from operator_sessions where token_hash = ${finish.cookie}`);
    expect(Number(sessions[0]?.n)).toBe(0);
    // The ticket worked once.
    const again = await consoleCall(t, consoleEnrolFinish, { ticket: step1.body.value.ticket, code: totpCode(start.body.value.secret, 1) });
    expect([again.status, again.body.code]).toEqual([401, 'session_expired']);
  });

  it('later logins take a TOTP code once (a replayed step is refused) or a recovery code once', async () => {
    const { secret, recoveryCodes } = await enrolledOperator(t, 'bob', 'finance', PASSWORD);
    const step1 = await consoleCall<{ next: string; ticket: string }>(t, consoleLogin, { username: 'bob', password: PASSWORD });
    expect(step1.body.value.next).toBe('totp');
    // A TOTP ticket does not enrol again.
    expect((await consoleCall(t, consoleEnrolStart, { ticket: step1.body.value.ticket })).body.code).toBe('session_expired');
    const code = totpCode(secret, 1);
    const ok = await consoleCall<{ me: { role: string } }>(t, consoleVerify, { ticket: step1.body.value.ticket, code });
    expect(ok.status).toBe(200);
    expect(ok.body.value.me.role).toBe('finance');
    expect(ok.cookie).toBeTruthy();
    const replay = await signIn(t, 'bob', PASSWORD, { code });
    expect([replay.status, replay.body.code]).toEqual([400, 'sms_invalid_code']);
    const recovery = recoveryCodes[0] ?? '';
    const byRecovery = await signIn(t, 'bob', PASSWORD, { recoveryCode: recovery.toUpperCase() });
    expect(byRecovery.status).toBe(200);
    const reused = await signIn(t, 'bob', PASSWORD, { recoveryCode: recovery });
    expect([reused.status, reused.body.code]).toEqual([400, 'sms_invalid_code']);
    const [audit] = await rows<{ actor: string; after: unknown }>(sql`select actor, after from audit_log where action = 'operator.recoveryCode' order by id desc limit 1`);
    expect(audit).toMatchObject({ actor: 'operator:bob', after: { recoveryCodesLeft: 9 } });
  });

  it('refuses wrong passwords, locked operators, and throttles failures per username, per address and per code', async () => {
    const { secret } = await enrolledOperator(t, 'carol', 'support', PASSWORD);
    const ip = freshIp();
    expect((await consoleCall(t, consoleLogin, { username: 'nobody', password: PASSWORD }, { ip })).body.code).toBe('bad_credentials');
    for (let i = 0; i < 5; i++) {
      const wrong = await consoleCall(t, consoleLogin, { username: 'carol', password: 'not the password' }, { ip: freshIp() });
      expect([wrong.status, wrong.body.code]).toEqual([401, 'bad_credentials']);
    }
    // Five failures for the username, from anywhere: the right password waits out the window too.
    expect((await consoleCall(t, consoleLogin, { username: 'carol', password: PASSWORD }, { ip: freshIp() })).body.code).toBe('rate_limited');
    await api.sql(sql`delete from auth_counters where key like 'console-login:%carol'`);

    // Twenty failures from one address, whatever the usernames.
    const busy = freshIp();
    for (let i = 0; i < 20; i++) expect((await consoleCall(t, consoleLogin, { username: `guess${i}`, password: 'x' }, { ip: busy })).status).toBe(401);
    const blocked = await consoleCall(t, consoleLogin, { username: 'carol', password: PASSWORD }, { ip: busy });
    expect([blocked.status, blocked.body.code]).toEqual([429, 'rate_limited']);

    // Five wrong codes for the operator, then even the right one waits.
    const step1 = await consoleCall<{ ticket: string }>(t, consoleLogin, { username: 'carol', password: PASSWORD });
    for (let i = 0; i < 5; i++) expect((await consoleCall(t, consoleVerify, { ticket: step1.body.value.ticket, code: totpCode(secret, 10 + i) })).body.code).toBe('sms_invalid_code');
    const throttled = await consoleCall(t, consoleVerify, { ticket: step1.body.value.ticket, code: totpCode(secret, 1) });
    expect([throttled.status, throttled.body.code]).toEqual([429, 'rate_limited']);

    // A locked operator is told so only after the right password.
    await opsAs(t, { kind: 'operator.lock', username: 'carol', locked: true });
    expect((await consoleCall(t, consoleLogin, { username: 'carol', password: 'wrong password!' }, { ip: freshIp() })).body.code).toBe('bad_credentials');
    const locked = await consoleCall(t, consoleLogin, { username: 'carol', password: PASSWORD }, { ip: freshIp() });
    expect([locked.status, locked.body.code]).toEqual([423, 'account_locked']);
  });
});

describe(`console sessions on ${TEST_DB}`, () => {
  it('ends after 15 idle minutes, slides with use, and ends 12 hours after sign-in whatever happens', async () => {
    const { cookie } = await enrolledOperator(t, 'dave', 'auditor', PASSWORD);
    const idleSince = (minutes: number) => api.sql(sql`update operator_sessions set last_seen_at = now() - make_interval(mins => ${minutes}) where operator_id = (select id from operators where username = 'dave')`);
    await idleSince(14);
    const touched = await me(cookie);
    expect(touched.status).toBe(200);
    expect(Date.parse(touched.body.value.idleUntil) - Date.now()).toBeGreaterThan(14 * 60_000);
    await idleSince(16);
    const idle = await me(cookie);
    expect([idle.status, idle.body.code]).toEqual([401, 'session_expired']);
    expect(idle.cookie).toBe('');

    const second = await signIn(t, 'dave', PASSWORD, { code: totpCode((await rows<{ totp_secret: string }>(sql`select totp_secret from operators where username = 'dave'`))[0]?.totp_secret ?? '', 1) });
    const cookie2 = (second as { cookie?: string }).cookie ?? '';
    expect((await me(cookie2)).status).toBe(200);
    await api.sql(sql`update operator_sessions set created_at = now() - interval '13 hours', expires_at = now() - interval '1 hour' where operator_id = (select id from operators where username = 'dave')`);
    expect((await me(cookie2)).body.code).toBe('session_expired');
  });

  it('logout revokes the session and clears the cookie', async () => {
    const { cookie } = await enrolledOperator(t, 'erin', 'marketing', PASSWORD);
    const out = await consoleCall(t, consoleLogout, {}, { cookie });
    expect(out.status).toBe(200);
    expect(out.setCookie).toMatch(/^ph_console=; Path=\/console; HttpOnly; SameSite=Strict; Max-Age=0$/);
    expect((await me(cookie)).body.code).toBe('session_expired');
    expect((await consoleCall(t, consoleLogout, {}, { cookie })).status).toBe(401);
  });

  it('locking an operator, changing its role or resetting its two-factor ends its sessions; each change is audited without secrets', async () => {
    const first = await enrolledOperator(t, 'frank', 'risk', PASSWORD);
    await opsAs(t, { kind: 'operator.lock', username: 'frank', locked: true }, 'cli:root');
    expect((await me(first.cookie)).body.code).toBe('session_expired');
    await opsAs(t, { kind: 'operator.lock', username: 'frank', locked: false }, 'cli:root');
    const again = await signIn(t, 'frank', PASSWORD, { recoveryCode: first.recoveryCodes[0] ?? '' });
    const cookie = (again as { cookie?: string }).cookie ?? '';
    expect((await me(cookie)).body.value.role).toBe('risk');
    await opsAs(t, { kind: 'operator.role', username: 'frank', role: 'finance' }, 'cli:root');
    expect((await me(cookie)).body.code).toBe('session_expired');
    const third = await signIn(t, 'frank', PASSWORD, { recoveryCode: first.recoveryCodes[1] ?? '' });
    const cookie3 = (third as { cookie?: string }).cookie ?? '';
    expect((await me(cookie3)).body.value.role).toBe('finance');
    await opsAs(t, { kind: 'operator.reset2fa', username: 'frank' }, 'cli:root');
    expect((await me(cookie3)).body.code).toBe('session_expired');
    // The old recovery codes went with the authenticator; the next login enrols again.
    expect((await signIn(t, 'frank', PASSWORD, { recoveryCode: first.recoveryCodes[2] ?? '' })).body.code).toBe('session_expired');
    const enrolAgain = await signInFirstTime(t, 'frank', PASSWORD);
    expect((await me(enrolAgain.cookie)).status).toBe(200);

    const audit = await rows<{ actor: string; action: string; before: unknown; after: unknown }>(
      sql`select actor, action, before, after from audit_log where target = 'operator:frank' order by id`,
    );
    expect(audit.map((a) => [a.actor, a.action])).toEqual([
      ['cli:test', 'operator.create'],
      ['operator:frank', 'operator.enrol2fa'],
      ['cli:root', 'operator.lock'],
      ['cli:root', 'operator.unlock'],
      ['operator:frank', 'operator.recoveryCode'],
      ['cli:root', 'operator.role'],
      ['operator:frank', 'operator.recoveryCode'],
      ['cli:root', 'operator.reset2fa'],
      ['operator:frank', 'operator.enrol2fa'],
    ]);
    expect(audit[5]).toMatchObject({ before: { role: 'risk', status: 'active', twoFactor: true }, after: { role: 'finance', status: 'active', twoFactor: true } });
    const text = JSON.stringify(audit);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(first.secret);
    expect(text).not.toMatch(/argon2|recoveryCodes":\[/);
  });

  it('never accepts a member token, and refuses a POST that is not JSON', async () => {
    const login = await api.call<{ token: string }>(auth.login, { type: 'username', username: 'member01', password: t.demoPassword }, { ip: freshIp() });
    const token = login.body.value.token;
    const asHeader = await consoleCall(t, consoleMe, {}, { headers: { authorization: token } });
    expect([asHeader.status, asHeader.body.code]).toEqual([401, 'not_logged_in']);
    const asCookie = await consoleCall(t, consoleMe, {}, { cookie: token });
    expect([asCookie.status, asCookie.body.code]).toEqual([401, 'session_expired']);

    const { cookie } = await enrolledOperator(t, 'gina', 'support', PASSWORD);
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const res = await t.app.inject({ method: 'POST', url: consoleLogout.path, headers: { cookie: `ph_console=${cookie}`, 'content-type': type }, payload: 'a=1' });
      expect(res.statusCode).toBe(415);
    }
    expect((await me(cookie)).status).toBe(200);
  });
});
