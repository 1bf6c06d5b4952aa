import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { betDetail, bets } from '@playhall/contract/calls/wallet';
import type { TGameCategory } from '@playhall/contract/categories';
import { call } from '../../../lib/api-client.ts';

export const BET_PAGE_SIZE = 20;

export interface TBetQuery {
  category?: TGameCategory;
  vassalage?: string;
  from: string;
  to: string;
}

/** records.bets: a page of the betting record with the totals of the whole query. */
export const useBets = (query: TBetQuery, page: number) =>
  useQuery({
    queryKey: ['records', 'bets', query, page],
    queryFn: () => call(bets, { ...query, page, pageSize: BET_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // Rounds settle on the server while the page is closed: open it again, load them anew.
    refetchOnMount: 'always',
  });

/** records.betDetail: one round with the game's own record and its provably-fair data. */
export const useBetDetail = (roundId: string) =>
  useQuery({ queryKey: ['records', 'bet', roundId], queryFn: () => call(betDetail, { roundId }) });
