import { useQuery } from '@tanstack/react-query';
import { rankList } from '@playhall/contract/calls/games';
import type { TGameCategory } from '@playhall/contract/categories';
import { call } from '../../../lib/api-client.ts';

export type TRankPeriod = 'day' | 'week' | 'month';

/** GCSGAME_getRankList: the period's biggest wins of a category. */
export const useRankList = (category: TGameCategory, period: TRankPeriod) =>
  useQuery({
    queryKey: ['games', 'rank', category, period],
    queryFn: () => call(rankList, { category, period, limit: 10 }),
    staleTime: 60_000,
    meta: { silent: true },
  });
