import { describe, expect, it } from 'vitest';
import { pseudoText } from './pseudo-locale.ts';

describe('the pseudo-locale', () => {
  it('accents letters, keeps figures and punctuation, pads by a third and brackets the text', () => {
    expect(pseudoText('Deposit 100.00')).toBe('⟦Ðéþöšíŧ 100.00·····⟧');
    expect(pseudoText('Số dư')).toBe('⟦Šố ðư··⟧');
    expect(pseudoText('')).toBe('');
  });
});
