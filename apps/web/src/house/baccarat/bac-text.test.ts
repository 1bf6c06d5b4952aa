import { describe, expect, it } from 'vitest';
import { BAC_TEXTS, bacText } from './bac-text.ts';

describe('baccarat texts', () => {
  it('has every key in every language, none empty', () => {
    const keys = Object.keys(BAC_TEXTS.EN).sort();
    for (const [lang, dict] of Object.entries(BAC_TEXTS)) {
      expect(Object.keys(dict).sort(), lang).toEqual(keys);
      for (const [key, text] of Object.entries(dict)) expect(text.trim(), `${lang}.${key}`).not.toBe('');
    }
  });

  it('speaks the player’s words: 庄/闲/和, Nhà cái/Người chơi/Hòa', () => {
    expect(['banker', 'player', 'tie'].map((k) => bacText('CN')(k as 'tie'))).toEqual(['庄', '闲', '和']);
    expect(['banker', 'player', 'tie'].map((k) => bacText('VI')(k as 'tie'))).toEqual(['Nhà cái', 'Người chơi', 'Hòa']);
  });
});
