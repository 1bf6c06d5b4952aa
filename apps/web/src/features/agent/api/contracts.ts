import type { z } from 'zod';
import {
  contracts,
  processDailySalary,
  processDividend,
  processHourlySalary,
  processRealtimeSalary,
  type TContract,
  type TContractKind,
  type TContractTerms,
} from '@playhall/contract/calls/agent';
import { call } from '../../../lib/api-client.ts';
import { AGENT_PAGE_SIZE, useAgentQuery } from './use-agent-query.ts';

export type TContractQuery = Omit<z.input<typeof contracts.request>, 'page' | 'pageSize'>;

/** contract.list: the contracts this agent gave (role upline) or received (role downline). */
export const useContracts = (query: TContractQuery, page: number, enabled = true) =>
  useAgentQuery(contracts, { ...query, page, pageSize: AGENT_PAGE_SIZE }, enabled);

/** contract.<kind> sign: propose terms to a direct downline (awaiting its consent). */
export function signContract(downlineId: number, terms: TContractTerms): Promise<TContract> {
  switch (terms.kind) {
    case 'dividend':
      return call(processDividend, { action: 'sign', downlineId, terms: { period: terms.period, tiers: terms.tiers } });
    case 'dailySalary':
      return call(processDailySalary, { action: 'sign', downlineId, terms: { tiers: terms.tiers } });
    case 'hourlySalary':
      return call(processHourlySalary, { action: 'sign', downlineId, terms: { tiers: terms.tiers } });
    case 'realtimeSalary': {
      const { profitRate, lossRate, minBetAmount } = terms;
      return call(processRealtimeSalary, { action: 'sign', downlineId, terms: { profitRate, lossRate, minBetAmount } });
    }
  }
}

export type TContractResponse = { action: 'accept'; confirmAutoTerminate: boolean } | { action: 'reject' } | { action: 'terminate' };

const RELAYS = {
  dividend: processDividend,
  dailySalary: processDailySalary,
  hourlySalary: processHourlySalary,
  realtimeSalary: processRealtimeSalary,
} as const;

/**
 * contract.<kind> accept / reject / terminate. Accepting lower terms than this agent gives its own
 * downlines answers 409 contract_auto_terminate until confirmAutoTerminate is true.
 */
export function respondContract(kind: TContractKind, contractId: number, response: TContractResponse): Promise<TContract> {
  // The four relays take the same accept / reject / terminate shapes; only sign differs by kind.
  const def = RELAYS[kind] as typeof processDailySalary;
  return call(def, { ...response, contractId });
}
