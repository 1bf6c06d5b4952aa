import type { FastifyInstance } from 'fastify';
import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import { bonusBalanceOf } from '../rewards/rewards.service.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { registerHouseModule } from '../house/house.module.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { createBetsService, type TBetsService } from './bets.service.ts';
import { createCatalogueRepository } from './catalogue.repository.ts';
import { createCatalogueService, type TCatalogueService } from './catalogue.service.ts';
import { registerGamesRoutes } from './games.routes.ts';
import { createLaunchService } from './launch.service.ts';

/** Wires the games issue: the catalogue, launch, and the house vendor with its seamless wallet. */
export function registerGamesModule(
  app: FastifyInstance,
  calls: TCallRegistrar,
  deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry },
): { catalogue: TCatalogueService; bets: TBetsService } {
  const { db, site } = deps;
  const repo = createCatalogueRepository();
  const ledgerRepo = createLedgerRepository();
  const merchantId = async () => (await site.get()).merchant.id;
  const catalogue = createCatalogueService({ db, repo, site });
  const house = registerHouseModule(app, {
    db,
    site,
    jobs: deps.jobs,
    houseVendors: async () => repo.houseVendors(db, await merchantId()),
    // What the member can stake: cash, and on a one-wallet site the bonus wallet too (issue 17, seamless_call).
    balance: async (userId) => {
      const { merchant, singleWallet } = await site.get();
      const cash = (await ledgerRepo.walletsOf(db, merchant.id, userId)).reduce((sum, a) => sum + a.balance, 0);
      return cash + (singleWallet ? await bonusBalanceOf(db, merchant.id, userId) : 0);
    },
  });
  const launch = createLaunchService({ db, repo, house, site });
  const bets = createBetsService({ db, site });
  registerGamesRoutes(calls, { catalogue, launch, bets, site });
  return { catalogue, bets };
}
