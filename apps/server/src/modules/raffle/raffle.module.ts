import { claimRaffle } from '@playhall/contract/calls/promotions';
import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { claimRafflePrizes } from './raffle.claim.ts';
import { runRaffles, type TRaffleRuns } from './raffle.draw.ts';

export const RAFFLE_JOB = 'raffle.run';

function me(session: TSession | null): number {
  if (!session) throw new AppError('not_logged_in');
  return session.userId;
}

/**
 * The raffle (issue 17): MCS2_claimRafflePromotion, and a job every minute that numbers the tickets earned in
 * running raffles and draws those whose period and grace have passed (raffle.draw.ts).
 */
export function registerRaffleModule(calls: TCallRegistrar, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry }): void {
  const merchantId = async () => (await deps.site.get()).merchant.id;
  calls.serve(claimRaffle, async (input, { session }) =>
    claimRafflePrizes(deps.db, { merchantId: await merchantId(), userId: me(session) }, input.promotionId, input.requestId, new Date()),
  );
  const runs: TRaffleRuns = new Map();
  deps.jobs.handle(RAFFLE_JOB, { run: async ({ db, now }) => void (await runRaffles(db, now, runs)) });
  deps.jobs.every({ name: RAFFLE_JOB, slotOf: (now) => new Date(Math.floor(now.getTime() / 60_000) * 60_000) });
}
