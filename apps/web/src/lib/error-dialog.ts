import { patternMessage } from '@playhall/contract/pattern-message';
import { showDialog } from '../stores/dialog-store.ts';
import { ApiError } from './api-error.ts';
import { i18next } from './i18n.ts';
import { RG_REFUSALS, responsibleErrorText } from './responsible-error.ts';

/** A field's rule error from the server (`required`, `pattern_<id>` with its bounds, a catalogue code) as text. */
function issueText(issue: { message?: unknown; params?: { patternId?: unknown; min?: unknown; max?: unknown } }): string | null {
  const { message, params } = issue;
  if (typeof message !== 'string') return null;
  if (message === 'required') return i18next.t('validation.required');
  if (message.startsWith('pattern_') && typeof params?.patternId === 'number') {
    return patternMessage(i18next.t(`pattern.${params.patternId}` as 'pattern.0'), Number(params.min ?? 0), Number(params.max ?? 0));
  }
  return i18next.exists(`error.${message}`) ? i18next.t(`error.${message}` as 'error.unknown_error') : null;
}

/**
 * The translated message of a failure: `error.<code>` when the locale has it, else the server's text. A
 * refused field (`validation_failed`) says which rule it broke, as the register rules word it.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // Every catalogue code has a locale key (locales.test.ts); the catalogue itself stays out of the bundle.
    const key: string = `error.${error.code}`;
    // A responsible-gaming refusal reads with its figures wherever it arises (deposit, transfer, launch, log-in).
    const figures = responsibleErrorText(error.code, error.value);
    if (figures !== null) return figures;
    const text = i18next.exists(key) ? i18next.t(key as 'error.unknown_error') : error.message || i18next.t('error.unknown_error');
    const issues = (error.value as { issues?: unknown } | null)?.issues;
    if (error.code !== 'validation_failed' || !Array.isArray(issues)) return text;
    const details = [...new Set(issues.map((i) => issueText(i as Parameters<typeof issueText>[0])).filter((d): d is string => d !== null))];
    return details.length > 0 ? `${text}: ${details.join('; ')}` : text;
  }
  return i18next.t('error.unknown_error');
}

/** The generic dialog for a failed call, with a Retry button when the caller can retry. */
export function showErrorDialog(error: unknown, retry?: () => void, key?: string): void {
  const network = error instanceof ApiError && error.code === 'network_error';
  // A function the server does not offer yet is a notice, not a failure.
  const notYet = error instanceof ApiError && error.code === 'not_implemented';
  const responsible = error instanceof ApiError && (RG_REFUSALS as readonly string[]).includes(error.code);
  showDialog({
    key: key ?? (network ? 'network_error' : responsible ? (error as ApiError).code : undefined),
    icon: network ? 'network' : notYet ? 'info' : responsible ? 'warning' : 'error',
    title: i18next.t(network ? 'dialog.networkTitle' : notYet ? 'common.notice' : responsible ? 'rg.title' : 'dialog.errorTitle'),
    text: errorMessage(error),
    buttons: retry
      ? [
          { label: i18next.t('common.cancel'), variant: 'secondary' },
          { label: i18next.t('common.retry'), variant: 'primary', onClick: retry },
        ]
      : undefined,
  });
}
