import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingHookHandler, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { TCallDef } from '@playhall/contract/define';
import { TRIAL_ACCOUNT_TYPE } from '@playhall/contract/constants';
import { ok } from '@playhall/contract/envelope';
import { AppError, invalidInput } from '../lib/app-error.ts';
import type { TKeyService } from '../modules/crypto/key.service.ts';

export interface TSession {
  token: string;
  sessionId: number;
  userId: number;
  /** 4 is the free-play guest (spec §6). */
  accountType: number;
}

export interface TCallContext {
  request: FastifyRequest;
  reply: FastifyReply;
  /** Present when the call's token rule is `required`, or `optional` and a valid token was sent. */
  session: TSession | null;
  /** The token sent, for a call served with `sessionInHandler` (its session is then null). */
  token: string | null;
}

/**
 * An answer the handler serialized itself, as the whole envelope: for a hot call whose answer is mostly
 * the same for everyone (the status call), kept as JSON text and checked against the response schema
 * when it is made, not per request.
 */
export class SerializedAnswer {
  constructor(readonly json: string) {}
}

export type TCallHandler<D extends TCallDef> = (
  input: z.output<D['request']>,
  ctx: TCallContext,
) => Promise<z.input<D['response']> | SerializedAnswer>;

export interface TServeOptions {
  /** @fastify/rate-limit route config, for the calls the spec names lockouts on. */
  rateLimit?: { max: number; timeWindow: number | string; keyGenerator?: (req: FastifyRequest) => string };
  /**
   * A token call refuses free-play guests (account type 4) with `in_need_true_account` (spec §6)
   * unless it opts in here — so a new member-only call is guarded without remembering to.
   */
  guests?: boolean;
  /** Raises the app's 64 KB body limit for this call (uploads). */
  bodyLimit?: number;
  /**
   * A call authenticated by a signature over its exact bytes (the gateway callback): for this route
   * only, the raw body is read and handed here before it is parsed or validated; throw to refuse.
   */
  verifyRaw?: (raw: Buffer, request: FastifyRequest) => void | Promise<void>;
  /**
   * The handler resolves the token itself, in the statement that reads its answer, and answers
   * `session_expired` when it opens no live session (member info, read on every page: one round trip instead
   * of two). Only for a call that requires a token and admits guests; the registrar still requires the token.
   */
  sessionInHandler?: boolean;
}

export interface TCallRegistrar {
  serve<D extends TCallDef>(def: D, handler: TCallHandler<D>, opts?: TServeOptions): void;
  /** Registers every contract call no module served as an honest 501 `not_implemented`. */
  serveRestAsNotImplemented(all: readonly TCallDef[]): string[];
}

// C0 controls but tab, newline and carriage return; DEL; a UTF-16 surrogate without its pair.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BAD_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path of the first string (key or value) holding characters no field accepts: control
 * characters (PostgreSQL cannot even store NUL) and lone surrogates, which would be stored mangled.
 */
export function badTextPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return BAD_TEXT.test(value) ? path.join('.') : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (BAD_TEXT.test(key)) return [...path, '(key)'].join('.');
    const hit = badTextPath(inner, [...path, key]);
    if (hit !== null) return hit;
  }
  return null;
}

const verified = new WeakSet<FastifyRequest>();

/**
 * Reads the body stream once (within the limit) and checks it with `verify` before any parsing, so a
 * forged request is refused as such even when its body is not JSON; then hands the bytes on to the parser.
 */
function verifyRawBody(limit: number, verify: NonNullable<TServeOptions['verifyRaw']>): preParsingHookHandler {
  return async (request, _reply, payload) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buf.length;
      if (size > limit) throw new AppError('payload_too_large');
      chunks.push(buf);
    }
    const raw = Buffer.concat(chunks);
    await verify(raw, request);
    verified.add(request);
    return Readable.from([raw]);
  };
}

/**
 * Routes come from the contract: path, method, token rule and encryption are read from the call's
 * definition, never typed again. Input is decrypted if required, then parsed by the call's zod schema
 * (unknown fields refused); the handler's answer is checked against the response schema.
 */
export function createCallRegistrar(
  app: FastifyInstance,
  deps: { keys: TKeyService; resolveSession: (token: string) => Promise<TSession | null> },
): TCallRegistrar {
  const served = new Set<string>();

  function tokenOf(def: TCallDef, request: FastifyRequest): string | null {
    const header = request.headers.authorization;
    const token = typeof header === 'string' && header.length > 0 && header.length <= 256 ? header : null;
    if (!token && def.token === 'required') throw new AppError('not_logged_in');
    return token;
  }

  async function sessionOf(def: TCallDef, request: FastifyRequest): Promise<TSession | null> {
    if (def.token === 'none') return null;
    const token = tokenOf(def, request);
    if (!token) return null;
    const session = await deps.resolveSession(token);
    if (!session && def.token === 'required') throw new AppError('session_expired');
    return session;
  }

  function refuseGuest(def: TCallDef, session: TSession | null, opts?: TServeOptions): void {
    if (def.token === 'required' && session?.accountType === TRIAL_ACCOUNT_TYPE && !opts?.guests) {
      throw new AppError('in_need_true_account');
    }
  }

  return {
    serve<D extends TCallDef>(def: D, handler: TCallHandler<D>, opts?: TServeOptions) {
      served.add(def.name);
      if (opts?.sessionInHandler && (def.token !== 'required' || !opts.guests)) throw new Error(`${def.name}: sessionInHandler needs a required token and guests`);
      const routeOpts: RouteShorthandOptions = {
        ...(opts?.rateLimit ? { config: { rateLimit: opts.rateLimit } } : {}),
        ...(opts?.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
        ...(opts?.verifyRaw ? { preParsing: verifyRawBody(opts.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024, opts.verifyRaw) } : {}),
      };
      app.route({
        ...routeOpts,
        method: def.method,
        url: def.path,
        handler: async (request, reply) => {
          const token = opts?.sessionInHandler ? tokenOf(def, request) : null;
          const session = opts?.sessionInHandler ? null : await sessionOf(def, request);
          refuseGuest(def, session, opts);
          // No body at all never reached the check: verify the empty body.
          if (opts?.verifyRaw && !verified.has(request)) await opts.verifyRaw(Buffer.alloc(0), request);
          // No body at all is an empty object; a body of JSON null, an array or a scalar is not.
          let raw: unknown = def.body === 'query' ? request.query : (request.body === undefined ? {} : request.body);
          if (def.encrypted) raw = await deps.keys.decryptRequest(request.headers, raw);
          else if (request.headers['encryption']) throw new AppError('validation_failed', null, 'This call is not encrypted');
          if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalidInput([{ path: '', message: 'object_required' }]);
          const bad = badTextPath(raw);
          if (bad !== null) throw invalidInput([{ path: bad, message: 'invalid_characters' }]);
          const input = def.request.parse(raw) as z.output<D['request']>;
          const value = await handler(input, { request, reply, session, token });
          if (value instanceof SerializedAnswer) return reply.type('application/json; charset=utf-8').send(value.json);
          return ok(def.response.parse(value));
        },
      });
    },
    serveRestAsNotImplemented(all) {
      const pending: string[] = [];
      for (const def of all) {
        if (served.has(def.name)) continue;
        pending.push(def.name);
        app.route({
          method: def.method,
          url: def.path,
          handler: async () => {
            throw new AppError('not_implemented', { call: def.name, issue: def.issue });
          },
        });
      }
      return pending;
    },
  };
}
