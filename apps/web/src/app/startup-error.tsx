import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../components/brand/logo.tsx';
import { Button } from '../components/ui/button.tsx';
import { errorMessage } from '../lib/error-dialog.ts';
import styles from '../features/system/components/status-page.module.css';

/** The start-up status could not be read: nothing else can be shown, so say so and offer a retry. */
export function StartupError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <main className={styles.page} data-testid="startup-error">
      <div className={styles.card}>
        <Logo height={32} />
        <WifiOff size={48} aria-hidden color="var(--warning)" />
        <div className={styles.block}>
          <h1 className={styles.title}>{t('dialog.networkTitle')}</h1>
          <p className={styles.text}>{errorMessage(error)}</p>
        </div>
        <Button size="lg" onClick={onRetry} disabled={retrying}>
          {retrying ? t('common.loading') : t('common.retry')}
        </Button>
      </div>
    </main>
  );
}
