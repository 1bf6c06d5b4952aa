import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listRewards } from '@playhall/contract/calls/promotions';
import type { z } from 'zod';
import { call } from '../../../lib/api-client.ts';

export type TRewardsFilter = Omit<z.input<typeof listRewards.request>, 'page' | 'pageSize'>;

/** rewardCenter: the member's rewards with the bonus wallet's balance and the turnover left. */
export const getRewardsQueryOptions = (filter: TRewardsFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['promotions', 'rewards', filter, page, pageSize],
    queryFn: () => call(listRewards, { ...filter, page, pageSize }),
    placeholderData: keepPreviousData,
    // The server converts a bonus whose turnover is met when the list is asked for: always ask anew.
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useRewards = (filter: TRewardsFilter, page: number, pageSize: number) => useQuery(getRewardsQueryOptions(filter, page, pageSize));
