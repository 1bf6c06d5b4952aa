import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { redeemList, type TRedeemRecord } from '@playhall/contract/calls/points';
import type { TDayRange } from '../../../../components/ui/date-range.ts';
import { call } from '../../../../lib/api-client.ts';

export type TRedeemStatus = TRedeemRecord['status'];

/** MCS2_getRedeemPointList: the member's exchanges in a day range, optionally of one status. */
export const getRedeemHistoryQueryOptions = (status: TRedeemStatus | undefined, range: TDayRange, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['loyalty', 'points', 'redeemHistory', status ?? 'all', range, page, pageSize],
    queryFn: () => call(redeemList, { ...(status ? { status } : {}), ...range, page, pageSize }),
    placeholderData: keepPreviousData,
    // The operator approves or rejects goods: a page opened again reads the statuses anew.
    refetchOnMount: 'always',
  });

export const useRedeemHistory = (status: TRedeemStatus | undefined, range: TDayRange, page: number, pageSize: number) =>
  useQuery(getRedeemHistoryQueryOptions(status, range, page, pageSize));
