import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { createPaymentPasswordService } from '../wallet/payment-password.service.ts';
import { createWalletRepository } from '../wallet/wallet.repository.ts';
import { withdrawalConfig } from './withdrawal.config.ts';
import { createWithdrawalRepository } from './withdrawal.repository.ts';
import { AUTO_CONFIRM_JOB, createWithdrawalReview } from './withdrawal.review.ts';
import { registerWithdrawalRoutes } from './withdrawal.routes.ts';
import { createWithdrawalService } from './withdrawal.service.ts';

/** Wires bank cards, withdrawals and the auto-confirmation job. */
export function registerWithdrawalModule(calls: TCallRegistrar, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry }): void {
  const { db, site } = deps;
  const repo = createWithdrawalRepository();
  const walletRepo = createWalletRepository();
  const ledgerRepo = createLedgerRepository();
  const ledger = createLedger({ repo: ledgerRepo });
  const withdrawals = createWithdrawalService({
    db,
    repo,
    walletRepo,
    ledgerRepo,
    ledger,
    site,
    paymentPassword: createPaymentPasswordService({ db, site, repo: walletRepo }),
    config: () => withdrawalConfig(),
  });
  registerWithdrawalRoutes(calls, { withdrawals });
  deps.jobs.handle(AUTO_CONFIRM_JOB, createWithdrawalReview({ repo, ledgerRepo, ledger }).autoConfirmJob);
}
