import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import { invalidInput } from '../../lib/app-error.ts';
import { createHandService } from './hand.service.ts';
import type { THouseRepository } from './house.repository.ts';
import type { TSeamlessClient } from './house.service.ts';

const ZStart = z.strictObject({ input: z.unknown() });
const ZAct = z.strictObject({ roundId: z.string().min(1).max(100), action: z.union([z.string().max(20), z.number()]) });

const tokenOf = (req: FastifyRequest): string | undefined => {
  const header = req.headers['x-game-token'];
  return typeof header === 'string' && header.length > 0 && header.length <= 128 ? header : undefined;
};

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw invalidInput(r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  return r.data;
}

/**
 * The house games played in hands (blackjack, mines; issue 21), on the game page's launch token (`X-Game-Token`) like
 * house.routes.ts: `GET /wps/house/hand` (the open hand after a reload and the table limits), `POST
 * /wps/house/hand/start`, `POST /wps/house/hand/act`. The `house.expireHands` job plays out hands left for 24 hours.
 */
export function registerHandModule(app: FastifyInstance, deps: { db: TDb; repo: THouseRepository; seamless: TSeamlessClient; jobs: TJobRegistry }) {
  const hands = createHandService({ db: deps.db, repo: deps.repo, seamless: deps.seamless });
  const ok = (value: unknown) => ({ success: true, code: 'ok', message: 'ok', value });
  app.get('/wps/house/hand', async (req) => ok(await hands.current(tokenOf(req))));
  app.post('/wps/house/hand/start', { config: { rateLimit: { max: 300, timeWindow: '1 minute' } } }, async (req) => ok(await hands.start(tokenOf(req), parse(ZStart, req.body).input)));
  app.post('/wps/house/hand/act', { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } }, async (req) => {
    const body = parse(ZAct, req.body);
    return ok(await hands.act(tokenOf(req), body.roundId, body.action));
  });
  deps.jobs.handle('house.expireHands', { run: async () => void (await hands.expireHands()) });
  deps.jobs.every({ name: 'house.expireHands', slotOf: (now) => new Date(Math.floor(now.getTime() / 600_000) * 600_000) });
  return hands;
}
