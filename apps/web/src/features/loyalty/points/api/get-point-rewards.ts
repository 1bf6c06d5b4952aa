import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pointRewards } from '@playhall/contract/calls/points';
import { call } from '../../../../lib/api-client.ts';

/** MCS2_getPointReward: the catalogue, a page at a time (stock and status change as members redeem). */
export const getPointRewardsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['loyalty', 'points', 'rewards', page, pageSize],
    queryFn: () => call(pointRewards, { page, pageSize }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

export const usePointRewards = (page: number, pageSize: number) => useQuery(getPointRewardsQueryOptions(page, pageSize));
