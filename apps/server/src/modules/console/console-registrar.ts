import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { TConsoleCallDef, TConsoleRole } from '@playhall/contract/console';

/** A signed-in operator, as the console's session cookie resolves it (never a member's token). */
export interface TOperatorSession {
  sessionId: number;
  operatorId: number;
  username: string;
  role: TConsoleRole;
  /** When the session ends if the operator does nothing more. */
  idleUntil: Date;
}

export interface TConsoleContext {
  request: FastifyRequest;
  reply: FastifyReply;
  /** Null only for `public` calls. */
  operator: TOperatorSession | null;
  /** How the audit log names this operator: `operator:<username>` (the CLI writes its own actor). */
  actor: string;
}

export type TConsoleHandler<D extends TConsoleCallDef> = (input: z.output<D['request']>, ctx: TConsoleContext) => Promise<z.input<D['response']>>;

export interface TConsoleServeOptions {
  /** @fastify/rate-limit route config (login and its second step). */
  rateLimit?: { max: number; timeWindow: number | string; keyGenerator?: (req: FastifyRequest) => string };
}

/**
 * Serves console calls from their contract definitions: the session cookie resolved, the call's access checked
 * (`public`, `session`, or a permission of the operator's role: 403 `forbidden` otherwise), the input parsed by the
 * call's schema, the answer checked against its response schema, in the portal's envelope.
 */
export interface TConsoleRegistrar {
  serve<D extends TConsoleCallDef>(def: D, handler: TConsoleHandler<D>, opts?: TConsoleServeOptions): void;
}
