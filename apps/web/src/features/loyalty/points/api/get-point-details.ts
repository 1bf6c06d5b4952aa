import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pointDetails } from '@playhall/contract/calls/points';
import type { TDayRange } from '../../../../components/ui/date-range.ts';
import { call } from '../../../../lib/api-client.ts';

/** ODSFE2_MemTransDet: every change of the member's points in a day range, with the balance after it. */
export const getPointDetailsQueryOptions = (range: TDayRange, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['loyalty', 'points', 'details', range, page, pageSize],
    queryFn: () => call(pointDetails, { ...range, page, pageSize }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });

export const usePointDetails = (range: TDayRange, page: number, pageSize: number) => useQuery(getPointDetailsQueryOptions(range, page, pageSize));
