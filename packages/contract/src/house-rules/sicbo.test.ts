import { describe, expect, it } from 'vitest';
import { titleOfEngine } from './catalog.ts';
import {
  rollDie, SICBO_LIMITS, SICBO_MAX_TOTAL, sicboGame, sicboReturn, sicboRtp, sicboSelections, sicboWinningThrows, type TSicboBet, type TSicboBetType,
} from './sicbo.ts';
import { refusalOf, replayThroughRegistry } from './round-test-support.ts';
import { fastSource, scriptedSource, wordFor } from './test-support.ts';

const MIN = SICBO_LIMITS.small.min;
const dice = (a: number, b: number, c: number) => scriptedSource([wordFor(a - 1, 6), wordFor(b - 1, 6), wordFor(c - 1, 6)]);
const play = (bets: TSicboBet[], thrown: [number, number, number]) => {
  const source = dice(...thrown);
  const out = sicboGame.play({ bets }, source);
  expect(source.left()).toBe(0);
  return out;
};
const refusal = (bets: unknown): string => refusalOf(sicboGame, { bets });
/** Payout of one minimum bet on a throw. */
const pays = (type: TSicboBetType, selection: number | number[] | undefined, thrown: [number, number, number]) =>
  play([{ type, amount: MIN, ...(selection === undefined ? {} : { selection }) }], thrown).payout / MIN;

