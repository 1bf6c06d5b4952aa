import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CATEGORY_ROUTE } from '@playhall/contract/categories';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useGameVendors } from '../api/get-game-vendors.ts';
import { CATEGORY_META } from '../category-meta.ts';
import { navLanes } from '../nav-dropdown.ts';
import styles from './category-tiles.module.css';

/**
 * One entry tile per category lane with vendors, counting those whose games start; a lane whose vendors are all
 * under maintenance is greyed and says so (issue 16).
 */
export function CategoryTiles() {
  const { t } = useTranslation();
  const { data, isPending } = useGameVendors();
  if (isPending) {
    return (
      <div className={styles.grid}>
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} height={148} radius={10} />
        ))}
      </div>
    );
  }
  const lanes = navLanes(data ?? []);
  if (lanes.length === 0) return <EmptyState compact text={t('games.noVendors')} />;
  return (
    <div className={styles.grid} style={{ gridTemplateColumns: `repeat(${Math.min(lanes.length, 7)}, 1fr)` }}>
      {lanes.map((lane) => {
        const meta = CATEGORY_META[lane.gameCategory];
        const Icon = meta.icon;
        const open = lane.vendors.filter((v) => v.maintenance === 0).length;
        return (
          <Link
            key={lane.gameCategory}
            to={CATEGORY_ROUTE[lane.gameCategory]}
            className={open === 0 ? `${styles.tile} ${styles.closed}` : styles.tile}
            style={{ '--hue': meta.hue } as CSSProperties}
            data-testid={`category-tile-${lane.gameCategory}`}
            data-maintenance={open === 0 ? '' : undefined}
          >
            <span className={styles.watermark} aria-hidden>
              <Icon size={96} strokeWidth={1.2} />
            </span>
            <span className={styles.icon}>
              <Icon size={24} aria-hidden />
            </span>
            <span>
              <span className={styles.name}>{t(`category.${lane.gameCategory}`)}</span>
              <br />
              {open === 0 ? (
                // The badge's look without its component: the home page's first load stays within its budget.
                <span className={styles.down} data-testid="badge-maintenance">
                  {t('games.underMaintenance')}
                </span>
              ) : (
                <span className={styles.count}>{t('nav.providerCount', { count: open })}</span>
              )}
            </span>
          </Link>
        );
      })}
    </div>
  );
}
