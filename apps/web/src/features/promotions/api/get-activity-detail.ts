import { queryOptions, useQuery } from '@tanstack/react-query';
import { activityDetail } from '@playhall/contract/calls/promotions';
import { call } from '../../../lib/api-client.ts';

/** /promoDetail?id=: terms, the member's progress and the actions open to them. */
export const getActivityDetailQueryOptions = (token: string | null, id: number) =>
  queryOptions({
    queryKey: ['promotions', 'detail', token, id],
    queryFn: () => call(activityDetail, { id }),
    enabled: Number.isSafeInteger(id) && id > 0,
    // Progress moves with every bet and deposit: opened again, the page asks again.
    staleTime: 0,
  });

export const useActivityDetail = (token: string | null, id: number) => useQuery(getActivityDetailQueryOptions(token, id));
