import { INELIGIBLE_REASONS, type TIneligibleReason } from '@playhall/contract/calls/promotions';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage, showErrorDialog } from '../../../lib/error-dialog.ts';
import { i18next } from '../../../lib/i18n.ts';
import { showDialog } from '../../../stores/dialog-store.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const isReason = (r: unknown): r is TIneligibleReason => (INELIGIBLE_REASONS as readonly unknown[]).includes(r);

/** A refused promotions call in a dialog; `activity_not_eligible` names each reason (its value carries them). */
export function showActivityError(error: unknown): void {
  const reasons = error instanceof ApiError && error.code === 'activity_not_eligible' ? (error.value as { reasons?: unknown } | null)?.reasons : undefined;
  if (Array.isArray(reasons) && reasons.some(isReason)) {
    const lines = reasons.filter(isReason).map((r) => `<li>${escape(i18next.t(`promotions.ineligible.${r}`))}</li>`);
    showDialog({ icon: 'warning', title: i18next.t('dialog.errorTitle'), html: `<p>${escape(errorMessage(error))}</p><ul>${lines.join('')}</ul>` });
    return;
  }
  showErrorDialog(error);
}
