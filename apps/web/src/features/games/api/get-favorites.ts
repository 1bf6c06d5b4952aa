import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { favoriteGames, favoriteGamesList, setFavorite } from '@playhall/contract/calls/games';
import type { TGameCategory } from '@playhall/contract/categories';
import { call } from '../../../lib/api-client.ts';
import { GAME_PAGE_SIZE } from './get-game-list.ts';

/** The key a game is known by across vendors. */
export const gameKey = (g: { vassalage: string; gameId: string }): string => `${g.vassalage}/${g.gameId}`;

/** MCSFE_getFavoriteGames: the keys of the member's favourites, to mark hearts on any list. */
export const getFavoriteKeysQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['games', 'favorites', 'keys', token],
    queryFn: async () => new Set((await call(favoriteGames, {})).list.map(gameKey)),
    enabled: token !== null,
    staleTime: 60_000,
  });

export const useFavoriteKeys = (token: string | null) => useQuery(getFavoriteKeysQueryOptions(token));

/** MCSFE_getFavoriteGamesList: the favourite games themselves, paged like the hall. */
export const useFavoriteGames = (token: string | null, category: TGameCategory, enabled: boolean) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['games', 'favorites', 'list', token, category],
      queryFn: ({ pageParam, signal }) => call(favoriteGamesList, { category, page: pageParam, pageSize: GAME_PAGE_SIZE }, { signal }),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
      enabled: enabled && token !== null,
    }),
  );

/** Add or remove a favourite; the answer is the new key list, written straight into the cache. */
export function useSetFavorite(token: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { vassalage: string; gameId: string; favorite: boolean }) => call(setFavorite, input),
    onSuccess: ({ list }) => {
      qc.setQueryData(getFavoriteKeysQueryOptions(token).queryKey, new Set(list.map(gameKey)));
      void qc.invalidateQueries({ queryKey: ['games', 'favorites', 'list'] });
    },
  });
}
