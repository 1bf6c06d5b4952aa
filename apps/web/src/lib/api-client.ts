import type { z } from 'zod';
import type { TCallDef } from '@playhall/contract/define';
import { publicKey as publicKeyCall } from '@playhall/contract/calls/system';
import { ApiError } from './api-error.ts';
import { currentLanguageCode } from './i18n.ts';
import { sessionStore } from './storage.ts';

/** The request a call turns into, before encryption (pure, so it is tested without a network). */
export interface TPlainRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export interface TRequestContext {
  token: string | null;
  merchantCode: string | null;
  language: string;
}

function toQuery(data: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

export function buildRequest(def: TCallDef, data: unknown, ctx: TRequestContext): TPlainRequest {
  const headers: Record<string, string> = { Accept: 'application/json', Device: 'WEB', Language: ctx.language };
  if (ctx.token) headers.Authorization = ctx.token;
  if (ctx.merchantCode) headers.Merchant = ctx.merchantCode;
  const fields = (data ?? {}) as Record<string, unknown>;
  if (def.body === 'query') {
    return { url: def.path + toQuery(fields), method: def.method, headers, body: undefined };
  }
  if (def.body === 'form') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    return { url: def.path, method: def.method, headers, body: toQuery(fields).slice(1) };
  }
  headers['Content-Type'] = 'application/json';
  return { url: def.path, method: def.method, headers, body: JSON.stringify(fields) };
}

interface TEnvelopeShape {
  success: boolean;
  code: string;
  message: string;
  value: unknown;
}

function isEnvelope(x: unknown): x is TEnvelopeShape {
  if (typeof x !== 'object' || x === null) return false;
  const o = x as Record<string, unknown>;
  return typeof o.success === 'boolean' && typeof o.code === 'string' && typeof o.message === 'string';
}

/** Read a response into the envelope's value, or throw the ApiError it carries. */
export async function readEnvelope(res: Response): Promise<unknown> {
  let parsed: unknown;
  try {
    parsed = await res.json();
  } catch {
    throw new ApiError(res.status >= 500 ? 'system_error' : 'unknown_error', res.statusText || 'Unreadable response', res.status);
  }
  if (!isEnvelope(parsed)) throw new ApiError('unknown_error', 'Unexpected response', res.status, parsed);
  if (!parsed.success || !res.ok) {
    throw new ApiError(parsed.code === 'ok' ? 'unknown_error' : parsed.code, parsed.message, res.status, parsed.value ?? null);
  }
  return parsed.value;
}

// The server's public key for encrypted calls, fetched once and kept for the page's life.
let serverKey: Promise<{ key: CryptoKey; keyId: string }> | null = null;

// The encryption code loads with the first encrypted call (login, register…), not with the page.
const loadEncrypt = () => import('./encrypt.ts');

function getServerKey(): Promise<{ key: CryptoKey; keyId: string }> {
  serverKey ??= call(publicKeyCall, {})
    .then(async (v) => ({ key: await (await loadEncrypt()).importRsaPublicKey(v.publicKey), keyId: v.keyId }))
    .catch((err: unknown) => {
      serverKey = null;
      throw err;
    });
  return serverKey;
}

type TUnauthorizedListener = () => void;
const unauthorizedListeners = new Set<TUnauthorizedListener>();

/** Notified when a call that carried a token is answered 401 (the session ended on the server). */
export function onUnauthorized(listener: TUnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

async function send(req: TPlainRequest, signal: AbortSignal | undefined): Promise<Response> {
  try {
    return await fetch(req.url, { method: req.method, headers: req.headers, body: req.body, signal, credentials: 'same-origin' });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError('network_error', 'Network link is abnormal, please try again', 0);
  }
}

/**
 * The one way the web talks to the server: validate the payload with the contract, send it (encrypted
 * when the call says so), and return the envelope's value typed and checked by the contract.
 */
export async function call<Req extends z.ZodType, Res extends z.ZodType>(
  def: TCallDef<Req, Res>,
  payload: z.input<Req>,
  opts: { signal?: AbortSignal } = {},
): Promise<z.output<Res>> {
  const input = def.request.safeParse(payload);
  if (!input.success) throw new ApiError('validation_failed', 'Input is invalid', 0, input.error.issues);

  const ctx: TRequestContext = {
    token: sessionStore.get('token'),
    merchantCode: sessionStore.get('merchantCode'),
    language: currentLanguageCode(),
  };
  const plain = buildRequest(def, input.data, ctx);

  const attempt = async (): Promise<unknown> => {
    let req = plain;
    if (def.encrypted) {
      const { key, keyId } = await getServerKey();
      const enc = await (await loadEncrypt()).encryptBody(plain.body ?? '{}', key, keyId);
      req = { ...plain, body: enc.body, headers: { ...plain.headers, ...enc.headers, 'Content-Type': 'application/json' } };
    }
    return readEnvelope(await send(req, opts.signal));
  };

  let value: unknown;
  try {
    value = await attempt();
  } catch (err) {
    // The server may have rotated its key since we fetched it: fetch it again and retry once.
    if (def.encrypted && err instanceof ApiError && err.code === 'bad_encryption') {
      serverKey = null;
      value = await attempt();
    } else {
      if (err instanceof ApiError && err.status === 401 && ctx.token) unauthorizedListeners.forEach((l) => l());
      throw err;
    }
  }

  const out = def.response.safeParse(value);
  if (!out.success) throw new ApiError('unknown_error', 'Unexpected response', 200, out.error.issues);
  return out.data;
}
