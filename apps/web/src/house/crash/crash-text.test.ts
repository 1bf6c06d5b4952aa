import { describe, expect, it } from 'vitest';
import { CRASH_KEYS, CRASH_TEXTS, crashText } from './crash-text.ts';

describe('crash texts', () => {
  it('has every key in every language, none empty, with the same placeholders', () => {
    for (const [lang, dict] of Object.entries(CRASH_TEXTS)) {
      expect(Object.keys(dict).sort(), lang).toEqual([...CRASH_KEYS].sort());
      for (const key of CRASH_KEYS) {
        expect(dict[key].trim(), `${lang}.${key}`).not.toBe('');
        const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(names(dict[key]), `${lang}.${key}`).toEqual(names(CRASH_TEXTS.EN[key]));
      }
    }
  });

  it('speaks the launch language and fills in values', () => {
    expect(crashText('VI')('verify')).toBe('Kiểm tra');
    expect(crashText('cn')('placeBet')).toBe('下注');
    expect(crashText('XX')('crashed', { x: '2.00×' })).toBe('Crashed at 2.00×');
  });
});
