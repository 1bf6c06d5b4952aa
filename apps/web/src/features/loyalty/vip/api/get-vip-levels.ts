import { queryOptions, useQuery } from '@tanstack/react-query';
import { vipLevels } from '@playhall/contract/calls/loyalty';
import { call } from '../../../../lib/api-client.ts';

/** /vip: the level table for everyone, and the member's progress when a session exists (the key follows it). */
export const getVipLevelsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['loyalty', 'vip', token],
    queryFn: () => call(vipLevels, {}),
    // The recomputation job moves a member's level: a page opened again reads it anew.
    refetchOnMount: 'always',
  });

export const useVipLevels = (token: string | null) => useQuery(getVipLevelsQueryOptions(token));
