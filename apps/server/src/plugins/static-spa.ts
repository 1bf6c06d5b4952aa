import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html never, so a deploy shows on the
 * next load. Returns the function the not-found handler uses for history-mode fallback.
 */
export async function registerStaticSpa(app: FastifyInstance, webDist: string): Promise<((reply: FastifyReply) => unknown) | null> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ webDist }, 'web app is not built (run `npm run build`); serving the API only');
    return (reply) =>
      reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Playhall</title><p>The web app is not built. Run <code>npm run build</code>.</p>');
  }
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
  return (reply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
}
