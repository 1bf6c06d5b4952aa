import { queryOptions, useQuery } from '@tanstack/react-query';
import { registerSetting } from '@playhall/contract/calls/system';
import { call } from '../../../lib/api-client.ts';

export const getRegisterSetting = () => call(registerSetting, {});

export const getRegisterSettingQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'registerSetting'], queryFn: getRegisterSetting, staleTime: 5 * 60_000 });

/** Register field rules (spec §3): which fields the form shows and requires. */
export const useRegisterSetting = () => useQuery(getRegisterSettingQueryOptions());
