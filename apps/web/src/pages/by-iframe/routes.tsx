import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NoGameState } from '../../features/games/components/no-game-state.tsx';
import { frameableUrl } from './game-url.ts';

/** /game?url= (header only): a launched game in an iframe filling the page below the header. */
export function GamePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = frameableUrl(params.get('url'), window.location.origin);
  if (!url) return <NoGameState testId="game-page" />;
  return (
    <iframe
      data-testid="game-frame"
      title={t('game.frameTitle')}
      src={url}
      style={{ display: 'block', width: '100%', height: 'calc(100vh - var(--topbar-h) - var(--header-h))', border: 0, background: '#000' }}
      allow="autoplay; fullscreen"
      allowFullScreen
    />
  );
}
