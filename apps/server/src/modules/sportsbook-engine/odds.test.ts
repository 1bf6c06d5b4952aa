import { describe, expect, it } from 'vitest';
import { formatOdds, formatPriceProblem, fromFormat, MAX_ODDS, MIN_ODDS, toFormat, type TOddsFormat } from './odds.ts';

describe('odds formats', () => {
  // decimal → [Hong Kong, Malay, Indonesian] as shown, worked by hand from H = decimal − 1.
  const SHOWN: [number, string, string, string][] = [
    [1950, '0.95', '0.95', '-1.05'], // −1 / 0.95 = −1.0526
    [2000, '1.00', '1.00', '1.00'],
    [2500, '1.50', '-0.67', '1.50'], // −1 / 1.5 = −0.6667
    [1500, '0.50', '0.50', '-2.00'],
    [1800, '0.80', '0.80', '-1.25'],
    [3000, '2.00', '-0.50', '2.00'],
    [1010, '0.01', '0.01', '-100.00'],
    [1955, '0.96', '0.96', '-1.05'], // 0.955 rounds half away from zero; −1.0471
    [11_000, '10.00', '-0.10', '10.00'],
  ];
  it.each(SHOWN)('%i shows as HK %s, Malay %s, Indonesian %s', (odds, hk, malay, indo) => {
    expect([formatOdds(odds, 'hongKong'), formatOdds(odds, 'malay'), formatOdds(odds, 'indonesian')]).toEqual([hk, malay, indo]);
  });

  it('shows decimal as stored, with three decimals', () => {
    expect(formatOdds(1950, 'decimal')).toBe('1.950');
    expect(formatOdds(12_005, 'decimal')).toBe('12.005');
  });

  it('converts to signed thousandths and back for known prices', () => {
    expect(toFormat(2500, 'malay')).toBe(-667);
    expect(fromFormat(-667, 'malay')).toBe(2499); // 1 + 1 / 0.667 = 2.4993: Malay thousandths are coarser above 2.000
    expect(toFormat(1950, 'indonesian')).toBe(-1053);
    expect(fromFormat(-1053, 'indonesian')).toBe(1950);
    expect(fromFormat(-850, 'malay')).toBe(2176); // 1 + 1 / 0.85 = 2.1765
    expect(fromFormat(-1000, 'malay')).toBe(2000);
    expect(fromFormat(1000, 'indonesian')).toBe(fromFormat(-1000, 'indonesian'));
  });

  it('every decimal from 1.001 to 30.000 survives HK and Indonesian both ways, and Malay up to 2.000', () => {
    for (let odds = MIN_ODDS; odds <= 30_000; odds += 1) {
      for (const format of ['decimal', 'hongKong', 'indonesian'] as const) expect(fromFormat(toFormat(odds, format), format)).toBe(odds);
      if (odds <= 2000) expect(fromFormat(toFormat(odds, 'malay'), 'malay')).toBe(odds);
    }
  });

  it('every Malay price survives Malay → decimal → Malay; a decimal above 2.000 moves by less than its Malay step', () => {
    // From −0.999: −1.000 is 2.000, written +1.000; −0.001 stands for 1001.000, above the highest price.
    for (let price = -999; price <= 1000; price += 1) {
      if (price === 0 || price === -1) continue;
      expect(toFormat(fromFormat(price, 'malay'), 'malay')).toBe(price);
    }
    for (let odds = 2001; odds <= 30_000; odds += 1) {
      const back = fromFormat(toFormat(odds, 'malay'), 'malay');
      const h = odds - 1000;
      // Malay thousandths off by ≤ ½ move H by ≤ ½H² / (10^6 − ½H), then H is rounded (½).
      expect(Math.abs(back - odds)).toBeLessThanOrEqual((h * h) / 2 / (1_000_000 - h / 2) + 0.5);
      expect(toFormat(back, 'malay')).toBe(toFormat(odds, 'malay'));
    }
  });

  it('refuses prices outside each format', () => {
    const bad: [number, TOddsFormat][] = [[1000, 'decimal'], [MAX_ODDS + 1, 'decimal'], [1950.5, 'decimal'], [0, 'hongKong'], [-5, 'hongKong'], [0, 'malay'], [1001, 'malay'], [-1001, 'malay'], [999, 'indonesian'], [-999, 'indonesian']];
    for (const [price, format] of bad) {
      expect(formatPriceProblem(price, format), `${price} ${format}`).not.toBeNull();
      expect(() => fromFormat(price, format)).toThrow(RangeError);
    }
    expect(() => toFormat(1000, 'malay')).toThrow(/between/);
    expect(() => fromFormat(-1, 'malay')).toThrow(/between/); // 1001.000
  });
});
