import { Heart, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TGameVendor } from '@playhall/contract/calls/system';
import type { TGameCategory } from '@playhall/contract/categories';
import { Input } from '../../../components/ui/input.tsx';
import { openModal } from '../../../stores/ui-store.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { useFavoriteGames, useFavoriteKeys, useSetFavorite } from '../api/get-favorites.ts';
import { gamesOf, useGameList, useVendorGameTypes } from '../api/get-game-list.ts';
import { useGameLauncher } from '../launch/use-game-launcher.tsx';
import { GameGrid } from './game-grid.tsx';
import { PvpRooms } from './pvp-rooms.tsx';
import styles from './game-hall.module.css';

/** The query parameter of the game-type filter inside a vendor's hall (docs/decisions.md). */
const TYPE_PARAM = 'type';
const SEARCH_DELAY_MS = 300;
const SEARCH_MIN_GAMES = 12;

/**
 * A vendor's hall inside a category page: game-type filters (games.vendorGameTypes), search,
 * the favourites filter and the infinite game grid; PVP vendors with rooms list them first.
 */
export function GameHall({ category, vendor }: { category: TGameCategory; vendor: TGameVendor }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const [params, setParams] = useSearchParams();
  const gameType = params.get(TYPE_PARAM) ?? undefined;
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const { launch, dialog } = useGameLauncher();

  useEffect(() => {
    const id = window.setTimeout(() => setKeyword(search.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [search]);

  const types = useVendorGameTypes(vendor.vassalage);
  const all = useGameList({ category, vassalage: vendor.vassalage, gameType, keyword: keyword || undefined }, !favoritesOnly);
  const favs = useFavoriteGames(token, category, favoritesOnly);
  const keys = useFavoriteKeys(token);
  const setFavorite = useSetFavorite(token);
  const list = favoritesOnly ? favs : all;
  const games = gamesOf(list.data?.pages);

  const setType = (value: string | undefined) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(TYPE_PARAM, value);
        else next.delete(TYPE_PARAM);
        return next;
      },
      { replace: true },
    );

  const typeList = types.data?.list ?? [];
  // Search pays off only in a hall longer than a screen (sports books have one game per vendor).
  const searchable = typeList.reduce((n, ty) => n + ty.count, 0) > SEARCH_MIN_GAMES;
  return (
    <div className={styles.hall}>
      {category === 'PVP' && <PvpRooms vassalage={vendor.vassalage} onEnter={(room) => launch({ room })} />}
      <div className={styles.toolbar}>
        {typeList.length > 1 && !favoritesOnly && (
          <div className={styles.types} role="group" aria-label={t('games.gameTypes')}>
            <button type="button" className={styles.chip} aria-pressed={!gameType} onClick={() => setType(undefined)} data-testid="type-all">
              {t('games.allTypes')}
            </button>
            {typeList.map((ty) => (
              <button
                key={ty.gameType}
                type="button"
                className={styles.chip}
                aria-pressed={gameType === ty.gameType}
                onClick={() => setType(ty.gameType)}
                data-testid={`type-${ty.gameType}`}
              >
                {t(`games.type.${ty.gameType}`, { defaultValue: ty.labelName })}
                <span className={styles.count}>{ty.count}</span>
              </button>
            ))}
          </div>
        )}
        <div className={styles.tools}>
          {searchable && (
            <>
              <Input
                className={styles.search}
                compact
                hideLabel
                label={t('games.search')}
                placeholder={t('games.searchPlaceholder')}
                type="search"
                value={search}
                disabled={favoritesOnly}
                onChange={(e) => setSearch(e.target.value)}
                data-testid="game-search"
              />
              <Search className={styles.searchIcon} size={16} aria-hidden />
            </>
          )}
          <button
            type="button"
            className={styles.favToggle}
            aria-pressed={favoritesOnly}
            onClick={() => (token ? setFavoritesOnly((v) => !v) : openModal({ name: 'login' }))}
            data-testid="fav-toggle"
          >
            <Heart size={16} aria-hidden fill={favoritesOnly ? 'currentColor' : 'none'} />
            {t('games.favorites')}
          </button>
        </div>
      </div>
      <GameGrid
        games={games}
        status={list.status}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        loadMore={() => void list.fetchNextPage()}
        retry={() => void list.refetch()}
        favorites={keys.data}
        onPlay={(game) => launch({ game })}
        onFavorite={(game, favorite) =>
          token ? setFavorite.mutate({ vassalage: game.vassalage, gameId: game.gameId, favorite }) : openModal({ name: 'login' })
        }
        emptyText={favoritesOnly ? t('games.noFavorites') : keyword ? t('games.noSearchResults', { keyword }) : t('games.noGamesForVendor', { vendor: vendor.displayName })}
      />
      {dialog}
    </div>
  );
}
