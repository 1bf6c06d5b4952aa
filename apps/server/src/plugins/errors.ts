import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { ERROR_CODES, type TErrorCode } from '@playhall/contract/errors';
import { AppError, invalidInput } from '../lib/app-error.ts';
import { isApiPath } from '../lib/paths.ts';
import { applySecurityHeaders } from './security-headers.ts';

interface TRefusal {
  status: number;
  code: TErrorCode;
  value: unknown;
  message?: string;
}

/** Maps anything thrown to the envelope; a 5xx never carries details (they go to the log). */
export function toRefusal(error: unknown): TRefusal {
  if (error instanceof AppError) return { status: error.status, code: error.code, value: error.value, message: error.message };
  if (error instanceof ZodError) {
    const refusal = invalidInput(
      error.issues.map((i) => ({
        path: i.path.map(String).join('.'),
        message: i.message,
        ...('params' in i && i.params && typeof i.params === 'object' ? { params: i.params as Record<string, unknown> } : {}),
      })),
      error.issues.some((i) => i.code === 'unrecognized_keys'),
    );
    return { status: refusal.status, code: refusal.code, value: refusal.value };
  }
  const fe = error as Partial<FastifyError> & { statusCode?: number };
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'payload_too_large', value: null };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'unsupported_media_type', value: null };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: 'bad_json', value: null };
    case 'FST_ERR_RATE_LIMIT_EXCEEDED':
      return { status: 429, code: 'rate_limited', value: null };
  }
  if (fe.statusCode === 429) return { status: 429, code: 'rate_limited', value: null };
  // The pool found no connection in its wait (connectionTimeoutMillis, db/client.ts): the server is saturated, and the
  // caller may try again as for any rate limit (every money call is idempotent by its request id).
  if (error instanceof Error && error.message === 'timeout exceeded when trying to connect') return { status: 429, code: 'rate_limited', value: null };
  if (error instanceof SyntaxError || fe.statusCode === 400) return { status: 400, code: 'bad_json', value: null };
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, code: fe.statusCode === 404 ? 'not_found' : 'validation_failed', value: null };
  }
  return { status: 500, code: 'system_error', value: null };
}

export function errorsPlugin(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const r = toRefusal(error);
    if (r.status >= 500) request.log.error({ err: error }, 'request failed');
    // The response's own line (request-log.ts) is at info; this adds the refusal's code.
    else request.log.debug({ code: r.code }, 'request refused');
    void reply.status(r.status).send({
      success: false,
      code: r.code,
      message: r.message ?? ERROR_CODES[r.code].message,
      value: r.value,
    });
  });
}

/**
 * Fastify's `frameworkErrors` (app.ts): a URL it cannot decode is answered before any hook or the error handler,
 * so this gives that answer the security headers and the envelope (issue 22).
 */
export function frameworkError(_error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  applySecurityHeaders(request, reply);
  void reply.status(400).send({ success: false, code: 'validation_failed', message: ERROR_CODES.validation_failed.message, value: null });
}

/** 404 for API paths (envelope); the SPA's index.html for any other GET (history-mode fallback). */
export function notFoundPlugin(app: FastifyInstance, sendIndex: ((reply: FastifyReply) => unknown) | null): void {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (!isApiPath(url) && (request.method === 'GET' || request.method === 'HEAD') && sendIndex) {
      return sendIndex(reply);
    }
    return reply.status(404).send({ success: false, code: 'not_found', message: ERROR_CODES.not_found.message, value: null });
  });
}
