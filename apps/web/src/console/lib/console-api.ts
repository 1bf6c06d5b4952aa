import type { z } from 'zod';
import type { TConsoleCallDef } from '@playhall/contract/console';
import { fieldErrorsOf, type TFieldErrors } from './field-errors.ts';

/** A refused console call: the envelope's code and message, the HTTP status (0: nothing came back) and, for bad input, a text per field. */
export class ConsoleError extends Error {
  readonly code: string;
  readonly status: number;
  readonly fields: TFieldErrors;

  constructor(code: string, message: string, status: number, fields: TFieldErrors = {}) {
    super(message);
    this.name = 'ConsoleError';
    this.code = code;
    this.status = status;
    this.fields = fields;
  }
}

let onSessionEnded: (() => void) | null = null;
let lastAnswerAt = Date.now();

/** When the server last answered a call (the session's idle clock restarts with each call). */
export function lastAnswerTime(): number {
  return lastAnswerAt;
}

/** Called when a call that needs a session is answered 401: the session ended (idle timeout, revoked, signed out elsewhere). */
export function setSessionEndedHandler(handler: (() => void) | null): void {
  onSessionEnded = handler;
}

function queryString(data: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

async function readEnvelope(res: Response): Promise<unknown> {
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new ConsoleError(res.status >= 500 ? 'system_error' : 'unknown_error', res.statusText || 'The server sent an unreadable answer', res.status);
  }
  const envelope = body as { success?: unknown; code?: unknown; message?: unknown; value?: unknown } | null;
  if (typeof envelope?.success !== 'boolean' || typeof envelope.code !== 'string') throw new ConsoleError('unknown_error', 'Unexpected answer from the server', res.status);
  if (!envelope.success || !res.ok) {
    const issues = (envelope.value as { issues?: unknown } | null)?.issues;
    throw new ConsoleError(envelope.code, typeof envelope.message === 'string' ? envelope.message : envelope.code, res.status, fieldErrorsOf(issues));
  }
  return envelope.value;
}

/**
 * The one way the console talks to the server: the payload checked with the contract's schema (so bad input shows per
 * field before anything is sent), GET fields in the query and POST fields as JSON, the session riding in its
 * HttpOnly cookie (never a token in the page), and the answer checked against the contract.
 */
export async function consoleCall<Req extends z.ZodType, Res extends z.ZodType>(
  def: TConsoleCallDef<Req, Res>,
  payload: z.input<Req>,
  signal?: AbortSignal,
): Promise<z.output<Res>> {
  const input = def.request.safeParse(payload);
  if (!input.success) throw new ConsoleError('validation_failed', 'Some fields need attention', 0, fieldErrorsOf(input.error.issues));
  const data = (input.data ?? {}) as Record<string, unknown>;
  const get = def.method === 'GET';
  let res: Response;
  try {
    res = await fetch(get ? def.path + queryString(data) : def.path, {
      method: def.method,
      headers: get ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: get ? undefined : JSON.stringify(data),
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ConsoleError('network_error', 'The server could not be reached. Check the connection and try again.', 0);
  }
  if (res.status !== 401) lastAnswerAt = Date.now();
  let value: unknown;
  try {
    value = await readEnvelope(res);
  } catch (err) {
    if (err instanceof ConsoleError && err.status === 401 && def.access !== 'public') onSessionEnded?.();
    throw err;
  }
  const out = def.response.safeParse(value);
  if (!out.success) throw new ConsoleError('unknown_error', 'Unexpected answer from the server', res.status);
  return out.data;
}
