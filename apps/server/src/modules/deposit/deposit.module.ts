import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { createDepositRepository } from './deposit.repository.ts';
import { registerDepositRoutes } from './deposit.routes.ts';
import { createDepositService, type TDepositService } from './deposit.service.ts';
import type { TPaymentGateway } from './payment-channels.ts';

const HOUSEKEEPING_EVERY_MS = 5 * 60_000;

/** Wires deposits: channels, bank and online deposits, the gateway callback, and expiry of unpaid ones. */
export function registerDepositModule(
  calls: TCallRegistrar,
  deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry; gateways: readonly TPaymentGateway[]; gatewaySecret: () => Promise<string> },
): TDepositService {
  const ledgerRepo = createLedgerRepository();
  const service = createDepositService({ ...deps, repo: createDepositRepository(), ledger: createLedger({ repo: ledgerRepo }), ledgerRepo });
  registerDepositRoutes(calls, service);
  deps.jobs.handle('deposit.housekeeping', { run: async ({ now }) => void (await service.housekeeping(now)) });
  deps.jobs.every({
    name: 'deposit.housekeeping',
    slotOf: (now) => new Date(Math.floor(now.getTime() / HOUSEKEEPING_EVERY_MS) * HOUSEKEEPING_EVERY_MS),
  });
  return service;
}
