import { describe, expect, it } from 'vitest';
import { FairStream } from './fair.ts';
import { MAX_STAKE } from './house-game.ts';
import { LUCKY_CROWN, lineWin, luckyCrown, PAYLINES, Slot, slotGame, SYMBOLS, type SlotConfig } from './slot.ts';
import { fastSource, scriptedSource, wordFor } from './test-support.ts';

const SEEDS = { serverSeed: '0123456789abcdef'.repeat(4), clientSeed: 'playhall', nonce: 1 };
const line = (letters: string): number[] => Array.from(letters, (l) => SYMBOLS.indexOf(l as never));
const win = (letters: string): [number, string, number] => {
  const [pay, symbol, count] = lineWin(LUCKY_CROWN, line(letters));
  return [pay, SYMBOLS[symbol] as string, count];
};

describe('slot rules', () => {
  it('has 5 reels of at most 40 stops, 20 distinct paylines and the symbols it pays', () => {
    expect(luckyCrown.reelLengths).toEqual([33, 33, 33, 33, 33]);
    expect(new Set(PAYLINES.map((l) => l.join())).size).toBe(20);
    for (const strip of LUCKY_CROWN.reels) expect(strip).toMatch(/^[WSCDBAKQJ]+$/);
  });

  it('pays 3, 4 or 5 of a kind left to right', () => {
    expect(win('CCCJK')).toEqual([15, 'C', 3]);
    expect(win('CCCCJ')).toEqual([40, 'C', 4]);
    expect(win('JJJJJ')).toEqual([20, 'J', 5]);
    expect(win('CCJCC')[0]).toBe(0);
    expect(win('KCCCC')[0]).toBe(0);
  });

  it('lets the wild stand for any symbol but the scatter, and pays the better of the wild run and the substituted run', () => {
    expect(win('WCCJK')).toEqual([15, 'C', 3]);
    expect(win('CWCWC')).toEqual([120, 'C', 5]);
    expect(win('WWWCK')).toEqual([40, 'C', 4]);
    expect(win('WWWKQ')).toEqual([20, 'W', 3]);
    expect(win('WWWWW')).toEqual([500, 'W', 5]);
    expect(win('WWWWS')).toEqual([100, 'W', 4]);
    expect(win('WSCCC')[0]).toBe(0);
  });

  it('never pays a line that starts with or is broken by a scatter', () => {
    expect(win('SSSSS')[0]).toBe(0);
    expect(win('CCSCC')[0]).toBe(0);
  });

  it('pays scatters anywhere in total bets and lines in line bets', () => {
    // Stops chosen so that every reel shows its scatter: reel strips hold one S each.
    const stops = LUCKY_CROWN.reels.map((strip) => strip.indexOf('S'));
    const wins = { lines: [], scatters: 0 };
    const units = luckyCrown.evaluate(stops, wins);
    expect(wins.scatters).toBe(5);
    expect(units).toBe(100 * 20);
  });

  it('plays a fixed round from the fair stream: stake 20 × bet per line, payout from the screen', () => {
    const first = slotGame.play({ betPerLine: 5 }, new FairStream(SEEDS));
    const again = slotGame.play({ betPerLine: 5 }, new FairStream(SEEDS));
    expect(again).toEqual(first);
    expect(first.stake).toBe(100);
    expect(first.validBet).toBe(100);
    expect(first.detail.grid).toHaveLength(3);
    // Pinned: the stops the seeds give, the screen and its wins.
    expect(first).toMatchInlineSnapshot(`
      {
        "detail": {
          "betPerLine": 5,
          "grid": [
            "KJKJA",
            "QDJKS",
            "JQQSK",
          ],
          "lineWins": [
            {
              "count": 3,
              "line": 8,
              "multiplier": 6,
              "symbol": "Q",
            },
          ],
          "scatter": {
            "count": 2,
            "multiplier": 0,
          },
          "stops": [
            20,
            13,
            27,
            21,
            12,
          ],
        },
        "payout": 30,
        "stake": 100,
        "validBet": 100,
      }
    `);
  });

  it('lists wins that add up to the payout, in every spin (10,000 spins)', () => {
    const source = fastSource();
    const broken: unknown[] = [];
    for (let i = 0; i < 10_000; i += 1) {
      const { payout, detail } = luckyCrown.spin(source, { betPerLine: 3 });
      const lines = detail.lineWins.reduce((s, w) => s + w.multiplier, 0);
      if (payout !== (lines + detail.scatter.multiplier * 20) * 3 || payout < 0) broken.push(detail);
    }
    expect(broken).toEqual([]);
  });

  it('draws one uniform stop per reel and nothing else', () => {
    const source = scriptedSource([0, 1, 2, 3, 4].map((k) => wordFor(k, 33)));
    const { detail } = luckyCrown.spin(source, { betPerLine: 1 });
    expect(detail.stops).toEqual([0, 1, 2, 3, 4]);
    expect(detail.grid[0]).toBe(LUCKY_CROWN.reels.map((strip, reel) => strip[reel]).join(''));
    expect(source.left()).toBe(0);
  });

  it('refuses bets that are not whole minor units within the limit', () => {
    for (const betPerLine of [0, -5, 1.5, Number.NaN, MAX_STAKE]) {
      expect(() => slotGame.play({ betPerLine }, new FairStream(SEEDS))).toThrow(/bet/);
    }
    expect(() => slotGame.play({ betPerLine: MAX_STAKE / 20 }, new FairStream(SEEDS))).not.toThrow();
  });
});

