import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { pointBalance } from '@playhall/contract/calls/points';
import { call } from '../../../../lib/api-client.ts';

/** MCS2_getPointBalance: the member's points (its POINTS ledger account). */
export const getPointBalanceQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['loyalty', 'points', 'balance', token],
    queryFn: () => call(pointBalance, {}),
    enabled: token !== null,
    // Points arrive from a job (bets, missions): a page opened again reads them anew.
    refetchOnMount: 'always',
  });

export const usePointBalance = (token: string | null) => useQuery(getPointBalanceQueryOptions(token));

/** After points moved (redeem, convert, cancel): the balance, the catalogue's stock and both records load again. */
export async function afterPointsMoved(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: ['loyalty', 'points'] });
}
