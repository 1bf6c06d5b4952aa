import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { can, type TConsoleCallDef } from '@playhall/contract/console';
import { ok } from '@playhall/contract/envelope';
import { AppError, invalidInput } from '../../lib/app-error.ts';
import { badTextPath } from '../../plugins/contract-routes.ts';
import type { TConsoleHandler, TConsoleRegistrar, TConsoleServeOptions, TOperatorSession } from './console-registrar.ts';
import { CONSOLE_SESSION_MAX_MS } from './operator-session.service.ts';

/** The console's session cookie: HttpOnly, SameSite=Strict, only sent to /console (docs/decisions.md, issue 24). */
export const CONSOLE_COOKIE = 'ph_console';

/** The value of one cookie of the request's Cookie header, or null. */
export function cookieOf(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

function cookieAttributes(request: FastifyRequest, maxAgeSeconds: number): string {
  return `Path=/console; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${request.protocol === 'https' ? '; Secure' : ''}`;
}

/** Sets the session cookie (step two, enrolment), or clears it (logout, an ended session) with `token` null. */
export function setConsoleCookie(request: FastifyRequest, reply: FastifyReply, token: string | null): void {
  const value = token === null ? `${CONSOLE_COOKIE}=; ${cookieAttributes(request, 0)}` : `${CONSOLE_COOKIE}=${token}; ${cookieAttributes(request, CONSOLE_SESSION_MAX_MS / 1000)}`;
  void reply.header('set-cookie', value);
}

export interface TConsoleRoutes extends TConsoleRegistrar {
  /** Every console call nobody served answers 501 `not_implemented` — after its access check, like a served one. */
  serveRestAsNotImplemented(all: readonly TConsoleCallDef[]): string[];
}

/**
 * The console registrar (console-registrar.ts): each call from its contract definition. In order: a POST must be
 * `application/json` (a cross-site form cannot send that, and SameSite=Strict keeps the cookie from other sites
 * anyway); the session from the `ph_console` cookie only — a member's `Authorization` token is never read here —
 * 401 `not_logged_in` without one, `session_expired` when it ended; 403 `forbidden` when the role lacks the call's
 * permission; then the input parsed by the call's schema, and the answer checked against its response schema.
 */
export function createConsoleRegistrar(app: FastifyInstance, deps: { resolveSession: (token: string) => Promise<TOperatorSession | null> }): TConsoleRoutes {
  const served = new Set<string>();

  async function operatorOf(def: TConsoleCallDef, request: FastifyRequest, reply: FastifyReply): Promise<TOperatorSession | null> {
    if (def.access === 'public') return null;
    const token = cookieOf(request, CONSOLE_COOKIE);
    if (!token) throw new AppError('not_logged_in');
    const operator = await deps.resolveSession(token);
    if (!operator) {
      setConsoleCookie(request, reply, null);
      throw new AppError('session_expired');
    }
    if (def.access !== 'session' && !can(operator.role, def.access)) throw new AppError('forbidden');
    return operator;
  }

  function inputOf(def: TConsoleCallDef, request: FastifyRequest): unknown {
    const raw: unknown = def.method === 'GET' ? request.query : (request.body ?? {});
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalidInput([{ path: '', message: 'object_required' }]);
    const bad = badTextPath(raw);
    if (bad !== null) throw invalidInput([{ path: bad, message: 'invalid_characters' }]);
    return def.request.parse(raw);
  }

  function route<D extends TConsoleCallDef>(def: D, handler: TConsoleHandler<D>, opts?: TConsoleServeOptions): void {
    const routeOpts: RouteShorthandOptions = opts?.rateLimit ? { config: { rateLimit: opts.rateLimit } } : {};
    app.route({
      ...routeOpts,
      method: def.method,
      url: def.path,
      handler: async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        if (def.method === 'POST' && !/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) throw new AppError('unsupported_media_type');
        const operator = await operatorOf(def, request, reply);
        const input = inputOf(def, request) as z.output<D['request']>;
        const value = await handler(input, { request, reply, operator, actor: operator ? `operator:${operator.username}` : 'console' });
        return ok(def.response.parse(value));
      },
    });
  }

  return {
    serve(def, handler, opts) {
      if (served.has(def.name)) throw new Error(`console call ${def.name} served twice`);
      served.add(def.name);
      route(def, handler, opts);
    },
    serveRestAsNotImplemented(all) {
      const pending = all.filter((def) => !served.has(def.name));
      for (const def of pending) {
        route(def, async () => {
          throw new AppError('not_implemented', { call: def.name, issue: 24 });
        });
      }
      return pending.map((def) => def.name);
    },
  };
}
