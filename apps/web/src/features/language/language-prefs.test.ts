// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { initialLanguage, parseHistory, persistLanguage, pushHistory, readLanguage } from './language-prefs.ts';

describe('language preferences', () => {
  it('reads a known code or falls back to MY', () => {
    expect(readLanguage(null)).toBe('MY');
    expect(readLanguage('xx')).toBe('MY');
    expect(readLanguage('vi')).toBe('VI');
    expect(readLanguage('AR')).toBe('AR');
  });

  it('keeps the history most recent first without repeats', () => {
    expect(pushHistory(['EN', 'MY'], 'MY')).toEqual(['MY', 'EN']);
    expect(pushHistory([], 'CN')).toEqual(['CN']);
    expect(parseHistory('["EN","zz","en","VI"]')).toEqual(['EN', 'VI']);
    expect(parseHistory('not json')).toEqual([]);
    expect(parseHistory('{"a":1}')).toEqual([]);
  });

  it('persists lang and hisLang in localStorage', () => {
    localStorage.clear();
    persistLanguage('EN');
    persistLanguage('VI');
    expect(localStorage.getItem('lang')).toBe('VI');
    expect(JSON.parse(localStorage.getItem('hisLang') ?? '[]')).toEqual(['VI', 'EN']);
    expect(initialLanguage()).toBe('VI');
  });
});
