import { queryOptions, useQuery } from '@tanstack/react-query';
import { listActivities, type TActivityCategory } from '@playhall/contract/calls/promotions';
import { call } from '../../../lib/api-client.ts';

/** /promotions: the activities that are on or coming, with the member's own status on each card. */
export const getActivitiesQueryOptions = (token: string | null, category: TActivityCategory | undefined) =>
  queryOptions({
    // The token is part of the key: a visitor's card says join, a member's says where they are.
    queryKey: ['promotions', 'list', token, category ?? 'all'],
    queryFn: () => call(listActivities, category ? { category } : {}),
    staleTime: 30_000,
  });

export const useActivities = (token: string | null, category?: TActivityCategory) => useQuery(getActivitiesQueryOptions(token, category));
