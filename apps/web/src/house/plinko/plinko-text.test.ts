import { describe, expect, it } from 'vitest';
import { PLINKO_KEYS, PLINKO_TEXTS, plinkoText } from './plinko-text.ts';

describe('plinko texts', () => {
  it('has every key in every language, none empty, with the same placeholders', () => {
    for (const [lang, dict] of Object.entries(PLINKO_TEXTS)) {
      expect(Object.keys(dict).sort(), lang).toEqual([...PLINKO_KEYS].sort());
      for (const key of PLINKO_KEYS) {
        expect(dict[key].trim(), `${lang}.${key}`).not.toBe('');
        const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(names(dict[key]), `${lang}.${key}`).toEqual(names(PLINKO_TEXTS.EN[key]));
      }
    }
  });

  it('speaks the launch language and fills in values', () => {
    expect(plinkoText('VI')('high')).toBe('Cao');
    expect(plinkoText('cn')('drop')).toBe('投球');
    expect(plinkoText('XX')('hintWin', { mult: '2.00×', paid: '4.00' })).toBe('Landed on 2.00×: paid 4.00.');
  });
});
