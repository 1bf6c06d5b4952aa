import { describe, expect, it } from 'vitest';
import { BAUCUA_TEXTS } from '../baucua/baucua-text.ts';
import { TABLE_TEXTS } from './table-text.ts';
import { XOCDIA_TEXTS } from './xocdia-text.ts';
import { oddsOf } from './xocdia-page.ts';

describe('xóc đĩa and bầu cua pages speak four languages', () => {
  for (const [name, dict] of [['table', TABLE_TEXTS], ['xóc đĩa', XOCDIA_TEXTS], ['bầu cua', BAUCUA_TEXTS]] as const) {
    it(`${name}: every language has every key, none empty, with the same {placeholders}`, () => {
      const keys = Object.keys(dict.EN).sort();
      for (const lang of ['MY', 'CN', 'VI'] as const) {
        const d = dict[lang] as Record<string, string>;
        expect(Object.keys(d).sort(), lang).toEqual(keys);
        for (const key of keys) {
          expect(d[key]?.trim(), `${lang}.${key}`).toBeTruthy();
          const vars = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
          expect(vars(d[key] ?? ''), `${lang}.${key}`).toEqual(vars((dict.EN as Record<string, string>)[key] ?? ''));
        }
      }
    });
  }

  it('uses the words Vietnamese players use and Burmese script', () => {
    expect([XOCDIA_TEXTS.VI.chan, XOCDIA_TEXTS.VI.le, XOCDIA_TEXTS.VI.red4, XOCDIA_TEXTS.VI.white3]).toEqual(['Chẵn', 'Lẻ', '4 đỏ', '3 trắng 1 đỏ']);
    expect(TABLE_TEXTS.VI.placeBet).toBe('Đặt cược');
    expect(TABLE_TEXTS.VI.banker).toBe('Nhà cái');
    expect([BAUCUA_TEXTS.VI.bau, BAUCUA_TEXTS.VI.cua, BAUCUA_TEXTS.VI.tom, BAUCUA_TEXTS.VI.ca, BAUCUA_TEXTS.VI.ga, BAUCUA_TEXTS.VI.nai]).toEqual(['Bầu', 'Cua', 'Tôm', 'Cá', 'Gà', 'Nai']);
    expect(TABLE_TEXTS.CN.banker).toBe('庄家');
    expect(TABLE_TEXTS.MY.placeBet).toMatch(/[\u1000-\u109f]/);
  });

  it('prints the odds from the rules', () => {
    expect(oddsOf('chan')).toBe('0.96 : 1');
    expect(oddsOf('red4')).toBe('14.5 : 1');
    expect(oddsOf('white3')).toBe('2.9 : 1');
    expect(oddsOf('le', 'vi-VN')).toBe('0,96 : 1');
  });
});
