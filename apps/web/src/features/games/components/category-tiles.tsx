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

/** One entry tile per category lane with vendors. */
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
        return (
          <Link
            key={lane.gameCategory}
            to={CATEGORY_ROUTE[lane.gameCategory]}
            className={styles.tile}
            style={{ '--hue': meta.hue } as CSSProperties}
            data-testid={`category-tile-${lane.gameCategory}`}
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
              <span className={styles.count}>{t('nav.providerCount', { count: lane.vendors.length })}</span>
            </span>
          </Link>
        );
      })}
    </div>
  );
}
