import { useQuery } from '@tanstack/react-query';
import { winners } from '@playhall/contract/calls/games';
import { call } from '../../../lib/api-client.ts';

/** How often the home page's winner board asks again while it is shown. */
export const WINNERS_REFRESH_MS = 45_000;

/** games.winners: the latest big wins, newest first (accounts masked by the server). */
export const useWinners = (limit: number) =>
  useQuery({
    queryKey: ['games', 'winners', limit],
    queryFn: () => call(winners, { limit }),
    refetchInterval: WINNERS_REFRESH_MS,
    staleTime: WINNERS_REFRESH_MS / 2,
    // A board of others' wins is decoration: a failure shows Retry in place, no dialog.
    meta: { silent: true },
  });
