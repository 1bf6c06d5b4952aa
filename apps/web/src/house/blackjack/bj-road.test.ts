import { describe, expect, it } from 'vitest';
import type { TBlackjackHandView, THandResult } from '@playhall/contract/house-rules/blackjack';
import { roadMark } from './bj-road.ts';

const hand = (result: THandResult, stake: number, payout: number): TBlackjackHandView => ({ cards: [], stake, total: 0, soft: false, doubled: false, split: false, done: true, result, payout });
const round = (...hands: TBlackjackHandView[]) => ({ hands, staked: hands.reduce((s, x) => s + x.stake, 0), payout: hands.reduce((s, x) => s + x.payout, 0) });

describe('blackjack results road', () => {
  it('marks a natural as blackjack, else the round by its net over every hand', () => {
    expect(roadMark(round(hand('blackjack', 100, 250)))).toBe('blackjack');
    expect(roadMark(round(hand('win', 200, 400)))).toBe('win');
    expect(roadMark(round(hand('bust', 100, 0)))).toBe('lose');
    // A natural against the dealer's blackjack is a push; a split won on one hand and lost on the other is even.
    expect(roadMark(round(hand('push', 100, 100)))).toBe('push');
    expect(roadMark(round(hand('win', 100, 200), hand('lose', 100, 0)))).toBe('push');
    expect(roadMark(round(hand('win', 200, 400), hand('bust', 100, 0)))).toBe('win');
    expect(roadMark(round(hand('lose', 100, 0), hand('push', 100, 100)))).toBe('lose');
  });
});
