import { Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { CATEGORY_META } from '../../features/games/category-meta.ts';
import { CategoryLobby } from '../../features/games/components/category-lobby.tsx';
import { GameHall } from '../../features/games/components/game-hall.tsx';
import { lotteryVendorPath } from '../../features/games/launch/launch-plan.ts';
import { LotteryHome } from '../../features/lottery/components/lottery-home.tsx';
import styles from './elott-page.module.css';

/**
 * /elott (standard): the e-lottery — the lobby of the fast (Elott) games, or a game's betting view. A
 * vendor link of the LOTT menu (?vendor=) opens that vendor's lottery page, or its games hall for the
 * vendors that start like other games (GPI).
 */
export function ElottPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const vendor = params.get('vendor');
  if (vendor && !params.has('lottoGameCode')) {
    const page = lotteryVendorPath(vendor);
    if (page && page !== paths.elott) return <Navigate to={page} replace />;
    if (!page) return <CategoryLobby category="LOTT" hall={(v) => <GameHall category="LOTT" vendor={v} />} />;
  }
  return (
    <div data-testid="elott-page">
      <LotteryHome
        prizeMode="Elott"
        header={
          <PageHeader
            icon={Zap}
            hue={CATEGORY_META.LOTT.hue}
            eyebrow={t('category.LOTT')}
            title={t('elott.title')}
            subtitle={t('elott.subtitle')}
            aside={
              <div className={styles.actions}>
                <Link className={buttonClass('secondary')} to={paths.vnlottery}>
                  {t('vnlottery.title')}
                </Link>
                <Link className={buttonClass('secondary')} to={paths.lottery}>
                  {t('vnlottery.allLotteries')}
                </Link>
              </div>
            }
          />
        }
      />
    </div>
  );
}
