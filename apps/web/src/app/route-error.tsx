import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { isChunkLoadError } from '../lib/load-chunk.ts';
import { showDialog } from '../stores/dialog-store.ts';

/** A reload fetches the chunk again (a failed lazy route stays failed for the life of the router). */
function reload(): void {
  window.location.reload();
}

/** Error boundary of every lazy route: a chunk that failed or timed out shows the network dialog with Retry. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    if (!chunk) console.error(error);
    showDialog({
      key: 'route-error',
      icon: chunk ? 'network' : 'error',
      title: t(chunk ? 'dialog.networkTitle' : 'dialog.errorTitle'),
      text: chunk ? t(error.timedOut ? 'dialog.chunkTimeout' : 'error.network_error') : t('error.unknown_error'),
      closeOnCover: false,
      buttons: [{ label: t('common.retry'), variant: 'primary', onClick: reload }],
    });
  }, [chunk, error, t]);

  return (
    <div className="container" data-testid="route-error">
      <EmptyState
        text={chunk ? t('error.network_error') : t('error.unknown_error')}
        action={<Button onClick={reload}>{t('common.retry')}</Button>}
      />
    </div>
  );
}
