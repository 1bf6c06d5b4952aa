import type { FastifyRequest } from 'fastify';
import * as loyalty from '@playhall/contract/calls/loyalty';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { availableMissions, claimMission, leaderboard, listMissions } from './missions.service.ts';

function me(session: TSession | null): number {
  if (!session) throw new AppError('not_logged_in');
  return session.userId;
}

const languageOf = (request: FastifyRequest): string | null => {
  const header = request.headers['language'];
  return typeof header === 'string' ? header : null;
};

/** Missions (issue 18): the member's list, the badge, the claim, and the leaderboard (visitors see it too). */
export function registerMissionsModule(calls: TCallRegistrar, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'> }): void {
  const { db, site } = deps;
  calls.serve(loyalty.listMissions, async (_input, { session, request }) => {
    const userId = me(session);
    const { merchant } = await site.get();
    return listMissions(db, { merchantId: merchant.id, userId }, merchant.timeZone, languageOf(request), new Date());
  });
  calls.serve(loyalty.availableMissions, async (_input, { session }) => {
    const userId = me(session);
    const { merchant } = await site.get();
    return { available: await availableMissions(db, { merchantId: merchant.id, userId }, merchant.timeZone, new Date()) };
  });
  calls.serve(loyalty.claimMission, async (input, { session, request }) => {
    const userId = me(session);
    const { merchant } = await site.get();
    return claimMission(db, { merchantId: merchant.id, userId }, merchant.timeZone, languageOf(request), input.missionId, input.requestId, new Date());
  });
  calls.serve(loyalty.missionLeaderboard, async (input, { session }) => {
    const { merchant } = await site.get();
    return leaderboard(db, merchant.id, session?.userId ?? null, input.eventId, new Date());
  });
}
