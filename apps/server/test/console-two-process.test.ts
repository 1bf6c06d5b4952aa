import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auth from '@playhall/contract/calls/auth';
import { consoleEnrolFinish, consoleEnrolStart, consoleLogin, consoleMemberLock, consoleMembersSearch, type TConsoleCallDef } from '@playhall/contract/console';
import { openDatabase, type TDatabase } from '../src/db/client.ts';
import { stepAt, totpAt } from '../src/lib/totp.ts';
import { freshPostgresDatabase } from './support/fresh-postgres.ts';
import { callProcess, exited, startServerProcess, type TServerProcess } from './support/server-process.ts';
import { TEST_DB } from './support/test-app.ts';

// Issue 24: a support operator locks a member on one server process; the member, signed in on another process, is
// logged out there at once (the lock revokes its sessions in the database, which every process reads per call).

const PASSWORD = 'TwoProc12345';
const cleanups: (() => Promise<void>)[] = [];
let servers: TServerProcess[] = [];
let database: TDatabase;

/** A console call over HTTP to one process, with the session cookie. */
async function consoleAt<T>(base: string, def: TConsoleCallDef, payload: Record<string, unknown>, cookie?: string): Promise<{ status: number; body: { code: string; value: T }; cookie: string | null }> {
  const headers: Record<string, string> = cookie ? { cookie: `ph_console=${cookie}` } : {};
  let url = base + def.path;
  let body: string | undefined;
  if (def.method === 'GET') url += `?${new URLSearchParams(payload as Record<string, string>).toString()}`;
  else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload);
  }
  const res = await fetch(url, { method: def.method, headers, body });
  const set = res.headers.get('set-cookie');
  return { status: res.status, body: (await res.json()) as { code: string; value: T }, cookie: set ? (/ph_console=([^;]*)/.exec(set)?.[1] ?? null) : null };
}

describe.skipIf(TEST_DB !== 'postgres')('console lock across two server processes (PostgreSQL only: one process per embedded database)', () => {
  beforeAll(async () => {
    if (!process.env.DATABASE_URL) throw new Error('TEST_DB=postgres needs DATABASE_URL');
    const pgdb = await freshPostgresDatabase(process.env.DATABASE_URL, 'playhall_console_two');
    cleanups.push(() => pgdb.drop());
    const env = { DATABASE_URL: pgdb.url, DEMO_PASSWORD: PASSWORD, SEED_DEMO: '1', DATA_DIR: '/nonexistent-data-dir' };
    servers = [await startServerProcess(env)];
    servers.push(await startServerProcess(env));
    for (const s of servers) {
      cleanups.push(async () => {
        s.child.kill('SIGTERM');
        await exited(s.child);
      });
    }
    database = await openDatabase({ databaseUrl: pgdb.url, dataDir: null });
    cleanups.push(() => database.close());
  }, 300_000);

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('logs the member out on the other process at once', async () => {
    const [a, b] = servers.map((s) => s.base) as [string, string];
    // The member signs in on process B and reads its info there.
    const logged = await callProcess<{ token: string }>(b, auth.login, { type: 'username', username: 'member02', password: PASSWORD });
    expect(logged.code).toBe('ok');
    const token = logged.value.token;
    expect((await callProcess(b, auth.memberInfo, {}, token)).code).toBe('ok');

    // The demo admin (seeded with the demo password and -console) enrols and signs in on process A.
    const step1 = await consoleAt<{ next: string; ticket: string }>(a, consoleLogin, { username: 'admin', password: `${PASSWORD}-console` });
    expect(step1.body.value.next).toBe('enrol');
    const { ticket } = step1.body.value;
    const started = await consoleAt<{ secret: string }>(a, consoleEnrolStart, { ticket });
    const finished = await consoleAt(a, consoleEnrolFinish, { ticket, code: totpAt(started.body.value.secret, stepAt(new Date())) });
    expect(finished.status).toBe(200);
    const cookie = finished.cookie ?? '';

    // The session is the database's: process B knows the operator too.
    const found = await consoleAt<{ list: { id: number; username: string }[] }>(b, consoleMembersSearch, { q: 'member02', field: 'username' }, cookie);
    expect(found.status).toBe(200);
    const member = found.body.value.list.find((m) => m.username === 'member02');
    expect(member).toBeDefined();

    const locked = await consoleAt(a, consoleMemberLock, { id: member?.id ?? 0, locked: true, reason: 'two-process check' }, cookie);
    expect(locked.status).toBe(200);

    // Process B ends the member's session on its very next call, and refuses a new login.
    const after = await callProcess(b, auth.memberInfo, {}, token);
    expect([after.status, after.code]).toEqual([401, 'session_expired']);
    const again = await callProcess(b, auth.login, { type: 'username', username: 'member02', password: PASSWORD });
    expect(again.code).toBe('account_locked');
  }, 120_000);
});
