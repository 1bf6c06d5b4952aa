import type { TBaccaratBet } from '@playhall/contract/house-rules/baccarat';
import { STAKES } from '@playhall/contract/stakes';

/**
 * What the baccarat page needs to show a coup (@playhall/contract/house-rules/baccarat.ts decides it):
 * the bets, their payouts for the table's labels, and a card's baccarat value for the running totals.
 */

/** The main row of spots, left to right. */
export const BETS = ['playerPair', 'player', 'tie', 'banker', 'bankerPair'] as const;
/** The side bets' row (issue 21), left to right. */
export const SIDE_BETS = ['eitherPair', 'perfectPair', 'playerBonus', 'lucky6', 'bankerBonus', 'small', 'big'] as const;
export type TBet = TBaccaratBet;

/** Chip values in the site's currency, minor units. */
export const CHIPS: readonly number[] = STAKES.baccaratChips;

export type TResult = 'player' | 'banker' | 'tie';

/** The play answer's detail for a coup. Cards are rank + suit: "Ts" is the ten of spades. */
export interface TBaccaratDetail {
  player: string[];
  banker: string[];
  playerTotal: number;
  bankerTotal: number;
  result: TResult;
  playerPair: boolean;
  bankerPair: boolean;
  bets: { bet: TBet; stake: number; payout: number; outcome: 'win' | 'lose' | 'push' }[];
}

/** A card's baccarat value: ace 1, two to nine at face value, tens and court cards 0. */
export function cardValue(card: string): number {
  const rank = card[0] ?? '';
  if (rank === 'A') return 1;
  const n = Number(rank);
  return Number.isInteger(n) && n >= 2 && n <= 9 ? n : 0;
}

/** A hand's total: the sum of its values, last digit. */
export const handTotal = (cards: readonly string[]): number => cards.reduce((sum, c) => sum + cardValue(c), 0) % 10;

/** The order cards come out of the shoe: Player, Banker, Player, Banker, then the third cards. */
export function dealOrder(detail: Pick<TBaccaratDetail, 'player' | 'banker'>): { hand: 'player' | 'banker'; card: string; index: number }[] {
  const order: { hand: 'player' | 'banker'; card: string; index: number }[] = [];
  for (let i = 0; i < 2; i += 1) {
    order.push({ hand: 'player', card: detail.player[i] ?? '', index: i });
    order.push({ hand: 'banker', card: detail.banker[i] ?? '', index: i });
  }
  if (detail.player[2]) order.push({ hand: 'player', card: detail.player[2], index: 2 });
  if (detail.banker[2]) order.push({ hand: 'banker', card: detail.banker[2], index: 2 });
  return order;
}
