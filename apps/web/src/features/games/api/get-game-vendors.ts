import { queryOptions, useQuery } from '@tanstack/react-query';
import { gameVendor, ZVendorLane, type TVendorLane } from '@playhall/contract/calls/system';
import type { TGameCategory } from '@playhall/contract/categories';
import { call } from '../../../lib/api-client.ts';
import { readSessionJson, sessionStore, writeSessionJson } from '../../../lib/storage.ts';

/** Spec §7: the vendor list is cached in session storage (`gameVendor`). */
function cachedLanes(): TVendorLane[] | undefined {
  const parsed = ZVendorLane.array().safeParse(readSessionJson('gameVendor'));
  return parsed.success ? parsed.data : undefined;
}

export async function getGameVendors(): Promise<TVendorLane[]> {
  const merchantCode = sessionStore.get('merchantCode') ?? '';
  const value = await call(gameVendor, { merchantCode });
  writeSessionJson('gameVendor', value.data.lanes);
  return value.data.lanes;
}

export const getGameVendorsQueryOptions = () =>
  queryOptions({
    queryKey: ['games', 'vendors'],
    queryFn: getGameVendors,
    staleTime: 5 * 60_000,
    initialData: cachedLanes,
    // The session copy paints at once; a fresh list is fetched behind it.
    initialDataUpdatedAt: 0,
  });

export const useGameVendors = () => useQuery(getGameVendorsQueryOptions());

/** The lane of one category, if it has vendors. */
export function laneOf(lanes: readonly TVendorLane[] | undefined, category: TGameCategory): TVendorLane | undefined {
  const lane = lanes?.find((l) => l.gameCategory === category);
  return lane && lane.vendors.length > 0 ? lane : undefined;
}
