import { queryOptions, useQuery } from '@tanstack/react-query';
import { listMissions, missionLeaderboard } from '@playhall/contract/calls/loyalty';
import { call } from '../../../../lib/api-client.ts';
import { useSessionStore } from '../../../auth/session-store.ts';

/** missions.list: the member's daily and weekly missions with progress from settled data (always asked anew). */
export const getMissionsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['missions', 'list', token],
    queryFn: () => call(listMissions, {}),
    enabled: token !== null,
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useMissions = () => useQuery(getMissionsQueryOptions(useSessionStore((s) => s.token)));

/** missions.leaderboard of the current event, with the member's own place. */
export const getLeaderboardQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['missions', 'leaderboard', token],
    queryFn: () => call(missionLeaderboard, {}),
    staleTime: 0,
    refetchOnMount: 'always',
  });

export const useLeaderboard = () => useQuery(getLeaderboardQueryOptions(useSessionStore((s) => s.token)));
