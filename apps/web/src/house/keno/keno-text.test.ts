import { describe, expect, it } from 'vitest';
import { KENO_KEYS, KENO_TEXTS, kenoText } from './keno-text.ts';

describe('keno texts', () => {
  it('has every key in every language, none empty, with the same placeholders', () => {
    for (const [lang, dict] of Object.entries(KENO_TEXTS)) {
      expect(Object.keys(dict).sort(), lang).toEqual([...KENO_KEYS].sort());
      for (const key of KENO_KEYS) {
        expect(dict[key].trim(), `${lang}.${key}`).not.toBe('');
        const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(names(dict[key]), `${lang}.${key}`).toEqual(names(KENO_TEXTS.EN[key]));
      }
    }
  });

  it('speaks the launch language and fills in values', () => {
    expect(kenoText('VI')('quickPick')).toBe('Chọn nhanh');
    expect(kenoText('cn')('play')).toBe('开奖');
    expect(kenoText('XX')('hintWin', { hits: 3, paid: '4.00' })).toBe('3 hits: paid 4.00.');
  });
});
