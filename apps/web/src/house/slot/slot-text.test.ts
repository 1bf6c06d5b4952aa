import { describe, expect, it } from 'vitest';
import { SLOT_CONFIGS } from '@playhall/contract/house-rules/slots/index';
import { SYMBOLS as LUCKY_CROWN_SYMBOLS } from './slot-rules.ts';
import { SLOT_TEXTS, type TSlotKey } from './slot-text.ts';

const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const RANKS = new Set(['A', 'K', 'Q', 'J', '10']);

describe('the slot page speaks four languages', () => {
  const keys = Object.keys(SLOT_TEXTS.EN).sort() as TSlotKey[];
  it.each(['MY', 'CN', 'VI'] as const)('%s has every key of EN, non-empty, with the same placeholders', (lang) => {
    expect(Object.keys(SLOT_TEXTS[lang]).sort()).toEqual(keys);
    for (const key of keys) {
      const text = SLOT_TEXTS[lang][key];
      expect(text.trim(), `${lang} ${key}`).not.toBe('');
      expect(holes(text), `${lang} ${key}`).toEqual(holes(SLOT_TEXTS.EN[key]));
    }
  });

  it('names every symbol of every title (card ranks read as themselves) and every volatility', () => {
    const symbols = [...SLOT_CONFIGS.flatMap((c) => c.symbols.map((s) => s.id)), ...LUCKY_CROWN_SYMBOLS];
    for (const id of symbols) if (!RANKS.has(id)) expect(SLOT_TEXTS.EN, id).toHaveProperty([`sym.${id}`]);
    for (const c of SLOT_CONFIGS) expect(SLOT_TEXTS.EN, c.volatility).toHaveProperty([`vol.${c.volatility}`]);
  });
});
