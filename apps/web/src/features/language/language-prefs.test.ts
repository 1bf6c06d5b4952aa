// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { chosenLanguage, parseHistory, persistLanguage, pushHistory } from './language-prefs.ts';

describe('language preferences', () => {
  it('reads a known code in any case, and nothing else', () => {
    localStorage.setItem('lang', 'vi');
    expect(chosenLanguage()).toBe('VI');
    localStorage.setItem('lang', 'AR');
    expect(chosenLanguage()).toBe('AR');
    localStorage.removeItem('lang');
    expect(chosenLanguage()).toBeNull();
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
    // A first visit has chosen nothing: it shows the merchant's default language.
    expect(chosenLanguage()).toBeNull();
    localStorage.setItem('lang', 'xx');
    expect(chosenLanguage()).toBeNull();
    persistLanguage('EN');
    persistLanguage('VI');
    expect(localStorage.getItem('lang')).toBe('VI');
    expect(JSON.parse(localStorage.getItem('hisLang') ?? '[]')).toEqual(['VI', 'EN']);
    expect(chosenLanguage()).toBe('VI');
  });
});
