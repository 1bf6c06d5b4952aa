import type { HouseApiError } from './house-api.ts';
import { money } from './money.ts';

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

/** What the player reads for a refused call; whether starting over is the only way on. */
export function describeError(err: HouseApiError): { title: string; text: string; fatal: boolean } {
  switch (err.code) {
    case 'insufficient_balance':
      return {
        title: 'Insufficient balance',
        text: `Your balance${err.balance === null ? '' : ` of ${money(err.balance)}`} does not cover this bet. Lower the bet or make a deposit.`,
        fatal: false,
      };
    case 'validation_failed':
      return { title: 'Bet not accepted', text: 'This bet is not allowed. Check the amount and try again.', fatal: false };
    case 'not_logged_in':
      return { title: 'Session not valid', text: 'This game session is not valid. Close the game and start it again from the lobby.', fatal: true };
    case 'session_expired':
      return { title: 'Session ended', text: 'This game session has ended. Close the game and start it again from the lobby.', fatal: true };
    case 'maintenance':
    case 'game_maintenance':
      return { title: 'Under maintenance', text: 'The game is under maintenance. Please come back a little later.', fatal: true };
    case 'rate_limited':
      return { title: 'Slow down', text: 'Too many rounds in a short time. Wait a moment, then play on.', fatal: false };
    default:
      return { title: 'Something went wrong', text: err.message, fatal: false };
  }
}
