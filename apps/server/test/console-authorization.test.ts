import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as auth from '@playhall/contract/calls/auth';
import { can, CONSOLE_CALLS, CONSOLE_ROLES, consoleLogout, type TConsoleCallDef, type TConsoleRole } from '@playhall/contract/console';
import { sha256Hex } from '../src/lib/secrets.ts';
import { apiOf, freshIp } from './support/api.ts';
import { consoleCall, enrolledOperator, signIn, totpCode } from './support/console.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

/**
 * Issue 24's authorisation test: every console call × every role, no session, a member's token (as the header members
 * send, and as the console cookie) and an expired operator session. Each call gets a minimal input ({}): a permitted
 * call may then answer 400 (its input) or 501 (not built yet), never 401 or 403; a refused one answers exactly those.
 */
let t: TTestApp;
const cookies = new Map<TConsoleRole, string>();
let memberToken = '';
let expiredCookie = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const role of CONSOLE_ROLES) cookies.set(role, (await enrolledOperator(t, `op-${role}`, role)).cookie);
  const api = apiOf(t);
  memberToken = (await api.call<{ token: string }>(auth.login, { type: 'username', username: 'member01', password: t.demoPassword }, { ip: freshIp() })).body.value.token;
  // The admin's second session, then left idle past the timeout.
  const secret = await t.database.db.execute(sql`select totp_secret from operators where username = 'op-admin'`);
  const rows = (Array.isArray(secret) ? secret : (secret as { rows: { totp_secret: string }[] }).rows) as { totp_secret: string }[];
  const second = await signIn(t, 'op-admin', 'correct horse battery', { code: totpCode(rows[0]?.totp_secret ?? '', 1) });
  expiredCookie = (second as { cookie?: string }).cookie ?? '';
  await t.database.db.execute(sql`update operator_sessions set last_seen_at = now() - interval '16 minutes' where token_hash = ${sha256Hex(expiredCookie)}`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** What the call must answer this caller: the refusal, or null when it must get past authorisation. */
function expected(def: TConsoleCallDef, who: TConsoleRole | 'none' | 'member' | 'memberCookie' | 'expired'): [number, string] | null {
  if (def.access === 'public') return null;
  if (who === 'none' || who === 'member') return [401, 'not_logged_in'];
  if (who === 'memberCookie' || who === 'expired') return [401, 'session_expired'];
  if (def.access === 'session') return null;
  return can(who, def.access) ? null : [403, 'forbidden'];
}

// Logout last: it ends the session the other calls use.
const CALLS = [...CONSOLE_CALLS.filter((d) => d !== consoleLogout), consoleLogout];

describe(`console authorisation matrix on ${TEST_DB}`, () => {
  it('has a call for every permission and the matrix covers every call', () => {
    expect(CALLS).toHaveLength(CONSOLE_CALLS.length);
    expect(CONSOLE_CALLS.length).toBeGreaterThan(20);
  });

  for (const who of ['none', 'member', 'memberCookie', 'expired'] as const) {
    it(`without an operator session (${who}) only the public calls get through`, async () => {
      const seen: string[] = [];
      for (const def of CALLS) {
        const opts =
          who === 'member' ? { headers: { authorization: memberToken } } : who === 'memberCookie' ? { cookie: memberToken } : who === 'expired' ? { cookie: expiredCookie } : {};
        const res = await consoleCall(t, def, {}, opts);
        const want = expected(def, who);
        if (want) expect([def.name, res.status, res.body.code]).toEqual([def.name, ...want]);
        else expect([401, 403], def.name).not.toContain(res.status);
        seen.push(def.name);
      }
      expect(seen).toHaveLength(CONSOLE_CALLS.length);
    });
  }

  for (const role of CONSOLE_ROLES) {
    it(`${role}: exactly the calls its permissions name`, async () => {
      const cookie = cookies.get(role) ?? '';
      const passed: string[] = [];
      for (const def of CALLS) {
        const res = await consoleCall(t, def, {}, { cookie });
        const want = expected(def, role);
        if (want) expect([def.name, res.status, res.body.code]).toEqual([def.name, ...want]);
        else {
          // Past authorisation: answered, refused for its minimal input (400) or not built yet (501); never a crash.
          expect([401, 403, 500], def.name).not.toContain(res.status);
          passed.push(def.name);
        }
      }
      const permitted = CONSOLE_CALLS.filter((d) => d.access === 'public' || d.access === 'session' || can(role, d.access)).map((d) => d.name);
      expect(passed.sort()).toEqual(permitted.sort());
    });
  }
});
