import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TGameVendor } from '@playhall/contract/calls/system';
import type { TGameCategory } from '@playhall/contract/categories';
import { Badge } from '../../../components/ui/badge.tsx';
import { categoryVendorPath } from '../../../config/paths.ts';
import { MaintenanceBadge } from './maintenance-badge.tsx';
import { VendorLogo } from './vendor-logo.tsx';
import styles from './vendor-card.module.css';

/**
 * A vendor in a navigation dropdown: logo, name, hot badge when isHot=1; a vendor under maintenance greyed with
 * its badge under the name (issue 16), still linking to its page, which says so.
 */
export function VendorCard({ vendor, category }: { vendor: TGameVendor; category: TGameCategory }) {
  const { t } = useTranslation();
  const down = vendor.maintenance === 1;
  return (
    <Link
      className={down ? `${styles.card} ${styles.down}` : styles.card}
      to={categoryVendorPath(category, vendor.vassalage)}
      data-testid="nav-vendor"
      data-maintenance={down ? '' : undefined}
    >
      {vendor.isHot === 1 && (
        <span className={styles.hot}>
          <Badge kind="hot" label={t('games.hot')} />
        </span>
      )}
      <VendorLogo path={vendor.smallIcon} name={vendor.displayName} width={56} height={56} />
      <span className={styles.name}>{vendor.displayName}</span>
      {down && <MaintenanceBadge quiet />}
    </Link>
  );
}

export function MoreCard({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link className={`${styles.card} ${styles.more}`} to={to} data-testid="nav-more">
      <span className={styles.moreIcon}>
        <ArrowRight size={22} aria-hidden className="flip-rtl" />
      </span>
      {t('nav.more')}
    </Link>
  );
}
