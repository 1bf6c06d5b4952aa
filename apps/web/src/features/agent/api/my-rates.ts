import { contracts, type TContractKind } from '@playhall/contract/calls/agent';
import { topRate } from '../contract-terms.ts';
import { useAgentQuery } from './use-agent-query.ts';

/**
 * The agent's own rate per kind, from the valid contracts it received (from its upline or the
 * platform): an offer to a downline may not exceed it (agent-contracts.md, the differential rule).
 */
export function useMyRates(): Map<TContractKind, number> {
  const received = useAgentQuery(contracts, { role: 'downline', status: 'valid', page: 1, pageSize: 100 });
  const rates = new Map<TContractKind, number>();
  for (const c of received.data?.list ?? []) rates.set(c.kind, topRate(c.terms));
  return rates;
}
