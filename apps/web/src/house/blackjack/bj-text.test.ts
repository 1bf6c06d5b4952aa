import { describe, expect, it } from 'vitest';
import { BJ_TEXTS, bjText } from './bj-text.ts';

describe('blackjack texts', () => {
  it('has every key in every language, none empty', () => {
    const keys = Object.keys(BJ_TEXTS.EN).sort();
    for (const lang of ['MY', 'CN', 'VI'] as const) {
      expect(Object.keys(BJ_TEXTS[lang]).sort()).toEqual(keys);
      for (const k of keys) expect(BJ_TEXTS[lang][k as keyof typeof BJ_TEXTS.EN].trim()).not.toBe('');
    }
  });
  it('speaks the players’ words and fills in numbers', () => {
    expect(bjText('VI')('dealer')).toBe('Nhà cái');
    expect(bjText('CN')('dealer')).toBe('庄家');
    expect(bjText('EN')('hand', { n: 2 })).toBe('Hand 2');
  });
});
