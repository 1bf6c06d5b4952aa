import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './maintenance-badge.module.css';

/**
 * The "Maintenance" chip of a game or vendor that cannot start now (spec §4; issue 16). `quiet`: outlined, for
 * lists where many vendors carry it (vendor tabs, navigation cards), so the open ones stand out.
 */
export function MaintenanceBadge({ label, quiet }: { label?: string; quiet?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={quiet ? `${styles.badge} ${styles.quiet}` : styles.badge} data-testid="badge-maintenance">
      <Wrench size={11} aria-hidden />
      {label ?? t('games.maintenance')}
    </span>
  );
}
