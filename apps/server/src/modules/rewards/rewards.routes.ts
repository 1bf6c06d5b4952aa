import * as promotions from '@playhall/contract/calls/promotions';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { listRewards } from './reward-centre.ts';
import { claimReward } from './rewards.service.ts';

function me(session: TSession | null): number {
  if (!session) throw new AppError('not_logged_in');
  return session.userId;
}

/** The reward centre and its claim (issue 17): only the member's own rewards, by its session. */
export function registerRewardsRoutes(calls: TCallRegistrar, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'> }): void {
  const { db, site } = deps;
  calls.serve(promotions.listRewards, async (input, { session }) => {
    const userId = me(session);
    const { merchant } = await site.get();
    return listRewards(db, { merchantId: merchant.id, userId, timeZone: merchant.timeZone }, input, new Date());
  });
  calls.serve(promotions.claimReward, async (input, { session }) => {
    const userId = me(session);
    const { merchant } = await site.get();
    return claimReward(db, { merchantId: merchant.id, userId }, input.rewardId, input.requestId);
  });
}
