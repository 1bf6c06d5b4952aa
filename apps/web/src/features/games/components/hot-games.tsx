import { useTranslation } from 'react-i18next';
import { openModal } from '../../../stores/ui-store.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { useFavoriteKeys, useSetFavorite } from '../api/get-favorites.ts';
import { useHotGames } from '../api/get-hot-games.ts';
import { useGameLauncher } from '../launch/use-game-launcher.tsx';
import { GameGrid } from './game-grid.tsx';

/** Hot games shown on the home page at most; the lobbies list the rest. */
const HOT_ON_HOME = 12;

/** The hot-games area of the home page (GCSGAME_hotGamesV2), loaded after the page itself; a click launches. */
export function HotGames() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const hot = useHotGames();
  const keys = useFavoriteKeys(token);
  const setFavorite = useSetFavorite(token);
  const { launch, dialog } = useGameLauncher();
  return (
    <>
      <GameGrid
        games={hot.data?.list.slice(0, HOT_ON_HOME) ?? []}
        status={hot.status}
        hasMore={false}
        loadingMore={false}
        loadMore={() => undefined}
        retry={() => void hot.refetch()}
        favorites={keys.data}
        onPlay={(game) => launch({ game })}
        onFavorite={(game, favorite) =>
          token ? setFavorite.mutate({ vassalage: game.vassalage, gameId: game.gameId, favorite }) : openModal({ name: 'login' })
        }
        emptyText={t('games.noHotGames')}
      />
      {dialog}
    </>
  );
}
