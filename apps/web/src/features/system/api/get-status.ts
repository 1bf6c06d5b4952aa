import { queryOptions, useQuery } from '@tanstack/react-query';
import { status, type TPermission } from '@playhall/contract/calls/system';
import { call } from '../../../lib/api-client.ts';
import { setBusinessTimeZone } from '../../../lib/format.ts';
import { configureHosts } from '../../../lib/image-url.ts';
import { sessionStore } from '../../../lib/storage.ts';

/** Start-up call (spec §2): the site's state for this visitor and the permission info the app runs on. */
export async function getStatus(): Promise<TPermission> {
  const value = await call(status, { url: window.location.host });
  configureHosts(value.info);
  // Every date and time on screen is shown in the merchant's zone (lib/format.ts).
  setBusinessTimeZone(value.info.timeZone);
  sessionStore.set('merchantCode', value.info.merchantCode);
  sessionStore.set('merchant', value.info.merchantName);
  return value;
}

export const getStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'status'],
    queryFn: getStatus,
    // Read once per page load: an operator change shows on the next load (issue 2).
    staleTime: Infinity,
    gcTime: Infinity,
    meta: { silent: true },
  });

export const useStatus = () => useQuery(getStatusQueryOptions());

/** Permission info; only used under the start-up gate, which renders the site once the status is in. */
export function usePermission(): TPermission {
  const { data } = useStatus();
  if (!data) throw new Error('usePermission is used before the start-up status has loaded');
  return data;
}
