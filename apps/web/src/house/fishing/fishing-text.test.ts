import { describe, expect, it } from 'vitest';
import { DRAGON_FISH, FISH } from './fishing-rules.ts';
import { FISHING_TEXTS, FISH_NAMES } from './fishing-text.ts';

const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the fishing page speaks four languages', () => {
  const keys = Object.keys(FISHING_TEXTS.EN).sort();
  it.each(['MY', 'CN', 'VI'] as const)('%s has every key of EN with the same placeholders, and every creature’s name', (lang) => {
    expect(Object.keys(FISHING_TEXTS[lang]).sort()).toEqual(keys);
    for (const key of keys) {
      const text = FISHING_TEXTS[lang][key as keyof (typeof FISHING_TEXTS)['EN']];
      expect(text.trim(), `${lang} ${key}`).not.toBe('');
      expect(holes(text), `${lang} ${key}`).toEqual(holes(FISHING_TEXTS.EN[key as keyof (typeof FISHING_TEXTS)['EN']]));
    }
    for (const fish of [...FISH, ...DRAGON_FISH]) expect(FISH_NAMES[lang][fish.code], `${lang} ${fish.code}`).toBeTruthy();
  });

  it('names every creature in English as the engine does', () => {
    for (const fish of [...FISH, ...DRAGON_FISH]) expect(FISH_NAMES.EN[fish.code]).toBe(fish.name);
  });
});
