import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalidInput } from '../../lib/app-error.ts';
import { siteReader } from '../../lib/content-language.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import type { TBetRoomService } from './bet-room.service.ts';

const ZBet = z.strictObject({ roundNo: z.number().int().min(0), bets: z.record(z.string().max(16), z.unknown()) });
const ZBank = z.strictObject({ amount: z.number().int().positive() });

const tokenOf = (req: FastifyRequest): string | undefined => {
  const header = req.headers['x-game-token'];
  return typeof header === 'string' && header.length > 0 && header.length <= 128 ? header : undefined;
};

/**
 * The xóc đĩa and bầu cua rooms' page API (bet-room.service.ts), beside the dice room's `/wps/house/room`; the room is
 * named in the page's language (its Language header).
 */
export function registerBetRoomRoutes(app: FastifyInstance, deps: { rooms: TBetRoomService; site: Pick<TSiteConfigLoader, 'get'> }): void {
  const ok = (value: unknown) => ({ success: true, code: 'ok', message: 'ok', value });
  const reader = siteReader(deps.site);
  app.get('/wps/house/bet-room', async (req) => ok(await deps.rooms.state(tokenOf(req), await reader(req))));
  app.post('/wps/house/bet-room/bet', { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (req) => {
    const r = ZBet.safeParse(req.body ?? {});
    if (!r.success) throw invalidInput(r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    return ok(await deps.rooms.bet(tokenOf(req), r.data, await reader(req)));
  });
  // The member banker seat (issue 21): take it with a bank between rounds, leave it between rounds.
  app.post('/wps/house/bet-room/bank', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (req) => {
    const r = ZBank.safeParse(req.body ?? {});
    if (!r.success) throw invalidInput(r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    return ok(await deps.rooms.takeBank(tokenOf(req), r.data, await reader(req)));
  });
  app.post('/wps/house/bet-room/leave', { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (req) => ok(await deps.rooms.leaveBank(tokenOf(req), await reader(req))));
}
