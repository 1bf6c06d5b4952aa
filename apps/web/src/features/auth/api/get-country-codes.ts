import { queryOptions, useQuery } from '@tanstack/react-query';
import { countryCodes } from '@playhall/contract/calls/auth';
import { call } from '../../../lib/api-client.ts';

export const getCountryCodes = () => call(countryCodes, {});

export const getCountryCodesQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'countryCodes'], queryFn: getCountryCodes, staleTime: Infinity, meta: { silent: true } });

/** Dialing codes for mobile fields; the form falls back to a typed code if the list is unavailable. */
export const useCountryCodes = () => useQuery(getCountryCodesQueryOptions());
