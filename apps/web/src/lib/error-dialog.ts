import { showDialog } from '../stores/dialog-store.ts';
import { ApiError } from './api-error.ts';
import { i18next } from './i18n.ts';

/** The translated message of a failure: `error.<code>` when the locale has it, else the server's text. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // Every catalogue code has a locale key (locales.test.ts); the catalogue itself stays out of the bundle.
    const key: string = `error.${error.code}`;
    if (i18next.exists(key)) return i18next.t(key as 'error.unknown_error');
    return error.message || i18next.t('error.unknown_error');
  }
  return i18next.t('error.unknown_error');
}

/** The generic dialog for a failed call, with a Retry button when the caller can retry. */
export function showErrorDialog(error: unknown, retry?: () => void, key?: string): void {
  const network = error instanceof ApiError && error.code === 'network_error';
  // A function the server does not offer yet is a notice, not a failure.
  const notYet = error instanceof ApiError && error.code === 'not_implemented';
  showDialog({
    key: key ?? (network ? 'network_error' : undefined),
    icon: network ? 'network' : notYet ? 'info' : 'error',
    title: i18next.t(network ? 'dialog.networkTitle' : notYet ? 'common.notice' : 'dialog.errorTitle'),
    text: errorMessage(error),
    buttons: retry
      ? [
          { label: i18next.t('common.cancel'), variant: 'secondary' },
          { label: i18next.t('common.retry'), variant: 'primary', onClick: retry },
        ]
      : undefined,
  });
}
