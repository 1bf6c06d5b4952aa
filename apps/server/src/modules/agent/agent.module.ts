import * as agent from '@playhall/contract/calls/agent';
import type { TDb } from '../../db/client.ts';
import type { TCallRegistrar } from '../../plugins/contract-routes.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { requireAgent } from './agent-access.ts';
import { createContractsService, type TContractsService } from './contracts.service.ts';

/**
 * Wires the agent centre (issue 7). Built so far: contracts — the four relays (sign, accept, reject,
 * terminate) and the contract list. Every call is for agents only (account types 1, 2, 41, 42).
 */
export function registerAgentModule(calls: TCallRegistrar, deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'> }): { contracts: TContractsService } {
  const merchantId = async () => (await deps.site.get()).merchant.id;
  const timeZone = async () => (await deps.site.get()).merchant.timeZone;
  const contracts = createContractsService({ db: deps.db, merchantId, timeZone });
  calls.serve(agent.processDividend, async (input, { session }) => contracts.act(requireAgent(session), 'dividend', input));
  calls.serve(agent.processDailySalary, async (input, { session }) => contracts.act(requireAgent(session), 'dailySalary', input));
  calls.serve(agent.processHourlySalary, async (input, { session }) => contracts.act(requireAgent(session), 'hourlySalary', input));
  calls.serve(agent.processRealtimeSalary, async (input, { session }) => contracts.act(requireAgent(session), 'realtimeSalary', input));
  calls.serve(agent.contracts, async (input, { session }) => contracts.list(requireAgent(session), input));
  return { contracts };
}
