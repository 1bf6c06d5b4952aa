import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TGameCategory } from '@playhall/contract/categories';
import { useSessionStore } from '../../auth/session-store.ts';
import { useFavoriteKeys, useSetFavorite } from '../api/get-favorites.ts';
import { useRecentGames } from '../api/get-recent-games.ts';
import { useGameLauncher } from '../launch/use-game-launcher.tsx';
import { GameGrid } from './game-grid.tsx';
import styles from './recent-games.module.css';

const RECENT_SHOWN = 6;

/** "Recently played" of a category for a logged-in member; nothing for visitors or before a first launch. */
export function RecentGames({ category }: { category: TGameCategory }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const recent = useRecentGames(token, category, RECENT_SHOWN);
  const keys = useFavoriteKeys(token);
  const setFavorite = useSetFavorite(token);
  const { launch, dialog } = useGameLauncher();
  if (!recent.data || recent.data.list.length === 0) return null;
  return (
    <section className={styles.recent} aria-labelledby="recent-title" data-testid="recent-games">
      <h2 id="recent-title" className={styles.title}>
        <History size={18} aria-hidden />
        {t('games.recent')}
      </h2>
      <GameGrid
        games={recent.data.list}
        status="success"
        hasMore={false}
        loadingMore={false}
        loadMore={() => undefined}
        retry={() => void recent.refetch()}
        favorites={keys.data}
        onPlay={(game) => launch({ game })}
        onFavorite={(game, favorite) => setFavorite.mutate({ vassalage: game.vassalage, gameId: game.gameId, favorite })}
        emptyText=""
      />
      {dialog}
    </section>
  );
}
