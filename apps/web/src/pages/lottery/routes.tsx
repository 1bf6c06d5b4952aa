import { Ticket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, PageSection } from '../../components/layout/page-header.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { categoryVendorPath } from '../../config/paths.ts';
import { laneOf, useGameVendors } from '../../features/games/api/get-game-vendors.ts';
import { CATEGORY_META } from '../../features/games/category-meta.ts';
import { VendorLogo } from '../../features/games/components/vendor-logo.tsx';
import { MaintenanceBadge } from '../../features/games/components/maintenance-badge.tsx';
import { lotteryVendorPath } from '../../features/games/launch/launch-plan.ts';
import { LotteryHome } from '../../features/lottery/components/lottery-home.tsx';
import styles from './lottery-page.module.css';

/** /lottery (header only): the lottery providers and every lottery game (lottoPrizeMode filters: SEA). */
export function LotteryPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="lottery-page">
      <LotteryHome modeTabs header={<PageHeader icon={Ticket} hue={CATEGORY_META.LOTT.hue} title={t('lottery.title')} subtitle={t('lottery.subtitle')} />}>
        <LotteryProviders />
      </LotteryHome>
    </div>
  );
}

function LotteryProviders() {
  const { t } = useTranslation();
  const { data, isPending } = useGameVendors();
  const lane = laneOf(data, 'LOTT');
  return (
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
              className={v.maintenance === 1 ? `${styles.provider} ${styles.down}` : styles.provider}
              to={lotteryVendorPath(v.vassalage) ?? categoryVendorPath('LOTT', v.vassalage)}
              data-testid={`lottery-provider-${v.vassalage}`}
              data-maintenance={v.maintenance === 1 ? '' : undefined}
            >
              <span className={styles.logo}>
                <VendorLogo path={v.smallIcon} name={v.displayName} width={44} height={44} />
              </span>
              <span className={styles.label}>
                {v.displayName}
                <span className={styles.code}>{v.vassalage}</span>
                {/* Issue 16: a provider whose games cannot start says so. */}
                {v.maintenance === 1 && <MaintenanceBadge />}
              </span>
            </Link>
          ))}
        </div>
      )}
    </PageSection>
  );
}
