import { useQuery } from '@tanstack/react-query';
import { recentGames } from '@playhall/contract/calls/games';
import type { TGameCategory } from '@playhall/contract/categories';
import { call } from '../../../lib/api-client.ts';

/** GCS_recentGame: the member's last launched games (refreshed after each launch). */
export const useRecentGames = (token: string | null, category: TGameCategory, limit: number) =>
  useQuery({
    queryKey: ['games', 'recent', token, category, limit],
    queryFn: () => call(recentGames, { category, limit }),
    enabled: token !== null,
    // An optional strip: a failure hides it rather than raising a dialog.
    meta: { silent: true },
  });
