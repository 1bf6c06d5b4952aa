/**
 * Why a house game refused a call (issue 23): the refusal's error value carries `{ reason }` (and the figures its
 * words need), so the game page says it in the player's language (apps/web/src/house/shared/messages.ts). The error's
 * code and HTTP status stay the catalogue's (`operation_not_allowed`, `conflict`, `duplicate_request`, `not_found`),
 * and its English message stays for logs and API readers. A page that meets a reason it does not know shows its
 * generic text.
 */
export const HOUSE_REFUSALS = [
  // The launch names a game this call does not play.
  'played_in_room',
  'not_hand_game',
  'no_bet_room',
  // Rounds and bets (crash, the betting rooms).
  'next_round_failed',
  'round_not_open',
  'round_passed',
  'betting_closed',
  'already_bet',
  'duplicate_bet',
  'stake_returned',
  // Crash cash-outs.
  'no_bet',
  'not_taken_off',
  'cash_out_min',
  'already_cashed_out',
  'bet_over',
  'too_late',
  // The dice room.
  'room_full',
  'round_started',
  'ante_returned',
  // The member banker seat of the betting rooms.
  'banker_cannot_bet',
  'bank_cannot_cover',
  'bank_returned',
  'banker_seat_yours',
  'banker_seat_taken',
  'banker_between_rounds',
  'banking_this_round',
  'not_banker',
  // Hands (blackjack, mines) and the seeds.
  'hand_open',
  'seed_hand_open',
  'hand_busy',
  'hand_changed',
  'seed_changed',
  'round_over',
  'no_round',
] as const;

export type THouseRefusal = (typeof HOUSE_REFUSALS)[number];
