import { contracts, type TContractKind, type TContractTerms } from '@playhall/contract/calls/agent';
import { topRate } from '../contract-terms.ts';
import { useAgentQuery } from './use-agent-query.ts';

/**
 * The terms of the valid contracts this agent received (from its upline or the platform), by kind: what it
 * may give a downline (agent-contracts.md, the differential rule). `ready` once they are known: until then
 * no kind is said to be missing.
 */
export function useMyContracts(): { ready: boolean; terms: Map<TContractKind, TContractTerms> } {
  const received = useAgentQuery(contracts, { role: 'downline', status: 'valid', page: 1, pageSize: 100 });
  const terms = new Map<TContractKind, TContractTerms>();
  // Newest first: the contract in force (or starting next) of each kind is the first one listed.
  for (const c of received.data?.list ?? []) if (!terms.has(c.kind)) terms.set(c.kind, c.terms);
  return { ready: received.isSuccess, terms };
}

/** The agent's own top rate per kind: an offer to a downline may not exceed it. */
export function useMyRates(): Map<TContractKind, number> {
  const { terms } = useMyContracts();
  return new Map([...terms].map(([kind, t]) => [kind, topRate(t)]));
}
