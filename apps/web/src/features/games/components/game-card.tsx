import { Heart, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TGameItem } from '@playhall/contract/calls/games';
import { Badge } from '../../../components/ui/badge.tsx';
import { currentLanguageCode } from '../../../lib/i18n.ts';
import { imageUrl } from '../../../lib/image-url.ts';
import { LazyImage } from './lazy-image.tsx';
import { MaintenanceBadge } from './maintenance-badge.tsx';
import styles from './game-card.module.css';

interface TGameCardProps {
  game: TGameItem;
  favorite: boolean;
  onPlay: () => void;
  /** Without it the card has no heart (lists that are not the member's, e.g. a vendor popup). */
  onFavorite?: () => void;
}

/**
 * Game card of DESIGN.md: 4:3 art, vendor mark, name, favourite heart, Play on hover; hot and maintenance badges. A
 * game under maintenance (isNew) is greyed with its badge: a click shows the warning (spec §4).
 */
export function GameCard({ game, favorite, onPlay, onFavorite }: TGameCardProps) {
  const { t } = useTranslation();
  // The tile draws the name in the interface language; useTranslation re-renders when it changes.
  const src = imageUrl(game.icon, currentLanguageCode());
  return (
    <article
      className={game.isNew === 1 ? `${styles.card} ${styles.down}` : styles.card}
      data-testid="game-card"
      data-game={`${game.vassalage}/${game.gameId}`}
      data-maintenance={game.isNew === 1 ? '' : undefined}
    >
      <button type="button" className={styles.art} onClick={onPlay} aria-label={t('games.playGame', { name: game.name })} data-testid="game-play">
        <LazyImage key={src} src={src} fallback={<span className={styles.fallback}>{game.name}</span>} />
        <span className={styles.play} aria-hidden>
          <span className={styles.playButton}>
            <Play size={16} fill="currentColor" />
            {t('games.play')}
          </span>
        </span>
      </button>
      {/* Beside the button, not in it: its name is "Play {game}", which a visible "Hot" inside would contradict (WCAG 2.5.3). */}
      <span className={styles.badges}>
        {game.isHot === 1 && <Badge kind="hot">{t('games.hot')}</Badge>}
        {game.isNew === 1 && <MaintenanceBadge />}
      </span>
      <div className={styles.meta}>
        <div className={styles.text}>
          <span className={styles.name} title={game.name}>
            {game.name}
          </span>
          <span className={styles.vendor}>{game.vassalage}</span>
        </div>
        {onFavorite && (
          <button
            type="button"
            className={styles.heart}
            aria-pressed={favorite}
            aria-label={t(favorite ? 'games.unfavorite' : 'games.favorite', { name: game.name })}
            onClick={onFavorite}
            data-testid="game-fav"
          >
            <Heart size={18} aria-hidden fill={favorite ? 'currentColor' : 'none'} />
          </button>
        )}
      </div>
    </article>
  );
}
