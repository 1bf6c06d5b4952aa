import { CalendarClock, Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, PageSection, Panel } from '../../components/layout/page-header.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { categoryVendorPath, paths } from '../../config/paths.ts';
import { laneOf, useGameVendors } from '../../features/games/api/get-game-vendors.ts';
import { CATEGORY_META } from '../../features/games/category-meta.ts';
import { VendorLogo } from '../../features/games/components/vendor-logo.tsx';
import styles from './lottery-page.module.css';

/** The Vietnamese lottery vendor has its own page (spec §4: TCG_LOTTO_VN goes to /vnlottery). */
const VN_LOTTERY_VENDOR = 'TCG_LOTTO_VN';

/** /lottery (header only): the lottery providers and the open draws. */
export function LotteryPage() {
  const { t } = useTranslation();
  const { data, isPending } = useGameVendors();
  const lane = laneOf(data, 'LOTT');
  return (
    <div className={`container ${styles.page}`} data-testid="lottery-page">
      <PageHeader icon={Ticket} hue={CATEGORY_META.LOTT.hue} title={t('lottery.title')} subtitle={t('lottery.subtitle')} />
      <PageSection title={t('lottery.providers')}>
        {isPending ? (
          <Skeleton height={72} radius={10} />
        ) : !lane ? (
          <EmptyState compact text={t('games.noVendors')} />
        ) : (
          <div className={styles.providers}>
            {lane.vendors.map((v) => (
              <Link
                key={v.vassalage}
                className={styles.provider}
                to={v.vassalage === VN_LOTTERY_VENDOR ? paths.vnlottery : categoryVendorPath('LOTT', v.vassalage)}
              >
                <VendorLogo path={v.smallIcon} name={v.displayName} width={44} height={44} />
                <span>
                  {v.displayName}
                  <span className={styles.code}>{v.vassalage}</span>
                </span>
              </Link>
            ))}
          </div>
        )}
      </PageSection>
      <PageSection icon={CalendarClock} title={t('lottery.draws')}>
        <Panel>
          <EmptyState text={t('lottery.noDraws')} />
        </Panel>
      </PageSection>
    </div>
  );
}
