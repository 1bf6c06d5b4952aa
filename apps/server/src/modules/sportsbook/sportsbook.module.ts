import type { FastifyInstance } from 'fastify';
import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import { createHouseRepository } from '../house/house.repository.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { bonusBalanceOf } from '../rewards/rewards.service.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { createSportsbookRepository } from './sportsbook.repository.ts';
import { registerSportsbookRoutes } from './sportsbook.routes.ts';
import { createSportsbookService } from './sportsbook.service.ts';
import { createSportsSettlement } from './sportsbook.settlement.ts';
import { createVirtualLeagues, registerVirtualLeagues, virtualSettings } from './sportsbook.virtual.ts';

/**
 * The house sportsbook and esports book (issue 20): the book page's API and placing bets; settlement, the virtual
 * rounds and the operator's commands are registered below.
 */
export function registerSportsbookModule(app: FastifyInstance, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry }): void {
  const { db, site } = deps;
  const ledgerRepo = createLedgerRepository();
  // What the member can stake, as seamless_call counts it: cash, and on a one-wallet site the bonus wallet too.
  const balance = async (userId: number) => {
    const { merchant, singleWallet } = await site.get();
    const cash = (await ledgerRepo.walletsOf(db, merchant.id, userId)).reduce((sum, a) => sum + a.balance, 0);
    return cash + (singleWallet ? await bonusBalanceOf(db, merchant.id, userId) : 0);
  };
  // The page counts down to the virtual rounds of the schedule they run on (config.ts, TConfig.sportsVirtual).
  const book = createSportsbookService({ db, repo: createSportsbookRepository(), houseRepo: createHouseRepository(), site, balance, schedule: virtualSettings().schedule });
  registerSportsbookRoutes(app, { book });

  // ---- Settlement, virtual rounds and operator jobs (issue 20, the settlement helper): register them here. ----
  // Virtual leagues (sportsbook.virtual.ts): the next rounds made on every tick, one result job per round.
  const merchantOf = async () => (await site.get()).merchant.id;
  const virtualSettlement = createSportsSettlement({ db, merchantId: merchantOf });
  registerVirtualLeagues(deps.jobs, createVirtualLeagues({ db, merchantId: merchantOf, resultFixtures: (entries, now) => virtualSettlement.resultFixtures(entries, now), settleFixtures: (ids, now) => virtualSettlement.settleFixtures(ids, now) }));
}
