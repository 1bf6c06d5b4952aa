import { useTranslation } from 'react-i18next';
import type { TGameVendor } from '@playhall/contract/calls/system';
import { VendorLogo } from './vendor-logo.tsx';
import styles from './vendor-maintenance.module.css';

/** A game tile with a wrench across it, in the theme's colours. */
function MaintenanceArt() {
  return (
    <svg className={styles.art} viewBox="0 0 160 120" aria-hidden>
      <ellipse cx="80" cy="108" rx="54" ry="7" fill="var(--surface-2)" />
      <rect x="36" y="18" width="88" height="82" rx="12" fill="var(--surface-2)" stroke="var(--border)" strokeWidth="2" />
      <rect x="48" y="30" width="64" height="40" rx="6" fill="var(--surface)" stroke="var(--border)" strokeWidth="2" />
      <rect x="48" y="78" width="38" height="8" rx="4" fill="var(--border)" />
      <path d="M36 84 124 40" stroke="var(--warning)" strokeWidth="10" strokeLinecap="round" opacity=".9" />
      <g transform="translate(116 78) rotate(-45)" fill="var(--text-muted)">
        <rect x="-5" y="6" width="10" height="40" rx="5" />
        <circle r="13" />
        <rect x="-5.5" y="-15" width="11" height="13" fill="var(--surface-2)" />
      </g>
    </svg>
  );
}

/**
 * The panel of a vendor under maintenance (issue 16): none of its games is listed; the page says so and offers the
 * lane's vendors that are open (spec §8: "game under maintenance (suggests other games)").
 */
export function VendorMaintenance({ vendor, others, onPick }: { vendor: TGameVendor; others: readonly TGameVendor[]; onPick: (vassalage: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.panel} data-testid="vendor-maintenance">
      <MaintenanceArt />
      <h3 className={styles.title}>{t('games.vendorMaintenanceTitle', { vendor: vendor.displayName })}</h3>
      <p className={styles.text}>{t('games.vendorMaintenanceText')}</p>
      {others.length > 0 && (
        <div className={styles.others}>
          <span className={styles.othersLabel}>{t('games.playInstead')}</span>
          <div className={styles.choices}>
            {others.map((v) => (
              <button key={v.vassalage} type="button" className={styles.choice} onClick={() => onPick(v.vassalage)} data-testid="maintenance-suggestion">
                <VendorLogo path={v.smallIcon} name={v.displayName} width={28} height={28} />
                <span>{v.displayName}</span>
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
