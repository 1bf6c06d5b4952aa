import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/**
 * The hot-games area of the home page. The game catalogue (GCSGAME_hotGamesV2) is built by the games
 * issue; until the server lists games this area says plainly that there are none to show.
 */
export function HotGames() {
  const { t } = useTranslation();
  return <EmptyState text={t('games.noHotGames')} testId="hot-games-empty" />;
}
