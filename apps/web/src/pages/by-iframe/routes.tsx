import { Gamepad2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import { frameableUrl } from './game-url.ts';

/** /game?url= (header only): a launched game in an iframe filling the page below the header. */
export function GamePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = frameableUrl(params.get('url'), window.location.origin);
  if (!url) {
    return (
      <div className="container" style={{ paddingBlock: 48 }} data-testid="game-page">
        <EmptyState
          text={t('game.noGame')}
          action={
            <Link className={buttonClass('primary')} to={paths.home}>
              <Gamepad2 size={16} aria-hidden />
              {t('game.browse')}
            </Link>
          }
        />
      </div>
    );
  }
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
