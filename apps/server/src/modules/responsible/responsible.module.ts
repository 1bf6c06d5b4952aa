import type { TDb } from '../../db/client.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import { createSessionRepository } from '../auth/session.repository.ts';
import { createCounterRepository } from '../limits/counter.repository.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { registerResponsibleRoutes } from './responsible.routes.ts';
import { createResponsibleService, type TResponsibleService } from './responsible.service.ts';
import { assertTestClockAllowed, createRgClock, dropTestClockUnlessOn } from './test-clock.ts';

/** Wires responsible gaming: the member's calls, on the test clock when PLAYHALL_TEST_CLOCK=1 (never in production). */
export async function registerResponsibleModule(calls: TCallRegistrar, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'> }): Promise<TResponsibleService> {
  assertTestClockAllowed();
  await dropTestClockUnlessOn(deps.db);
  const service = createResponsibleModuleService(deps.db, deps.site);
  registerResponsibleRoutes(calls, service);
  return service;
}

/** The service as the server and the operator commands (a fixed merchant: `{ get: … }` of it) both build it. */
export function createResponsibleModuleService(db: TDb, site: Pick<TSiteConfigLoader, 'get'> | { merchantId: number }): TResponsibleService {
  const sessions = createSessionRepository();
  return createResponsibleService({
    db,
    merchantId: 'merchantId' in site ? async () => site.merchantId : async () => (await site.get()).merchant.id,
    clock: createRgClock(db),
    counters: createCounterRepository(),
    revokeSessions: (tx, userId) => sessions.revokeAllOfUser(tx, userId, new Date()),
  });
}
