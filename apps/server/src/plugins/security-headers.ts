import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/** A year, subdomains included: the portal is served over HTTPS only once it is. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Helmet's headers with our CSP (ARCHITECTURE.md, Security), worked out once and set on every reply as one
 * prepared object: @fastify/helmet ran helmet's middleware chain on every request to make the same headers
 * again (issue 14). Nothing here varies per request (no CSP nonces).
 */
function prepareHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React writes style attributes; no inline scripts are allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Games open in an iframe at the vendor's launch host.
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Only the portal may frame our pages (the house games in its /game iframe); X-Frame-Options says the same.
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  let done = false;
  middleware({} as IncomingMessage, collect as unknown as ServerResponse, () => {
    done = true;
  });
  // helmet's chain is synchronous; if a future version is not, refuse to start rather than send no headers.
  if (!done || !headers['content-security-policy']) throw new Error('helmet did not produce its headers synchronously');
  return headers;
}

let prepared: Record<string, string> | null = null;

/**
 * Puts the headers on one reply. HSTS only on HTTPS (directly, or behind a proxy trusted by TRUST_PROXY that says
 * X-Forwarded-Proto: https): browsers ignore it over HTTP, and a plain-HTTP install (npm start) must not pin itself.
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers((prepared ??= prepareHeaders()));
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/**
 * On every reply from the first hook on, so the static files, the SPA fallback, 404s and the error handler's
 * envelopes carry them; the one answer Fastify sends before any hook (a URL it cannot decode) gets them in
 * errors.ts `frameworkError` (issue 22).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  prepared ??= prepareHeaders();
  app.addHook('onRequest', (request, reply, next) => {
    applySecurityHeaders(request, reply);
    next();
  });
}
