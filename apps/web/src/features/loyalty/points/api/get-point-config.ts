import { queryOptions, useQuery } from '@tanstack/react-query';
import { pointConfig } from '@playhall/contract/calls/points';
import { call } from '../../../../lib/api-client.ts';

/** MCS2_getPointConfig: the convert rate and minimum, the earn rates per category, the rules text. */
export const getPointConfigQueryOptions = () =>
  queryOptions({ queryKey: ['loyalty', 'points', 'config'], queryFn: () => call(pointConfig, {}), staleTime: 5 * 60_000 });

export const usePointConfig = () => useQuery(getPointConfigQueryOptions());
