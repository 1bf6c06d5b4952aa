import { queryOptions, useQuery } from '@tanstack/react-query';
import { whitelabel } from '@playhall/contract/calls/system';
import { call } from '../../../lib/api-client.ts';

export const getWhitelabel = () => call(whitelabel, {});

export const getWhitelabelQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'whitelabel'], queryFn: getWhitelabel, staleTime: 5 * 60_000 });

/** Footer providers, copyright and site name. */
export const useWhitelabel = () => useQuery(getWhitelabelQueryOptions());
