import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TCallDef } from '@playhall/contract/define';
import { call } from '../../../lib/api-client.ts';

/** Page size of every agent-centre list. */
export const AGENT_PAGE_SIZE = 20;

/**
 * A read call of the agent centre (team, bets, profit and loss, income, bills…): keyed by the call's
 * name and payload, the previous page kept while the next loads, and loaded anew whenever a page opens
 * (downlines bet and get paid while the centre is closed). Failures show the app's error dialog.
 */
export function useAgentQuery<Req extends z.ZodType, Res extends z.ZodType>(def: TCallDef<Req, Res>, payload: z.input<Req>, enabled = true) {
  return useQuery({
    queryKey: ['agent', def.name, payload],
    queryFn: () => call(def, payload),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
    enabled,
  });
}
