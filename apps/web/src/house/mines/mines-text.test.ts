import { describe, expect, it } from 'vitest';
import { MINES_TEXTS, minesText } from './mines-text.ts';

describe('mines texts', () => {
  it('has every key in every language, none empty', () => {
    const keys = Object.keys(MINES_TEXTS.EN).sort();
    for (const lang of ['MY', 'CN', 'VI'] as const) {
      expect(Object.keys(MINES_TEXTS[lang]).sort()).toEqual(keys);
      for (const k of keys) expect(MINES_TEXTS[lang][k as keyof typeof MINES_TEXTS.EN].trim()).not.toBe('');
    }
  });
  it('fills in amounts', () => {
    expect(minesText('VI')('cashOut', { amount: '1.00' })).toBe('Rút 1.00');
  });
});
