import { describe, expect, it } from 'vitest';
import { SICBO_KEYS, SICBO_TEXTS } from './sicbo-text.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('sic bo page texts', () => {
  it('has every key in EN, MY, CN and VI, none empty, with the same placeholders as English', () => {
    for (const [lang, dictionary] of Object.entries(SICBO_TEXTS)) {
      expect(Object.keys(dictionary).sort(), lang).toEqual([...SICBO_KEYS].sort());
      for (const key of SICBO_KEYS) {
        expect(dictionary[key].trim(), `${lang}.${key}`).not.toBe('');
        expect(placeholders(dictionary[key]), `${lang}.${key}`).toEqual(placeholders(SICBO_TEXTS.EN[key]));
      }
    }
  });

  it('speaks the players’ words: 大/小, 围骰, 全围; tài/xỉu, bộ ba', () => {
    expect([SICBO_TEXTS.CN.big, SICBO_TEXTS.CN.small, SICBO_TEXTS.CN.triple, SICBO_TEXTS.CN.anyTriple]).toEqual(['大', '小', '围骰', '全围']);
    expect([SICBO_TEXTS.VI.big, SICBO_TEXTS.VI.small, SICBO_TEXTS.VI.triple]).toEqual(['Tài', 'Xỉu', 'Bộ ba']);
  });
});