describe('slot RTP', () => {
  it('computes the same RTP by the per-reel formula as by enumerating every stop combination (small strips)', () => {
    const small: SlotConfig = { ...LUCKY_CROWN, reels: ['SSWCAKQJ', 'SWDBKQJ', 'CDWSJAK', 'QJKAWSB', 'JQKSCWD'] };
    const slot = new Slot(small);
    const lengths = slot.reelLengths;
    let units = 0n;
    const stops = [0, 0, 0, 0, 0];
    const visit = (reel: number): void => {
      if (reel === 5) {
        units += BigInt(slot.evaluate(stops));
        return;
      }
      for (let s = 0; s < (lengths[reel] as number); s += 1) {
        stops[reel] = s;
        visit(reel + 1);
      }
    };
    visit(0);
    const combos = lengths.reduce((a, b) => a * BigInt(b), 1n);
    const { total } = slot.theoreticalRtp();
    // RTP = E[units] / 20 lines.
    expect(units * total.denominator).toBe(20n * combos * total.numerator);
  });

  it('is tuned to the 96 % default', () => {
    const { total, lines, scatter } = luckyCrown.theoreticalRtp();
    expect(total.value).toBeGreaterThan(0.9595);
    expect(total.value).toBeLessThan(0.9605);
    expect(lines.value + scatter.value).toBeCloseTo(total.value, 10);
  });

  it('lands 10,000,000 simulated spins within the 99 % bound of the exact RTP, printing hit frequency and volatility', () => {
    const theory = luckyCrown.theoreticalRtp().total.value;
    const source = fastSource('4c75636b7943726f776e2d3130304d21');
    const spins = 10_000_000;
    const stops = [0, 0, 0, 0, 0];
    let units = 0;
    let squares = 0;
    let hits = 0;
    for (let i = 0; i < spins; i += 1) {
      const won = luckyCrown.evaluate(luckyCrown.drawStops(source, stops));
      units += won;
      squares += won * won;
      if (won > 0) hits += 1;
    }
    // A spin returns won / 20 of its total bet (20 lines, units of the line bet).
    const measured = units / (20 * spins);
    const sigma = Math.sqrt(squares / (400 * spins) - measured * measured);
    const bound = (2.576 * sigma) / Math.sqrt(spins);
    // eslint-disable-next-line no-console -- the issue asks for the figures to be printed
    console.log(
      `Lucky Crown: RTP ${(measured * 100).toFixed(3)} % (exact ${(theory * 100).toFixed(4)} %, bound ±${(bound * 100).toFixed(3)}), hit ${((hits / spins) * 100).toFixed(1)} %, volatility σ ${sigma.toFixed(2)}, ${spins} spins (seed ${source.seedHex})`,
    );
    expect(Math.abs(measured - theory)).toBeLessThanOrEqual(bound);
  }, 120_000);

  it('gives the same RTP on the real fair stream, one nonce per spin (50,000 spins, within 4.5 standard errors)', () => {
    const theory = luckyCrown.theoreticalRtp().total.value;
    const spins = 50_000;
    let units = 0;
    for (let nonce = 0; nonce < spins; nonce += 1) {
      units += luckyCrown.evaluate(luckyCrown.drawStops(new FairStream({ ...SEEDS, clientSeed: 'rtp-check', nonce })));
    }
    const measured = units / (20 * spins);
    // A spin's return has a standard deviation of 1.249 total bets (see LUCKY_CROWN).
    const tolerance = (4.5 * 1.249) / Math.sqrt(spins);
    // eslint-disable-next-line no-console -- as above
    console.log(`slot RTP on the fair stream: theoretical ${(theory * 100).toFixed(4)} %, simulated ${(measured * 100).toFixed(4)} % over ${spins} spins (±${(tolerance * 100).toFixed(2)})`);
    expect(Math.abs(measured - theory)).toBeLessThan(tolerance);
  }, 60_000);
});
