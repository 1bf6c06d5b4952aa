import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGameItem } from '@playhall/contract/calls/games';
import { INFINITE_SCROLL_THROTTLE_MS } from '@playhall/contract/constants';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { gameKey } from '../api/get-favorites.ts';
import { GameCard } from './game-card.tsx';
import styles from './game-grid.module.css';

interface TGameGridProps {
  games: readonly TGameItem[];
  status: 'pending' | 'error' | 'success';
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  retry: () => void;
  favorites: ReadonlySet<string> | undefined;
  onPlay: (game: TGameItem) => void;
  onFavorite?: (game: TGameItem, favorite: boolean) => void;
  emptyText: string;
}

/** Calls `onNear` when the sentinel comes near the viewport, at most once per throttle window (spec §9). */
function useInfiniteSentinel(enabled: boolean, onNear: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onNear);
  useEffect(() => {
    latest.current = onNear;
  });
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    let last = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        const now = Date.now();
        if (entries.some((e) => e.isIntersecting) && now - last >= INFINITE_SCROLL_THROTTLE_MS) {
          last = now;
          latest.current();
        }
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

/** A game grid with its states: skeleton cards, empty, failed with Retry, and infinite scroll. */
export function GameGrid({ games, status, hasMore, loadingMore, loadMore, retry, favorites, onPlay, onFavorite, emptyText }: TGameGridProps) {
  const { t } = useTranslation();
  const sentinel = useInfiniteSentinel(status === 'success' && hasMore && !loadingMore, loadMore);
  if (status === 'pending') {
    return (
      <div className={styles.grid} data-testid="games-loading">
        {Array.from({ length: 12 }, (_, i) => (
          <div key={i} className={styles.skeletonCard}>
            <Skeleton height="auto" radius={0} className={styles.skeletonArt} />
            <Skeleton width="70%" height={14} />
            <Skeleton width="40%" height={12} />
          </div>
        ))}
      </div>
    );
  }
  if (status === 'error') return <LoadFailed onRetry={retry} />;
  if (games.length === 0) return <EmptyState compact text={emptyText} testId="games-empty" />;
  return (
    <>
      <div className={styles.grid} data-testid="game-grid">
        {games.map((g) => {
          const fav = favorites?.has(gameKey(g)) ?? false;
          return <GameCard key={gameKey(g)} game={g} favorite={fav} onPlay={() => onPlay(g)} onFavorite={onFavorite && (() => onFavorite(g, !fav))} />;
        })}
      </div>
      <div ref={sentinel} className={styles.more} aria-live="polite">
        {loadingMore && <Spinner label={t('common.loading')} />}
        {!hasMore && games.length > 12 && <span className={styles.end}>{t('games.endOfList', { count: games.length })}</span>}
      </div>
    </>
  );
}