describe('sic bo rounds', () => {
  it('reads the three dice from the stream, each 1 + uniformInt(6)', () => {
    expect(play([{ type: 'big', amount: MIN }], [6, 5, 1]).detail).toMatchObject({ dice: [6, 5, 1], total: 12, triple: false });
    expect(rollDie(scriptedSource([0xffffffff, wordFor(2, 6)]))).toBe(3);
  });

  it('big and small pay 1:1 by the total and lose on a triple', () => {
    expect(pays('small', undefined, [1, 2, 1])).toBe(2);
    expect(pays('small', undefined, [4, 4, 2])).toBe(2);
    expect(pays('small', undefined, [4, 4, 3])).toBe(0);
    expect(pays('small', undefined, [2, 2, 2])).toBe(0);
    expect(pays('big', undefined, [4, 4, 3])).toBe(2);
    expect(pays('big', undefined, [6, 6, 5])).toBe(2);
    expect(pays('big', undefined, [5, 5, 5])).toBe(0);
    expect(pays('big', undefined, [1, 2, 3])).toBe(0);
  });

  it('odd and even pay 1:1 by the total and lose on a triple', () => {
    expect(pays('odd', undefined, [1, 2, 4])).toBe(2);
    expect(pays('odd', undefined, [3, 3, 3])).toBe(0);
    expect(pays('even', undefined, [1, 2, 3])).toBe(2);
    expect(pays('even', undefined, [2, 2, 2])).toBe(0);
    expect(pays('even', undefined, [1, 2, 4])).toBe(0);
  });

  it('pays a specific triple 180:1, any triple 30:1, a specific double 10:1', () => {
    expect(pays('triple', 4, [4, 4, 4])).toBe(181);
    expect(pays('triple', 4, [5, 5, 5])).toBe(0);
    expect(pays('triple', 4, [4, 4, 1])).toBe(0);
    expect(pays('anyTriple', undefined, [1, 1, 1])).toBe(31);
    expect(pays('anyTriple', undefined, [1, 1, 2])).toBe(0);
    expect(pays('double', 2, [2, 5, 2])).toBe(11);
    expect(pays('double', 2, [2, 2, 2])).toBe(11);
    expect(pays('double', 2, [2, 5, 6])).toBe(0);
  });

  it('pays the totals by the standard table', () => {
    const table: [number, number, [number, number, number]][] = [
      [4, 60, [1, 1, 2]], [5, 30, [1, 2, 2]], [6, 17, [1, 2, 3]], [7, 12, [1, 2, 4]], [8, 8, [2, 2, 4]], [9, 6, [3, 3, 3]], [10, 6, [4, 4, 2]],
      [11, 6, [5, 5, 1]], [12, 6, [6, 5, 1]], [13, 8, [6, 6, 1]], [14, 12, [6, 6, 2]], [15, 17, [5, 5, 5]], [16, 30, [6, 6, 4]], [17, 60, [6, 6, 5]],
    ];
    for (const [total, toOne, thrown] of table) {
      expect(pays('total', total, thrown), `total ${total}`).toBe(toOne + 1);
      expect(pays('total', total, [6, 6, 6])).toBe(0);
    }
  });

  it('pays a two-dice combination 5:1 and a single 1, 2 or 3 : 1', () => {
    expect(pays('combo', [5, 2], [2, 3, 5])).toBe(6);
    expect(pays('combo', [2, 5], [2, 2, 5])).toBe(6);
    expect(pays('combo', [2, 5], [2, 2, 2])).toBe(0);
    expect(pays('single', 3, [3, 1, 2])).toBe(2);
    expect(pays('single', 3, [3, 3, 2])).toBe(3);
    expect(pays('single', 3, [3, 3, 3])).toBe(4);
    expect(pays('single', 3, [1, 1, 2])).toBe(0);
  });

  it('settles several bets on one throw; big with small is no turnover', () => {
    const out = play([
      { type: 'big', amount: 2 * MIN },
      { type: 'small', amount: MIN },
      { type: 'single', selection: 6, amount: MIN },
      { type: 'total', selection: 13, amount: MIN },
      { type: 'combo', selection: [1, 6], amount: MIN },
    ], [6, 6, 1]);
    expect(out.stake).toBe(6 * MIN);
    expect(out.payout).toBe(4 * MIN + 3 * MIN + 9 * MIN + 6 * MIN);
    expect(out.validBet).toBe(4 * MIN);
    expect(out.detail.bets.map((b) => b.win)).toEqual([true, false, true, true, true]);
  });

  it('refuses unknown bets, bad selections and stakes outside the limits', () => {
    expect(refusal([{ type: 'banker', amount: MIN }])).toBe('unknown_option');
    expect(refusal([{ type: 'triple', selection: 7, amount: MIN }])).toBe('unknown_option');
    expect(refusal([{ type: 'total', selection: 3, amount: MIN }])).toBe('unknown_option');
    expect(refusal([{ type: 'total', selection: 18, amount: MIN }])).toBe('unknown_option');
    expect(refusal([{ type: 'combo', selection: [2, 2], amount: MIN }])).toBe('unknown_option');
    expect(refusal([{ type: 'combo', selection: [2], amount: MIN }])).toBe('unknown_option');
    expect(refusal([{ type: 'big', selection: 1, amount: MIN }])).toBe('unknown_option');
    expect(refusal([{ type: 'big', amount: MIN - 1 }])).toBe('bad_amount');
    expect(refusal([{ type: 'triple', selection: 1, amount: SICBO_LIMITS.triple.max + 1 }])).toBe('bad_amount');
    expect(refusal([{ type: 'big', amount: SICBO_LIMITS.big.max }, { type: 'small', amount: SICBO_LIMITS.small.max }, { type: 'odd', amount: SICBO_LIMITS.odd.max }, { type: 'even', amount: SICBO_LIMITS.even.max }, { type: 'combo', selection: [1, 2], amount: SICBO_MAX_TOTAL - 4 * SICBO_LIMITS.big.max + 1 }])).toBe('bad_amount');
    expect(refusal([{ type: 'combo', selection: [1, 2], amount: MIN }, { type: 'combo', selection: [2, 1], amount: MIN }])).toBe('bad_input');
    expect(refusal([])).toBe('bad_input');
  });

  it('replays a round from its seeds through the registry', () => {
    const seeds = { serverSeed: 'cd'.repeat(32), clientSeed: 'client', nonce: 9 };
    const input = { bets: [{ type: 'big' as const, amount: MIN }, { type: 'combo' as const, selection: [3, 4], amount: MIN }] };
    expect(replayThroughRegistry(sicboGame, input, seeds)).toEqual({ commitMatches: true, outcomeMatches: true });
  });
});

