import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sameDigest, sha256Hex } from '../lib/secrets.ts';

/**
 * Prometheus metrics at /metrics: process defaults plus request counts and latency by route. The
 * route answers only a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`; anyone else, and
 * everyone when no token is configured, gets the same 404 as any unknown path.
 */
export function registerMetrics(app: FastifyInstance, opts: { token: string | null }): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: reply.statusCode });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  const expected = opts.token ? sha256Hex(`Bearer ${opts.token}`) : null;
  app.get('/metrics', async (request, reply) => {
    const given = request.headers.authorization;
    if (expected === null || !given || !sameDigest(sha256Hex(given), expected)) return reply.callNotFound();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
