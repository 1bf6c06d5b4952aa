import type { THouseRefusal } from '@playhall/contract/house-rules/refusals';
import type { HouseApiError } from './house-api.ts';
import { money } from './money.ts';
import { shellText, type TShellKey } from './shell-text.ts';

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

/**
 * The words of each reason a house game refuses a call with (house-rules/refusals.ts): the dialog's title and text,
 * shell keys. A bet the round or the bank does not take reads as a refused bet; the rest as "not possible right now".
 * Reasons that mean the same to a player share their words.
 */
const REFUSAL_TEXTS: Record<THouseRefusal, { title: 'errBetTitle' | 'errRefusedTitle'; text: TShellKey; fatal?: true }> = {
  // A launch of another game than the page plays: only starting it again from the lobby helps.
  played_in_room: { title: 'errRefusedTitle', text: 'refusedWrongGame', fatal: true },
  not_hand_game: { title: 'errRefusedTitle', text: 'refusedWrongGame', fatal: true },
  no_bet_room: { title: 'errRefusedTitle', text: 'refusedWrongGame', fatal: true },
  next_round_failed: { title: 'errBetTitle', text: 'refusedRoundNotReady' },
  round_not_open: { title: 'errBetTitle', text: 'refusedRoundNotReady' },
  round_passed: { title: 'errBetTitle', text: 'refusedBettingClosed' },
  betting_closed: { title: 'errBetTitle', text: 'refusedBettingClosed' },
  already_bet: { title: 'errBetTitle', text: 'refusedAlreadyBet' },
  duplicate_bet: { title: 'errBetTitle', text: 'refusedAlreadyBet' },
  stake_returned: { title: 'errBetTitle', text: 'refusedMoneyReturned' },
  no_bet: { title: 'errRefusedTitle', text: 'refusedNoBet' },
  not_taken_off: { title: 'errRefusedTitle', text: 'refusedNotTakenOff' },
  cash_out_min: { title: 'errRefusedTitle', text: 'refusedCashOutMin' },
  already_cashed_out: { title: 'errRefusedTitle', text: 'refusedCashedOut' },
  bet_over: { title: 'errRefusedTitle', text: 'refusedRoundCrashed' },
  too_late: { title: 'errRefusedTitle', text: 'refusedTooLate' },
  room_full: { title: 'errRefusedTitle', text: 'refusedRoomFull' },
  round_started: { title: 'errRefusedTitle', text: 'refusedRoundStarted' },
  ante_returned: { title: 'errRefusedTitle', text: 'refusedMoneyReturned' },
  banker_cannot_bet: { title: 'errBetTitle', text: 'refusedBankerBets' },
  bank_cannot_cover: { title: 'errBetTitle', text: 'refusedBankCover' },
  bank_returned: { title: 'errRefusedTitle', text: 'refusedMoneyReturned' },
  banker_seat_yours: { title: 'errRefusedTitle', text: 'refusedBankerYours' },
  banker_seat_taken: { title: 'errRefusedTitle', text: 'refusedBankerTaken' },
  banker_between_rounds: { title: 'errRefusedTitle', text: 'refusedBankerBetweenRounds' },
  banking_this_round: { title: 'errRefusedTitle', text: 'refusedBankerBetweenRounds' },
  not_banker: { title: 'errRefusedTitle', text: 'refusedNotBanker' },
  hand_open: { title: 'errRefusedTitle', text: 'refusedHandOpen' },
  seed_hand_open: { title: 'errRefusedTitle', text: 'refusedHandOpen' },
  hand_busy: { title: 'errRefusedTitle', text: 'refusedConflict' },
  hand_changed: { title: 'errRefusedTitle', text: 'refusedConflict' },
  seed_changed: { title: 'errRefusedTitle', text: 'refusedConflict' },
  round_over: { title: 'errRefusedTitle', text: 'refusedRoundOver' },
  no_round: { title: 'errRefusedTitle', text: 'refusedRoundOver' },
};

/** A house game's refusal in the launch's language, by the reason in its value; the generic words for a reason unknown. */
function describeRefusal(value: unknown, t: ReturnType<typeof shellText>): { title: string; text: string; fatal: boolean } {
  const v = (value ?? {}) as { reason?: unknown; crashPoint?: unknown };
  const words = typeof v.reason === 'string' && Object.hasOwn(REFUSAL_TEXTS, v.reason) ? REFUSAL_TEXTS[v.reason as THouseRefusal] : null;
  if (!words) return { title: t('errOtherTitle'), text: t('somethingWrong'), fatal: false };
  // The crash point of a cash-out too late, as the crash page writes multipliers (2.35×).
  const x = typeof v.crashPoint === 'number' ? `${(v.crashPoint / 100).toFixed(2)}×` : '';
  return { title: t(words.title), text: t(words.text, { x }), fatal: words.fatal ?? false };
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
    // A house game's refusal (issue 23): its reason in the player's language, never the server's English sentence.
    case 'operation_not_allowed':
    case 'conflict':
    case 'duplicate_request':
    case 'not_found':
      return describeRefusal(err.value, t);
    default:
      return { title: t('errOtherTitle'), text: err.message, fatal: false };
  }
}
