import { queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { merchantWallet, type TBalance } from '@playhall/contract/calls/wallet';
import { call } from '../../../lib/api-client.ts';

/** GCS_merchantWallet: single wallet (vendors play from the main wallet) or a transfer wallet per vendor. */
export const getMerchantWalletQueryOptions = () =>
  queryOptions({ queryKey: ['wallet', 'merchantWallet'], queryFn: () => call(merchantWallet, {}), staleTime: 5 * 60_000 });

/**
 * After money moved: the answer's balance goes straight into the header's query, then every wallet and
 * record view loads again (balances, limits, records), and the missions a deposit or a bet may have met (the
 * member menu's count of missions to claim, issue 18).
 */
export async function afterMoneyMoved(client: QueryClient, token: string | null, balance?: TBalance): Promise<void> {
  if (balance) client.setQueryData(['wallet', 'balance', token], balance);
  await Promise.all([
    client.invalidateQueries({ queryKey: ['wallet'], predicate: (q) => !(balance && q.queryKey[1] === 'balance') }),
    client.invalidateQueries({ queryKey: ['records'] }),
    client.invalidateQueries({ queryKey: ['missions'] }),
  ]);
}
