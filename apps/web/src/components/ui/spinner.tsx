import { useTranslation } from 'react-i18next';
import styles from './spinner.module.css';

export function Spinner({ size = 32, label }: { size?: number; label?: string }) {
  return <span className={styles.spinner} style={{ width: size, height: size }} role="status" aria-label={label} />;
}

/** Full-screen spinner used before anything else can render (start-up). */
export function PageSpinner() {
  return (
    <div className={styles.page}>
      <Spinner size={44} label="Loading" />
    </div>
  );
}

/** The loading spinner overlay of spec §2, shown while `loading` is on. */
export function LoadingOverlay({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  if (!loading) return null;
  return (
    <div className={styles.overlay} data-testid="loading-overlay" aria-live="polite">
      <div className={styles.box}>
        <Spinner size={40} label={t('common.loading')} />
      </div>
    </div>
  );
}
