import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TGameVendor } from '@playhall/contract/calls/system';
import type { TGameCategory } from '@playhall/contract/categories';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { vendorParam } from '../../../config/paths.ts';
import { laneOf, useGameVendors } from '../api/get-game-vendors.ts';
import { CATEGORY_META } from '../category-meta.ts';
import { RecentGames } from './recent-games.tsx';
import { VendorLogo } from './vendor-logo.tsx';
import { MaintenanceBadge } from './maintenance-badge.tsx';
import { VendorMaintenance } from './vendor-maintenance.tsx';
import styles from './category-lobby.module.css';

/**
 * A category page (spec §2): the banner strip, the lane's vendors as tabs (RNG: slot-hall tabs on
 * ?page=, others on ?vendor=) and the selected vendor's panel: `hall` renders its games (without it the
 * panel says there are none, as /elott does until the lottery pages take over). A vendor under maintenance
 * (issue 16) is a greyed tab with its badge; its panel says so and offers the lane's open vendors.
 */
export function CategoryLobby({ category, hall }: { category: TGameCategory; hall?: (vendor: TGameVendor) => ReactNode }) {
  const { t } = useTranslation();
  const { data: lanes, isPending } = useGameVendors();
  const [params, setParams] = useSearchParams();
  const param = vendorParam(category);
  const lane = laneOf(lanes, category);
  const meta = CATEGORY_META[category];
  // The lane lists open vendors first: without a choice in the address the first open one is shown.
  const selected = lane?.vendors.find((v) => v.vassalage === params.get(param)) ?? lane?.vendors[0];
  const open = lane?.vendors.filter((v) => v.maintenance === 0) ?? [];

  return (
    <div className="container" data-testid={`category-page-${category}`}>
      <PageHeader
        icon={meta.icon}
        hue={meta.hue}
        eyebrow={t('games.lobby')}
        title={t(`category.${category}`)}
        subtitle={t(`categoryTagline.${category}`)}
        aside={
          lane &&
          (open.length > 0 ? (
            <div className={styles.stat}>
              <div className={styles.statValue}>{open.length}</div>
              <div className={styles.statLabel}>{t('nav.providerCount', { count: open.length })}</div>
            </div>
          ) : (
            <div className={styles.stat}>
              <MaintenanceBadge label={t('games.underMaintenance')} />
            </div>
          ))
        }
      />
      {hall && <RecentGames category={category} />}

      {isPending ? (
        <div className={styles.skeletonTabs}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={52} radius={10} />
          ))}
        </div>
      ) : !lane ? (
        <EmptyState text={t('games.noVendors')} />
      ) : (
        <>
          <div className={styles.tabs}>
            <Tabs
              variant="cards"
              label={t('games.providers')}
              idPrefix="vendor"
              value={selected?.vassalage}
              onChange={(vassalage) => setParams({ [param]: vassalage })}
              items={lane.vendors.map((v) => ({
                value: v.vassalage,
                testId: `vendor-tab-${v.vassalage}`,
                label: (
                  <>
                    <span className={v.maintenance === 1 ? `${styles.tabLogo} ${styles.down}` : styles.tabLogo}>
                      <VendorLogo path={v.smallIcon} name={v.displayName} width={32} height={32} />
                    </span>
                    <span className={styles.tabText}>
                      <span className={styles.tabName}>{v.displayName}</span>
                      {v.maintenance === 1 && <MaintenanceBadge quiet />}
                    </span>
                    {v.isHot === 1 && (
                      <span className={styles.hotDot}>
                        <Badge kind="hot" label={t('games.hot')} />
                      </span>
                    )}
                  </>
                ),
              }))}
            />
          </div>
          {selected && (
            <section className={styles.panel} role="tabpanel" id="vendor-panel" aria-label={selected.displayName}>
              <div className={styles.panelHead}>
                <span className={selected.maintenance === 1 ? styles.down : undefined}>
                  <VendorLogo path={selected.smallIcon} name={selected.displayName} width={56} height={56} />
                </span>
                <div>
                  <h2 className={styles.vendorName}>
                    {selected.displayName}
                    {selected.isHot === 1 && <Badge kind="hot">{t('games.hot')}</Badge>}
                    {selected.maintenance === 1 && <MaintenanceBadge />}
                  </h2>
                  <p className={styles.vendorMeta}>
                    {t(`category.${category}`)} · {selected.vassalage}
                  </p>
                </div>
              </div>
              {selected.maintenance === 1 ? (
                <VendorMaintenance vendor={selected} others={open} onPick={(vassalage) => setParams({ [param]: vassalage })} />
              ) : hall ? (
                <div key={selected.vassalage}>{hall(selected)}</div>
              ) : (
                <EmptyState text={t('games.noGamesForVendor', { vendor: selected.displayName })} testId="games-empty" />
              )}
            </section>
          )}
        </>
      )}
    </div>
  );
}
