import { useTranslation } from 'react-i18next';
import styles from './lazy-fallback.module.css';

/**
 * Shown when the code of a dialog or modal cannot be downloaded: the dialog machinery itself is what
 * failed, so this notice is plain markup that is always at hand, with a Retry that reloads the page.
 */
export function LazyLoadFailed() {
  const { t } = useTranslation();
  return (
    <div className={styles.bar} role="alert" data-testid="lazy-load-failed">
      <span>{t('error.network_error')}</span>
      <button type="button" className={styles.button} onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </div>
  );
}
