import { describe, expect, it } from 'vitest';
import { formatRtp, SHELL_TEXTS, shellText } from './shell-text.ts';

describe('the shell speaks four languages', () => {
  const keys = Object.keys(SHELL_TEXTS.EN).sort();
  it.each(['MY', 'CN', 'VI'] as const)('%s has every key of EN, none empty, the same placeholders', (lang) => {
    const dict = SHELL_TEXTS[lang];
    expect(Object.keys(dict).sort()).toEqual(keys);
    for (const key of keys) {
      const text = dict[key as keyof typeof dict];
      expect(text.trim(), `${lang} ${key}`).not.toBe('');
      const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(holes(text), `${lang} ${key}`).toEqual(holes(SHELL_TEXTS.EN[key as keyof typeof dict]));
    }
  });

  it('reads the launch language, English for the rest, and fills placeholders', () => {
    expect(shellText('vi')('rotate')).toBe('Đổi seed');
    expect(shellText('CN')('balance')).toBe('余额');
    expect(shellText('TH')('balance')).toBe('Balance');
    expect(shellText('EN')('rtp', { rtp: formatRtp(0.9602) })).toBe('Return to player: 96.02 %');
    expect(formatRtp(0.96, 'vi-VN')).toBe('96,00 %');
  });
});
