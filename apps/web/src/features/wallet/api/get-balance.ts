import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** GET /wps/v2/wallets/balance; the wallet calls load with the first logged-in page, not the home page. */
export async function getBalance() {
  const { balance } = await import('@playhall/contract/calls/wallet');
  return call(balance, {});
}

export const getBalanceQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['wallet', 'balance', token],
    queryFn: getBalance,
    enabled: token !== null,
    // The top bar shows a dash on failure; the member refreshes by clicking.
    meta: { silent: true },
  });

export const useBalance = (token: string | null) => useQuery(getBalanceQueryOptions(token));
