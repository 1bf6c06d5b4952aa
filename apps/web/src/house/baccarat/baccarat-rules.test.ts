import { describe, expect, it } from 'vitest';
import { cardValue, dealOrder, handTotal } from './baccarat-rules.ts';

describe('baccarat page rules', () => {
  it('values cards as baccarat does', () => {
    expect(['As', '2h', '9d', 'Tc', 'Js', 'Qh', 'Kd'].map(cardValue)).toEqual([1, 2, 9, 0, 0, 0, 0]);
    expect(handTotal(['9s', '8h'])).toBe(7);
    expect(handTotal(['Ks', 'Th', '5d'])).toBe(5);
  });

  it('deals player, banker, player, banker, then the third cards', () => {
    const order = dealOrder({ player: ['As', '2s', '3s'], banker: ['Kh', 'Qh', '4h'] });
    expect(order.map((o) => o.card)).toEqual(['As', 'Kh', '2s', 'Qh', '3s', '4h']);
    expect(dealOrder({ player: ['As', '2s'], banker: ['Kh', 'Qh', '4h'] }).map((o) => o.hand)).toEqual(['player', 'banker', 'player', 'banker', 'banker']);
  });
});
