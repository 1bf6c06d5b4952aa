import * as agent from '@playhall/contract/calls/agent';
import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import { DEFAULT_TIME_ZONE, periodWindow, type TPeriodUnit } from '../agent-engine/index.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import { siteReader } from '../../lib/content-language.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { requireAgent } from './agent-access.ts';
import { createContractsService, type TContractsService } from './contracts.service.ts';
import { createSettlementService, type TSettlementService } from './settlement.service.ts';
import { createBillsService } from './bills.service.ts';
import { createTeamService } from './team.service.ts';
import { createTeamOverviewService } from './team-overview.service.ts';
import { createTeamRollup } from './team-rollup.ts';
import { createWalletRepository } from '../wallet/wallet.repository.ts';
import { createPaymentPasswordService } from '../wallet/payment-password.service.ts';

/** The settlement jobs: real-time salary every 5 minutes, hourly salary each hour, daily salary and dividends daily. */
const SETTLE_JOBS: { kind: agent.TContractKind; unit: TPeriodUnit }[] = [
  { kind: 'realtimeSalary', unit: 'realtime' },
  { kind: 'hourlySalary', unit: 'hourly' },
  { kind: 'dailySalary', unit: 'daily' },
  { kind: 'dividend', unit: 'daily' },
];

/**
 * Wires the agent centre (issue 7): team pages, downline registration, affiliate codes, contracts (the four
 * relays and the list), bills and their payment, for agents only (account types 1, 2, 41, 42); the
 * settlement jobs and the team rollups.
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
  const registerRules = async () => (await deps.site.get()).registerRules;
  const team = createTeamService({ db: deps.db, merchantId, timeZone, registerRules, contracts });
  const rollup = createTeamRollup({ db: deps.db, timeZone });
  const overview = createTeamOverviewService({ db: deps.db, timeZone, rollup });
  // The queue is applied on every tick too, so a page that reads the rollups finds little left to apply.
  deps.jobs.onTick('agent.teamRollup', () => rollup.catchUp());
  const bills = createBillsService({ db: deps.db, timeZone, settlement });
  const paymentPassword = createPaymentPasswordService({ db: deps.db, site: deps.site, repo: createWalletRepository() });
  calls.serve(agent.teamOverview, async (input, { session }) => overview.overview(requireAgent(session), input));
  calls.serve(agent.team, async (input, { session }) => team.list(requireAgent(session), input));
  calls.serve(agent.registerDownline, async (input, { session }) => team.register(requireAgent(session), input));
  // The team's records name their games in the agent's language (the Language header), else the site language's.
  const reader = siteReader(deps.site);
  calls.serve(agent.teamBets, async (input, { session, request }) => team.bets(requireAgent(session), input, await reader(request)));
  calls.serve(agent.profitLoss, async (input, { session }) => team.profitLoss(requireAgent(session), input));
  calls.serve(agent.income, async (input, { session }) => team.income(requireAgent(session), input));
  calls.serve(agent.downlineTransactions, async (input, { session, request }) => team.transactions(requireAgent(session), input, await reader(request)));
  calls.serve(agent.affiliateCodes, async (_input, { session }) => team.affiliateCodes(requireAgent(session)));
  calls.serve(agent.createAffiliateCode, async (input, { session }) => team.createAffiliateCode(requireAgent(session), input));
  calls.serve(agent.agentAnnouncements, async (input, { session, request }) => {
    requireAgent(session);
    return team.announcements(input, await reader(request));
  });
  calls.serve(agent.bills, async (input, { session }) => bills.list(requireAgent(session), input));
  calls.serve(agent.payBill, async (input, { session }) => {
    const me = requireAgent(session);
    await paymentPassword.verify(me, input.paymentPassword);
    return bills.pay(me, input.billId);
  });
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
