import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { gameList, vassGameType, type TGameItem } from '@playhall/contract/calls/games';
import type { TGameCategory } from '@playhall/contract/categories';
import { call } from '../../../lib/api-client.ts';
import { currentLanguageCode } from '../../../lib/i18n.ts';

/** Games per page of the infinite hall (GCSGAME_gameList). */
export const GAME_PAGE_SIZE = 24;

export interface TGameListFilter {
  category?: TGameCategory;
  vassalage?: string;
  /** A slot-hall game type of the vendor (games.vendorGameTypes). */
  gameType?: string;
  keyword?: string;
}

export const getGameListQueryOptions = (filter: TGameListFilter) =>
  infiniteQueryOptions({
    queryKey: ['games', 'list', filter, currentLanguageCode()],
    queryFn: ({ pageParam, signal }) =>
      call(gameList, { ...filter, language: currentLanguageCode(), page: pageParam, pageSize: GAME_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 60_000,
  });

export const useGameList = (filter: TGameListFilter, enabled = true) => useInfiniteQuery({ ...getGameListQueryOptions(filter), enabled });

/** Every item of the loaded pages, in order. */
export function gamesOf(pages: readonly { list: TGameItem[] }[] | undefined): TGameItem[] {
  return pages?.flatMap((p) => p.list) ?? [];
}

export const getVendorGameTypesQueryOptions = (vassalage: string) =>
  queryOptions({
    queryKey: ['games', 'types', vassalage],
    queryFn: () => call(vassGameType, { vassalage, language: currentLanguageCode() }),
    staleTime: 5 * 60_000,
  });

export const useVendorGameTypes = (vassalage: string | undefined) =>
  useQuery({ ...getVendorGameTypesQueryOptions(vassalage ?? ''), enabled: vassalage !== undefined });
