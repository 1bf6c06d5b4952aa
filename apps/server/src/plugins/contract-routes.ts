import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { TCallDef } from '@playhall/contract/define';
import { ok } from '@playhall/contract/envelope';
import { AppError } from '../lib/app-error.ts';
import type { TKeyService } from '../modules/crypto/key.service.ts';

export interface TSession {
  userId: number;
  token: string;
}

export interface TCallContext {
  request: FastifyRequest;
  reply: FastifyReply;
  /** Present when the call's token rule is `required`, or `optional` and a valid token was sent. */
  session: TSession | null;
}

export type TCallHandler<D extends TCallDef> = (
  input: z.output<D['request']>,
  ctx: TCallContext,
) => Promise<z.input<D['response']>>;

export interface TServeOptions {
  /** @fastify/rate-limit route config, for the calls the spec names lockouts on. */
  rateLimit?: { max: number; timeWindow: number | string; keyGenerator?: (req: FastifyRequest) => string };
}

export interface TCallRegistrar {
  serve<D extends TCallDef>(def: D, handler: TCallHandler<D>, opts?: TServeOptions): void;
  /** Registers every contract call no module served as an honest 501 `not_implemented`. */
  serveRestAsNotImplemented(all: readonly TCallDef[]): string[];
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

  async function sessionOf(def: TCallDef, request: FastifyRequest): Promise<TSession | null> {
    if (def.token === 'none') return null;
    const header = request.headers.authorization;
    const token = typeof header === 'string' && header.length > 0 && header.length <= 256 ? header : null;
    if (!token) {
      if (def.token === 'required') throw new AppError('not_logged_in');
      return null;
    }
    const session = await deps.resolveSession(token);
    if (!session && def.token === 'required') throw new AppError('session_expired');
    return session;
  }

  return {
    serve<D extends TCallDef>(def: D, handler: TCallHandler<D>, opts?: TServeOptions) {
      served.add(def.name);
      const routeOpts: RouteShorthandOptions = opts?.rateLimit ? { config: { rateLimit: opts.rateLimit } } : {};
      app.route({
        ...routeOpts,
        method: def.method,
        url: def.path,
        handler: async (request, reply) => {
          const session = await sessionOf(def, request);
          let raw: unknown = def.body === 'query' ? request.query : (request.body ?? {});
          if (def.encrypted) raw = await deps.keys.decryptRequest(request.headers, raw);
          else if (request.headers['encryption']) throw new AppError('validation_failed', null, 'This call is not encrypted');
          const input = def.request.parse(raw ?? {}) as z.output<D['request']>;
          const value = await handler(input, { request, reply, session });
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
