import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-dialog.ts';
import { formatMoney } from '../../../lib/format.ts';
import { i18next } from '../../../lib/i18n.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { showMoneyError } from '../../wallet/money-errors.ts';
import { formatPoints } from './points-text.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The line of a refusal that carries figures (requirement, stock left, minimum), or null. */
export function pointsErrorDetail(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const value = (error.value ?? {}) as Record<string, unknown>;
  switch (error.code) {
    case 'redeem_requirement_not_met': {
      const required = num(value.required);
      const done = num(value.done);
      if (required === null || done === null) return null;
      const kind = value.kind === 'deposit' ? i18next.t('pointMall.amountKind.deposit') : i18next.t('pointMall.amountKind.validBet');
      return i18next.t('pointMall.requirementDetail', { kind, required: formatMoney(required, true), done: formatMoney(done, true) });
    }
    case 'redeem_sold_out': {
      const left = num(value.left);
      return left === null ? null : i18next.t('pointMall.stockLeft', { count: left });
    }
    case 'points_convert_below_min': {
      const min = num(value.min);
      return min === null ? null : i18next.t('pointMall.convertMin', { points: formatPoints(min) });
    }
    default:
      return null;
  }
}

/**
 * The dialog of a refused points request: the server's figures written out (what the requirement asks and what
 * the member has done, the stock left, the minimum); payment-password refusals as for money (tries left, set it).
 */
export function showPointsError(error: unknown, onSetPassword?: () => void): void {
  const detail = pointsErrorDetail(error);
  if (detail) {
    // Two lines: the refusal, then its figures (escaped; the dialog renders sanitised HTML).
    showDialog({ icon: 'warning', title: i18next.t('pointMall.title'), html: `${escapeHtml(errorMessage(error))}<br>${escapeHtml(detail)}` });
    return;
  }
  showMoneyError(error, onSetPassword);
}
