import { describe, expect, it } from 'vitest';
import { DICE_TEXTS } from './dice-text.ts';

const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the Dice Duel page speaks four languages', () => {
  const keys = Object.keys(DICE_TEXTS.EN).sort();
  it.each(['MY', 'CN', 'VI'] as const)('%s has every key of EN with the same placeholders', (lang) => {
    expect(Object.keys(DICE_TEXTS[lang]).sort()).toEqual(keys);
    for (const key of keys) {
      const text = DICE_TEXTS[lang][key as keyof (typeof DICE_TEXTS)['EN']];
      expect(text.trim(), `${lang} ${key}`).not.toBe('');
      expect(holes(text), `${lang} ${key}`).toEqual(holes(DICE_TEXTS.EN[key as keyof (typeof DICE_TEXTS)['EN']]));
    }
  });
});
