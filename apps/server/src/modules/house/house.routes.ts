import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalidInput } from '../../lib/app-error.ts';
import { siteReader } from '../../lib/content-language.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import type { TDiceRoomService } from './dice-room.service.ts';
import type { THouseService } from './house.service.ts';

const ZPlay = z.strictObject({ input: z.unknown() });
const ZSeed = z.strictObject({ clientSeed: z.string().min(1).max(64) });

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
 * The house vendor's game-page API, as a third-party vendor's game server would have one: the page holds
 * the launch token (header `X-Game-Token`) and plays rounds. Answers use the portal's envelope. Under
 * /wps/, so maintenance and region blocks close it like every other call. The page sends its launch's language in the
 * Language header, as the portal does: the game's and the room's names are read in it (issue 23).
 */
export function registerHouseRoutes(
  app: FastifyInstance,
  deps: { house: THouseService; rooms: TDiceRoomService; balance: (userId: number) => Promise<number>; site: Pick<TSiteConfigLoader, 'get'> },
): void {
  const ok = (value: unknown) => ({ success: true, code: 'ok', message: 'ok', value });
  const reader = siteReader(deps.site);
  app.get('/wps/house/state', async (req) => ok(await deps.house.state(tokenOf(req), deps.balance, await reader(req))));
  app.post('/wps/house/play', { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } }, async (req) =>
    ok(await deps.house.play(tokenOf(req), parse(ZPlay, req.body).input)),
  );
  app.get('/wps/house/room', async (req) => ok(await deps.rooms.state(tokenOf(req), await reader(req))));
  app.post('/wps/house/room/join', async (req) => ok(await deps.rooms.join(tokenOf(req), await reader(req))));
  app.post('/wps/house/room/leave', async (req) => ok(await deps.rooms.leave(tokenOf(req), await reader(req))));
  app.post('/wps/house/seed', async (req) => ok(await deps.house.rotateSeed(tokenOf(req), parse(ZSeed, req.body).clientSeed)));
}
