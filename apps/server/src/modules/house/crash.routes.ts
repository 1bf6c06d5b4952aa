import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import { invalidInput } from '../../lib/app-error.ts';
import { siteReader } from '../../lib/content-language.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { createCrashService, type TCrashService } from './crash.service.ts';
import type { THouseRepository } from './house.repository.ts';
import type { TSeamlessClient } from './house.service.ts';

const ZBet = z.strictObject({ betId: z.string().min(1).max(64), amount: z.number().int(), autoCashOut: z.number().int().nullable().default(null) });

const tokenOf = (req: FastifyRequest): string | undefined => {
  const header = req.headers['x-game-token'];
  return typeof header === 'string' && header.length > 0 && header.length <= 128 ? header : undefined;
};

/**
 * The crash game's page API (issue 21), beside the other house routes: `GET /wps/house/crash` (the round, its
 * players, the history and the published chain), `POST /wps/house/crash/bet`, `POST /wps/house/crash/cashout`;
 * and the `house.crash` tick task that settles what the crash decided.
 */
export function registerCrashGame(
  app: FastifyInstance,
  deps: { db: TDb; repo: THouseRepository; seamless: TSeamlessClient; jobs: TJobRegistry; balance: (userId: number) => Promise<number>; site: Pick<TSiteConfigLoader, 'get'> },
): TCrashService {
  const crash = createCrashService(deps);
  const reader = siteReader(deps.site);
  const ok = (value: unknown) => ({ success: true, code: 'ok', message: 'ok', value });
  app.get('/wps/house/crash', { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } }, async (req) => ok(await crash.state(tokenOf(req), await reader(req))));
  app.post('/wps/house/crash/bet', async (req) => {
    const r = ZBet.safeParse(req.body ?? {});
    if (!r.success) throw invalidInput(r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    return ok(await crash.bet(tokenOf(req), r.data));
  });
  app.post('/wps/house/crash/cashout', async (req) => ok(await crash.cashOut(tokenOf(req))));
  deps.jobs.onTick('house.crash', (now) => crash.settleDue(now));
  return crash;
}
