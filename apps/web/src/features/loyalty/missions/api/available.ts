import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.ts';
import { useSessionStore } from '../../../auth/session-store.ts';

/** Query key of the member menu's badge; missions.list and missions.claim answer the same count into it. */
export const AVAILABLE_MISSIONS_KEY = ['missions', 'available'] as const;

/** missions.available: the contract's loyalty calls load with the first ask, outside the home page's script. */
async function getAvailable(): Promise<number> {
  const { availableMissions } = await import('@playhall/contract/calls/loyalty');
  return (await call(availableMissions, {})).available;
}

const availableQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...AVAILABLE_MISSIONS_KEY, token],
    queryFn: getAvailable,
    enabled: token !== null,
    staleTime: 60_000,
    // A badge is a hint: a failure shows no count and no error dialog.
    retry: false,
    meta: { silent: true },
  });

/**
 * The member menu's badge (spec §2): completed missions not yet claimed, for a real member only (a guest has no
 * missions). 0 while loading or when the call fails. `fresh` asks again whenever the caller mounts (the member centre
 * opening).
 */
export function useAvailableMissions(enabled: boolean, fresh = false): number {
  const token = useSessionStore((s) => s.token);
  const { data } = useQuery({ ...availableQueryOptions(token), enabled: enabled && token !== null, refetchOnMount: fresh ? 'always' : true });
  return data ?? 0;
}

/** A fresh count from a missions answer goes straight into the badge; without one the badge asks again. */
export function setAvailableMissions(client: QueryClient, available?: number): void {
  if (available === undefined) void client.invalidateQueries({ queryKey: AVAILABLE_MISSIONS_KEY });
  else client.setQueriesData({ queryKey: AVAILABLE_MISSIONS_KEY }, available);
}
