import type { HouseApiError } from './house-api.ts';
import { money } from './money.ts';
import { shellText } from './shell-text.ts';

/**
 * The parent portal learns of balance changes through this message, posted to the portal's own origin
 * after every settled round (and after a refused bet reports the balance). The portal header listens:
 *   window.addEventListener('message', (e) => { if (e.origin === location.origin && e.data?.type === 'playhall:balance') … })
 * `balance` is the member's main-wallet balance in integer minor units.
 */
export interface TBalanceMessage {
  type: 'playhall:balance';
  balance: number;
}

export function postBalance(balance: number): void {
  if (window.parent === window) return;
  const message: TBalanceMessage = { type: 'playhall:balance', balance };
  window.parent.postMessage(message, window.location.origin);
}

/** What the player reads for a refused call; whether starting over is the only way on (in the launch's language). */
export function describeError(err: HouseApiError): { title: string; text: string; fatal: boolean } {
  const t = shellText();
  switch (err.code) {
    case 'insufficient_balance':
      return {
        title: t('errInsufficientTitle'),
        text: err.balance === null ? t('errInsufficient') : t('errInsufficientOf', { balance: money(err.balance) }),
        fatal: false,
      };
    case 'validation_failed':
      return { title: t('errBetTitle'), text: t('errBet'), fatal: false };
    case 'not_logged_in':
      return { title: t('errSessionTitle'), text: t('errSession'), fatal: true };
    case 'session_expired':
      return { title: t('errEndedTitle'), text: t('errEnded'), fatal: true };
    case 'maintenance':
    case 'game_maintenance':
      return { title: t('errMaintenanceTitle'), text: t('errMaintenance'), fatal: true };
    case 'rg_loss_limit': {
      // Issue 22: the member's own loss limit; the figures when the refusal carries them.
      const v = (err.value ?? {}) as { limit?: unknown; used?: unknown };
      const text = typeof v.limit === 'number' && typeof v.used === 'number' ? t('errLossLimitOf', { limit: money(v.limit), used: money(v.used) }) : t('errLossLimit');
      return { title: t('errLossLimitTitle'), text, fatal: false };
    }
    case 'rg_on_break':
      return { title: t('errBreakTitle'), text: t('errBreak'), fatal: true };
    case 'rg_self_excluded':
      return { title: t('errExcludedTitle'), text: t('errExcluded'), fatal: true };
    case 'rate_limited':
      return { title: t('errSlowTitle'), text: t('errSlow'), fatal: false };
    // The page's own failures (house-api.ts): no answer at all, or an answer that is no envelope.
    case 'network_error':
      return { title: t('errNetworkTitle'), text: t('errNetwork'), fatal: false };
    case 'bad_answer': {
      const status = (err.value as { status?: unknown } | null)?.status;
      return { title: t('errServerTitle'), text: typeof status === 'number' ? t('errServer', { status }) : t('somethingWrong'), fatal: false };
    }
    // A title the page cannot show (slot/main.ts): nothing to retry, another game from the lobby.
    case 'game_unavailable':
      return { title: t('errUnavailableTitle'), text: t('errUnavailable'), fatal: true };
    default:
      return { title: t('errOtherTitle'), text: err.message, fatal: false };
  }
}
