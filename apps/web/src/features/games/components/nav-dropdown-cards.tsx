import { useTranslation } from 'react-i18next';
import type { TVendorLane } from '@playhall/contract/calls/system';
import { navDropdown } from '../nav-dropdown.ts';
import { MoreCard, VendorCard } from './vendor-card.tsx';
import styles from './nav-dropdown-cards.module.css';

/** The content of a category's navigation dropdown (loaded on the first hover or focus). */
export function NavDropdownCards({ lane }: { lane: TVendorLane }) {
  const { t } = useTranslation();
  const dropdown = navDropdown(lane);
  return (
    <>
      <p className={styles.title}>
        {t(`category.${lane.gameCategory}`)}
        <span className={styles.count}>{t('nav.providerCount', { count: lane.vendors.filter((v) => v.maintenance === 0).length })}</span>
      </p>
      <div className={dropdown.centred ? styles.centred : styles.grid}>
        {dropdown.cards.map((v) => (
          <VendorCard key={v.vassalage} vendor={v} category={lane.gameCategory} />
        ))}
        {dropdown.hasMore && <MoreCard to={dropdown.moreHref} />}
      </div>
    </>
  );
}
