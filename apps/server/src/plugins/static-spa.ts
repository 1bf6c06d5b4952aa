import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_CODES } from '@playhall/contract/errors';

const notBuilt = (reply: FastifyReply) =>
  reply
    .status(503)
    .type('text/html; charset=utf-8')
    .send('<!doctype html><title>Playhall</title><p>The web app is not built. Run <code>npm run build</code>.</p>');

/**
 * Serves the built SPA. Hashed assets are cached for a year; the HTML pages never, so a deploy shows on the next
 * load. Returns the function the not-found handler uses for history-mode fallback: console.html under /console (the
 * operator console, its own bundle), index.html everywhere else; an unknown /console/api path is a 404 envelope,
 * never a page.
 */
export async function registerStaticSpa(app: FastifyInstance, webDist: string): Promise<((reply: FastifyReply) => unknown) | null> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ webDist }, 'web app is not built (run `npm run build`); serving the API only');
    return notBuilt;
  }
  const consoleBuilt = fs.existsSync(path.join(webDist, 'console.html'));
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return (reply) => {
    const pathname = reply.request.url.split('?')[0] ?? '/';
    if (pathname === '/console/api' || pathname.startsWith('/console/api/')) {
      return reply.status(404).send({ success: false, code: 'not_found', message: ERROR_CODES.not_found.message, value: null });
    }
    if (pathname === '/console' || pathname.startsWith('/console/')) return consoleBuilt ? reply.header('cache-control', 'no-cache').sendFile('console.html') : notBuilt(reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
}
