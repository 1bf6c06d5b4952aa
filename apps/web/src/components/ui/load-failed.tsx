import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

/** What a data view shows after its load failed (the error dialog has told why): one sentence and Retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      compact
      testId="load-failed"
      text={t('common.loadFailed')}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
