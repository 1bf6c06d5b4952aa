import { handTotal, MAX_HANDS, type BlackjackRound, type TBlackjackAction } from './blackjack.ts';

/**
 * Basic strategy for this table (six decks, dealer stands on soft 17, double on any two, double after split, no
 * surrender, peek): what the RTP simulation plays and what the published RTP assumes.
 */
const points = (card: number) => Math.min((card >> 2) + 1, 10);

export function basicStrategy(round: BlackjackRound): TBlackjackAction {
  const hand = round.hands[round.active];
  if (!hand) return 'stand';
  const up = points(round.dealer[0] as number); // 1 = ace
  const d = up === 1 ? 11 : up;
  const two = hand.cards.length === 2;
  if (two && round.hands.length < MAX_HANDS && points(hand.cards[0] as number) === points(hand.cards[1] as number)) {
    const p = points(hand.cards[0] as number);
    const split =
      p === 1 || p === 8 ||
      ((p === 2 || p === 3 || p === 7) && d <= 7) ||
      (p === 4 && (d === 5 || d === 6)) ||
      (p === 6 && d <= 6) ||
      (p === 9 && d !== 7 && d <= 9);
    if (split) return 'split';
  }
  const { total, soft } = handTotal(hand.cards);
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) {
      if (d >= 3 && d <= 6) return two ? 'double' : 'stand';
      return d <= 8 ? 'stand' : 'hit';
    }
    const lo = total === 17 ? 3 : total >= 15 ? 4 : 5;
    return two && d >= lo && d <= 6 ? 'double' : 'hit';
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return d <= 6 ? 'stand' : 'hit';
  if (total === 12) return d >= 4 && d <= 6 ? 'stand' : 'hit';
  if (total === 11) return d <= 10 && two ? 'double' : 'hit';
  if (total === 10) return d <= 9 && two ? 'double' : 'hit';
  if (total === 9) return d >= 3 && d <= 6 && two ? 'double' : 'hit';
  return 'hit';
}
