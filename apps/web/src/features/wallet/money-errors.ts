import { ApiError } from '../../lib/api-error.ts';
import { errorMessage, showErrorDialog } from '../../lib/error-dialog.ts';
import { formatMoney } from '../../lib/format.ts';
import { i18next } from '../../lib/i18n.ts';
import { showDialog } from '../../stores/dialog-store.ts';
import { openModal } from '../../stores/ui-store.ts';

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
  if (error instanceof ApiError && error.code === 'turnover_open') {
    // Issue 17: a bonus's turnover is still open; say how much valid bet remains and where to follow it.
    const remaining = (error.value as { remaining?: unknown } | null)?.remaining;
    showDialog({
      key: 'turnover_open',
      icon: 'warning',
      title: i18next.t('centre.withdraw'),
      text: typeof remaining === 'number' ? i18next.t('wallet.turnoverOpen', { amount: formatMoney(remaining, true) }) : errorMessage(error),
      buttons: [
        { label: i18next.t('common.close'), variant: 'secondary' },
        { label: i18next.t('wallet.toRewardCentre'), variant: 'primary', onClick: () => openModal({ name: 'memberCentre', page: 'rewardCenter' }) },
      ],
    });
    return;
  }
  if (error instanceof ApiError && (error.code === 'rg_deposit_limit' || error.code === 'rg_loss_limit' || error.code === 'rg_on_break')) {
    // Issue 22: the limit or break that refused the money, with its figures, and the way to the settings.
    showDialog({
      key: error.code,
      icon: 'warning',
      title: i18next.t('rg.title'),
      text: errorMessage(error),
      buttons: [
        { label: i18next.t('common.close'), variant: 'secondary' },
        { label: i18next.t('centre.responsibleGaming'), variant: 'primary', onClick: () => openModal({ name: 'memberCentre', page: 'responsibleGaming' }) },
      ],
    });
    return;
  }
  showErrorDialog(error);
}
