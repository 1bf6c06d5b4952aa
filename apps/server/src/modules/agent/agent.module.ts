import * as agent from '@playhall/contract/calls/agent';
import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import { DEFAULT_TIME_ZONE, periodWindow, type TPeriodUnit } from '../agent-engine/index.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { requireAgent } from './agent-access.ts';
import { createContractsService, type TContractsService } from './contracts.service.ts';
import { createSettlementService, type TSettlementService } from './settlement.service.ts';

/** The settlement jobs: real-time salary every 5 minutes, hourly salary each hour, daily salary and dividends daily. */
const SETTLE_JOBS: { kind: agent.TContractKind; unit: TPeriodUnit }[] = [
  { kind: 'realtimeSalary', unit: 'realtime' },
  { kind: 'hourlySalary', unit: 'hourly' },
  { kind: 'dailySalary', unit: 'daily' },
  { kind: 'dividend', unit: 'daily' },
];

/**
 * Wires the agent centre (issue 7). Built so far: contracts — the four relays (sign, accept, reject,
 * terminate) and the contract list, for agents only (account types 1, 2, 41, 42) — and the settlement jobs.
 */
export function registerAgentModule(
  calls: TCallRegistrar,
  deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry },
): { contracts: TContractsService; settlement: TSettlementService } {
  const merchantId = async () => (await deps.site.get()).merchant.id;
  const timeZone = async () => (await deps.site.get()).merchant.timeZone;
  const contracts = createContractsService({ db: deps.db, merchantId, timeZone });
  calls.serve(agent.processDividend, async (input, { session }) => contracts.act(requireAgent(session), 'dividend', input));
  calls.serve(agent.processDailySalary, async (input, { session }) => contracts.act(requireAgent(session), 'dailySalary', input));
  calls.serve(agent.processHourlySalary, async (input, { session }) => contracts.act(requireAgent(session), 'hourlySalary', input));
  calls.serve(agent.processRealtimeSalary, async (input, { session }) => contracts.act(requireAgent(session), 'realtimeSalary', input));
  calls.serve(agent.contracts, async (input, { session }) => contracts.list(requireAgent(session), input));
  const settlement = createSettlementService({ db: deps.db, merchantId, timeZone });
  // Slots are computed synchronously: the merchant's zone as last read (it rarely changes).
  let zone = DEFAULT_TIME_ZONE;
  for (const job of SETTLE_JOBS) {
    const name = `agent.settle.${job.kind}`;
    deps.jobs.handle(name, {
      run: async ({ job: row }) => {
        zone = await timeZone();
        await settlement.settle(job.kind, new Date(String(row.payload.slot)));
      },
    });
    deps.jobs.every({
      name,
      slotOf: (now) => periodWindow(job.unit, now, zone).start,
      previousSlot: (slot) => periodWindow(job.unit, new Date(slot.getTime() - 1), zone).start,
      catchUp: 3,
    });
  }
  return { contracts, settlement };
}