/** Exact returns over the 216 throws, as numerators over 216. */
const EXACT: [TSicboBetType, number | number[] | null, number][] = [
  ['small', null, 210], ['big', null, 210], ['odd', null, 210], ['even', null, 210],
  ['triple', 6, 181], ['anyTriple', null, 186], ['double', 3, 176],
  ['total', 4, 183], ['total', 5, 186], ['total', 6, 180], ['total', 7, 195], ['total', 8, 189], ['total', 9, 175], ['total', 10, 189],
  ['total', 11, 189], ['total', 12, 175], ['total', 13, 189], ['total', 14, 195], ['total', 15, 180], ['total', 16, 186], ['total', 17, 183],
  ['combo', [1, 2], 180], ['single', 4, 199],
];

describe('sic bo return to player', () => {
  it('publishes exact returns from the 216 throws; big/small is the headline', () => {
    for (const [type, selection, numerator] of EXACT) {
      const r = sicboRtp(type, selection);
      expect(r.numerator * 216n, `${type} ${JSON.stringify(selection)}`).toBe(BigInt(numerator) * r.denominator);
    }
    // Every selection of a type returns the same.
    for (const type of ['triple', 'double', 'combo', 'single'] as const) {
      expect(new Set(sicboSelections(type).map((s) => sicboRtp(type, s).value)).size).toBe(1);
    }
    expect(sicboWinningThrows('big', null)).toBe(105);
    expect(titleOfEngine('HOUSE_SICBO')?.rtp).toBe(210 / 216);
  });

  it('simulates 1,000,000 throws: every bet type measured on the same dice, within the 99 % bound', () => {
    const source = fastSource('51cb0000decafbad0123456789abcdef');
    const N = 1_000_000;
    const sums = new Float64Array(EXACT.length);
    const squares = new Float64Array(EXACT.length);
    const hits = new Float64Array(EXACT.length);
    const started = performance.now();
    for (let i = 0; i < N; i += 1) {
      const a = rollDie(source), b = rollDie(source), c = rollDie(source);
      for (let j = 0; j < EXACT.length; j += 1) {
        const bet = EXACT[j] as (typeof EXACT)[number];
        const r = sicboReturn(bet[0], bet[1], a, b, c);
        if (r > 0) {
          sums[j] = (sums[j] as number) + r;
          squares[j] = (squares[j] as number) + r * r;
          hits[j] = (hits[j] as number) + 1;
        }
      }
    }
    const ms = performance.now() - started;
    EXACT.forEach(([type, selection, numerator], j) => {
      const rtp = (sums[j] as number) / N;
      const sd = Math.sqrt((squares[j] as number) / N - rtp * rtp);
      const bound = (2.576 * sd) / Math.sqrt(N);
      const exact = numerator / 216;
      // eslint-disable-next-line no-console -- the issue asks for the figures to be printed
      console.log(`sic bo ${type}${selection === null ? '' : ` ${JSON.stringify(selection)}`}: RTP ${(rtp * 100).toFixed(3)} % (published ${(exact * 100).toFixed(3)} %), hit ${(((hits[j] as number) / N) * 100).toFixed(3)} %, volatility ${sd.toFixed(3)}, bound ±${(bound * 100).toFixed(3)} %`);
      expect(Math.abs(rtp - exact), `${type} ${JSON.stringify(selection)}`).toBeLessThanOrEqual(bound);
    });
    // eslint-disable-next-line no-console -- the issue asks for the figures to be printed
    console.log(`sic bo simulation: ${N} throws × ${EXACT.length} bets in ${ms.toFixed(0)} ms`);
  });
});
