import querystring from 'node:querystring';
import type { TCallDef } from '@playhall/contract/define';
import { sql } from 'drizzle-orm';
import type { TLoginValue } from '@playhall/contract/calls/auth';
import { encryptBody, ENCRYPTION_SCHEME } from '../../src/modules/crypto/envelope-crypto.ts';
import { createCaptchaRepository } from '../../src/modules/auth/captcha.repository.ts';
import { createCaptchaService } from '../../src/modules/auth/captcha.service.ts';
import { createOutboxRepository } from '../../src/modules/messaging/outbox.repository.ts';
import { runOpsCommand } from '../../src/modules/ops/ops.service.ts';
import type { TTestApp } from './test-app.ts';

type TApp = TTestApp['app'];

export interface TCallOptions {
  token?: string;
  /** The client's address (each test may use its own, so per-IP limits do not mix). */
  ip?: string;
  headers?: Record<string, string>;
  /** Send the body as plaintext even when the call is encrypted. */
  plaintext?: boolean;
  /** Another app instance of the same test database. */
  app?: TApp;
}

export interface TEnvelopeResponse<T = unknown> {
  status: number;
  body: { success: boolean; code: string; message: string; value: T };
}

/**
 * A contract call as an HTTP request: query string, encrypted JSON (with the server's public key),
 * form or plain JSON, and the token.
 */
export function encodeCall(
  def: TCallDef,
  payload: unknown,
  opts: Pick<TCallOptions, 'token' | 'headers'>,
  key: { publicKey: string; keyId: string } | null,
): { url: string; headers: Record<string, string>; body: string | undefined } {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = opts.token;
  let url = def.path;
  let body: string | undefined;
  if (def.body === 'query') {
    const qs = querystring.stringify(payload as Record<string, string>);
    if (qs) url += `?${qs}`;
  } else if (key) {
    const sealed = encryptBody(key.publicKey, payload);
    Object.assign(headers, { encryption: ENCRYPTION_SCHEME, 'x-rsa': sealed.wrappedKey, 'x-key-id': key.keyId, 'content-type': 'application/json' });
    body = JSON.stringify({ value: sealed.value });
  } else if (def.body === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = querystring.stringify(payload as Record<string, string>);
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload);
  }
  return { url, headers, body };
}

/** A client of the test server that speaks the contract: encryption, forms, query strings, tokens. */
export function apiOf(t: TTestApp) {
  let key: { publicKey: string; keyId: string } | null = null;
  const outbox = createOutboxRepository();

  async function publicKey() {
    key ??= (await t.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value as { publicKey: string; keyId: string };
    return key;
  }

  async function call<T = unknown>(def: TCallDef, payload: unknown = {}, opts: TCallOptions = {}): Promise<TEnvelopeResponse<T>> {
    const { url, headers, body } = encodeCall(def, payload, opts, def.encrypted && !opts.plaintext ? await publicKey() : null);
    const res = await (opts.app ?? t.app).inject({
      method: def.method,
      url,
      headers,
      ...(body === undefined ? {} : { payload: body }),
      remoteAddress: opts.ip ?? '127.0.0.1',
    });
    return { status: res.statusCode, body: res.json() };
  }

  return {
    call,
    /** A captcha issued on the server, with its answer (the picture is for people). */
    async captcha(): Promise<{ captchaId: string; captcha: string }> {
      const issued = await createCaptchaService({ db: t.database.db, repo: createCaptchaRepository() }).issue();
      return { captchaId: issued.captchaId, captcha: issued.answer };
    },
    /** The code of the newest SMS the outbox provider "sent" to this number. */
    async smsCode(mobile: string): Promise<string> {
      const [row] = await outbox.listSms(t.database.db, t.merchantId, mobile, 1);
      const code = /\b(\d{6})\b/.exec(row?.message ?? '')?.[1];
      if (!code) throw new Error(`no SMS code for ${mobile}`);
      return code;
    },
    async mails(address: string) {
      return outbox.listMail(t.database.db, t.merchantId, address, 10);
    },
    ops: (cmd: Parameters<typeof runOpsCommand>[3]) => runOpsCommand(t.database.db, t.merchantId, 'test', cmd),
    async count(table: 'users' | 'sessions' | 'sms_outbox'): Promise<number> {
      const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
      const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
      return Number(rows[0]?.n ?? 0);
    },
    async sql(query: ReturnType<typeof sql>): Promise<void> {
      await t.database.db.execute(query);
    },
  };
}

export type TApi = ReturnType<typeof apiOf>;
export type TLogin = TEnvelopeResponse<TLoginValue>;

/** A distinct client address per test, so the per-IP limits of one test never reach another. */
let nextIp = 10;
export function freshIp(): string {
  nextIp++;
  return `10.1.${Math.floor(nextIp / 250)}.${(nextIp % 250) + 1}`;
}
