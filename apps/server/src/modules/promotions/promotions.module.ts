import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { PERIODS_EVERY_MS, PERIODS_JOB, runPromotionPeriods } from './promotions.periods.ts';
import { registerPromotionsRoutes } from './promotions.routes.ts';
import { createPromotionsService } from './promotions.service.ts';

/** Wires the activities members join (list, detail, join, apply, check-in) and the job paying cashback and turnover tiers. */
export function registerPromotionsModule(calls: TCallRegistrar, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry }): void {
  const service = createPromotionsService({
    db: deps.db,
    merchantId: async () => (await deps.site.get()).merchant.id,
    timeZone: async () => (await deps.site.get()).merchant.timeZone,
    defaultLanguage: async () => (await deps.site.get()).merchant.defaultLanguage,
  });
  registerPromotionsRoutes(calls, service);
  deps.jobs.handle(PERIODS_JOB, {
    run: async ({ now }) => {
      const { merchant } = await deps.site.get();
      await runPromotionPeriods(deps.db, merchant.id, merchant.timeZone, now);
    },
  });
  deps.jobs.every({ name: PERIODS_JOB, slotOf: (now) => new Date(Math.floor(now.getTime() / PERIODS_EVERY_MS) * PERIODS_EVERY_MS) });
}
