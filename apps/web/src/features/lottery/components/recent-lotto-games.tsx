import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLottoRecent } from '../api/get-lotto-recent.ts';
import { bettingHref } from '../lottery-groups.ts';
import styles from './lottery.module.css';

/** lottery.recent: the member's last lottery games as quick links (hidden for visitors and when empty). */
export function RecentLottoGames({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const recent = useLottoRecent(token);
  const games = recent.data?.games ?? [];
  if (games.length === 0) return null;
  return (
    <nav className={styles.recent} aria-label={t('lottery.recent')} data-testid="lotto-recent">
      <span className={styles.pickLabel}>
        <History size={14} aria-hidden /> {t('lottery.recent')}
      </span>
      {games.map((g) => (
        <Link key={g.gameCode} className={styles.chip} to={bettingHref(pathname, g.gameCode)}>
          {g.name}
        </Link>
      ))}
    </nav>
  );
}
