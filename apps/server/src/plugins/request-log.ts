import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this is logged at warn, whatever its status. */
export const SLOW_REQUEST_MS = 1000;

export type TRequestLogLevel = 'error' | 'warn' | 'info' | 'debug';

/**
 * The level of a request's one log line: a page load makes some 250 requests, so a request that went
 * well is debug; a failure (5xx) is error, a slow one warn, a refusal (4xx) info.
 */
export function requestLogLevel(statusCode: number, ms: number): TRequestLogLevel {
  if (statusCode >= 500) return 'error';
  if (ms > SLOW_REQUEST_MS) return 'warn';
  if (statusCode >= 400) return 'info';
  return 'debug';
}

/**
 * Fastify's request log lines, one per request: nothing when it arrives, and when it completes a line
 * at the level above (Fastify writes two lines at info for every request). The path is logged
 * without its query string, which may carry a game token.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    const line = { method: request.method, path: request.url.split('?')[0], statusCode: reply.statusCode, ms: Math.round(ms) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log[requestLogLevel(reply.statusCode, ms)](line, 'request completed');
  }
}
