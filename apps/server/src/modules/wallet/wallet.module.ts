import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { createPaymentPasswordService } from './payment-password.service.ts';
import { createBonusService, createProfitService, NO_BETS, type TBetFiguresSource } from './profit.service.ts';
import { createRecordsService } from './records.service.ts';
import { createWalletRepository } from './wallet.repository.ts';
import { registerWalletRoutes } from './wallet.routes.ts';
import { createWalletService } from './wallet.service.ts';

/** Wires the money issue: the ledger, the wallet and payment-password services, and their routes. */
export function registerWalletModule(calls: TCallRegistrar, deps: {
    db: TDb;
    site: Pick<TSiteConfigLoader, 'get'>;
    jobs: TJobRegistry;
    /** The games' round records, once the games module provides them (issue 5). */
    betFigures?: () => TBetFiguresSource;
  }): void {
  const { db, site } = deps;
  const repo = createWalletRepository();
  const ledgerRepo = createLedgerRepository();
  const ledger = createLedger({ repo: ledgerRepo });
  const paymentPassword = createPaymentPasswordService({ db, site, repo });
  const wallet = createWalletService({ db, repo, ledgerRepo, ledger, site, paymentPassword });
  registerWalletRoutes(calls, {
    wallet,
    paymentPassword,
    records: createRecordsService({ db, repo, site }),
    profit: createProfitService({ db, site, bets: () => deps.betFigures?.() ?? NO_BETS }),
    bonus: createBonusService({ db, site }),
  });
}
