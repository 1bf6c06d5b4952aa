import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { registerPromotionsRoutes } from './promotions.routes.ts';
import { createPromotionsService } from './promotions.service.ts';

/** Wires the activities members join: list, detail, join, apply, check-in. */
export function registerPromotionsModule(calls: TCallRegistrar, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry }): void {
  const service = createPromotionsService({
    db: deps.db,
    merchantId: async () => (await deps.site.get()).merchant.id,
    timeZone: async () => (await deps.site.get()).merchant.timeZone,
  });
  registerPromotionsRoutes(calls, service);
}
