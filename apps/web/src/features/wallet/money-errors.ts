import { ApiError } from '../../lib/api-error.ts';
import { errorMessage, showErrorDialog } from '../../lib/error-dialog.ts';
import { i18next } from '../../lib/i18n.ts';
import { showDialog } from '../../stores/dialog-store.ts';

/**
 * The dialog of a refused money request: a wrong payment password says how many tries are left, a
 * missing one offers to set it (`onSetPassword`), anything else is the generic error dialog.
 */
export function showMoneyError(error: unknown, onSetPassword?: () => void): void {
  if (error instanceof ApiError && error.code === 'payment_password_wrong') {
    const left = (error.value as { attemptsLeft?: unknown } | null)?.attemptsLeft;
    const more = typeof left === 'number' ? ` ${i18next.t('wallet.attemptsLeft', { count: left })}` : '';
    showDialog({ icon: 'error', title: i18next.t('dialog.errorTitle'), text: `${errorMessage(error)}${more}` });
    return;
  }
  if (error instanceof ApiError && error.code === 'payment_password_required' && onSetPassword) {
    showDialog({
      icon: 'warning',
      title: i18next.t('wallet.paymentPassword'),
      text: i18next.t('wallet.paymentPasswordNeeded'),
      buttons: [
        { label: i18next.t('common.cancel'), variant: 'secondary' },
        { label: i18next.t('wallet.setPaymentPassword'), variant: 'primary', onClick: onSetPassword },
      ],
    });
    return;
  }
  showErrorDialog(error);
}
