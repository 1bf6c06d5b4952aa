import querystring from 'node:querystring';
import { consoleEnrolFinish, consoleEnrolStart, consoleLogin, consoleVerify, type TConsoleCallDef, type TConsoleRole } from '@playhall/contract/console';
import { stepAt, totpAt } from '../../src/lib/totp.ts';
import { runOpsCommand } from '../../src/modules/ops/ops.service.ts';
import type { TTestApp } from './test-app.ts';

export interface TConsoleResponse<T = unknown> {
  status: number;
  body: { success: boolean; code: string; message: string; value: T };
  /** The `ph_console` value the answer set (a new session), '' when it cleared it, undefined when it did not touch it. */
  cookie: string | undefined;
  setCookie: string | undefined;
}

/** A console call as the console's page sends it: JSON body (or query string) and the session cookie, if any. */
export async function consoleCall<T = unknown>(
  t: TTestApp,
  def: TConsoleCallDef,
  payload: Record<string, unknown> = {},
  opts: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<TConsoleResponse<T>> {
  const headers: Record<string, string> = { ...(opts.cookie ? { cookie: `ph_console=${opts.cookie}` } : {}) };
  let url = def.path;
  let body: string | undefined;
  if (def.method === 'GET') {
    const qs = querystring.stringify(payload as Record<string, string>);
    if (qs) url += `?${qs}`;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload);
  }
  Object.assign(headers, opts.headers);
  const res = await t.app.inject({ method: def.method, url, headers, ...(body === undefined ? {} : { payload: body }), remoteAddress: opts.ip ?? '127.0.0.1' });
  const raw = res.headers['set-cookie'];
  const setCookie = Array.isArray(raw) ? raw.join('\n') : raw;
  const cookie = setCookie === undefined ? undefined : (/ph_console=([^;]*)/.exec(setCookie)?.[1] ?? undefined);
  return { status: res.statusCode, body: res.json(), cookie, setCookie };
}

/** The authenticator's code `offset` steps from now (±1 is accepted for drift; each step works once). */
export const totpCode = (secret: string, offset = 0) => totpAt(secret, stepAt(new Date()) + offset);

export const opsAs = (t: TTestApp, cmd: Parameters<typeof runOpsCommand>[3], actor = 'cli:test') => runOpsCommand(t.database.db, t.merchantId, actor, cmd);

/** Creates an operator by the CLI's command and signs it in for the first time (enrolment): its cookie, secret and recovery codes. */
export async function enrolledOperator(t: TTestApp, username: string, role: TConsoleRole, password = 'correct horse battery') {
  const created = await opsAs(t, { kind: 'operator.create', username, role, password });
  if (!created.ok) throw new Error(created.message);
  return signInFirstTime(t, username, password);
}

export async function signInFirstTime(t: TTestApp, username: string, password: string) {
  const step1 = await consoleCall<{ next: string; ticket: string }>(t, consoleLogin, { username, password });
  if (step1.body.value.next !== 'enrol') throw new Error(`${username}: expected enrolment, got ${JSON.stringify(step1.body)}`);
  const ticket = step1.body.value.ticket;
  const start = await consoleCall<{ secret: string; otpauthUrl: string; qrPng: string }>(t, consoleEnrolStart, { ticket });
  const { secret } = start.body.value;
  const finish = await consoleCall<{ recoveryCodes: string[] }>(t, consoleEnrolFinish, { ticket, code: totpCode(secret) });
  if (finish.status !== 200 || !finish.cookie) throw new Error(`${username}: enrolment failed ${JSON.stringify(finish.body)}`);
  return { cookie: finish.cookie, secret, recoveryCodes: finish.body.value.recoveryCodes, start: start.body.value, finish };
}

/** A later sign-in: password, then a TOTP code (or a recovery code). */
export async function signIn(t: TTestApp, username: string, password: string, proof: { code: string } | { recoveryCode: string }, ip?: string) {
  const step1 = await consoleCall<{ next: string; ticket: string }>(t, consoleLogin, { username, password }, { ip });
  if (step1.status !== 200) return step1;
  return consoleCall<{ me: unknown }>(t, consoleVerify, { ticket: step1.body.value.ticket, ...proof }, { ip });
}
