import { describe, expect, it } from 'vitest';
import { DT_TEXTS, dtText } from './dt-text.ts';

describe('dragon tiger texts', () => {
  it('has every key in every language, none empty', () => {
    const keys = Object.keys(DT_TEXTS.EN).sort();
    for (const [lang, dict] of Object.entries(DT_TEXTS)) {
      expect(Object.keys(dict).sort(), lang).toEqual(keys);
      for (const [key, text] of Object.entries(dict)) expect(text.trim(), `${lang}.${key}`).not.toBe('');
    }
  });

  it('speaks the launch language and fills in the values', () => {
    expect(dtText('CN')('dragon')).toBe('龙');
    expect(dtText('vi')('tiger')).toBe('Hổ');
    expect(dtText('XX')('hintPaid', { payout: '2.00', stake: '1.00' })).toBe('Paid 2.00 on bets of 1.00.');
  });
});
