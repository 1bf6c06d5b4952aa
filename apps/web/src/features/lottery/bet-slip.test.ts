import { describe, expect, it } from 'vitest';
import type { TBetTypeConfig } from '@playhall/contract/calls/games';
import { betAmount, boardKind, sortBetTypes, boardNumbers, formatOdds, parseTypedNumbers, pickProblem, quickPick, slipTotal, stakeProblem } from './bet-slip.ts';

const cfg = (over: Partial<TBetTypeConfig>): TBetTypeConfig => ({
  code: 'lo2',
  name: 'Lô 2 số',
  digits: 2,
  minNumbers: 1,
  maxNumbers: 100,
  chargeMultiplier: 27,
  combo: false,
  oddsX1000: 99_000,
  minStake: 100,
  maxStake: 1_000_000,
  ...over,
});
const lo2 = cfg({});
const de = cfg({ code: 'de', chargeMultiplier: 1, oddsX1000: 95_000 });
const xien2 = cfg({ code: 'xien2', minNumbers: 2, maxNumbers: 2, chargeMultiplier: 1, combo: true, oddsX1000: 17_000 });

describe('boards', () => {
  it('picks the board by digits', () => {
    expect([1, 2, 3, 4, 6].map(boardKind)).toEqual(['digit', 'grid', 'hundreds', 'typed', 'typed']);
  });
  it('lists 0–9, 00–99 and a hundreds page', () => {
    expect(boardNumbers('digit')).toHaveLength(10);
    expect(boardNumbers('grid').slice(0, 2)).toEqual(['00', '01']);
    expect(boardNumbers('hundreds', 3).at(-1)).toBe('399');
  });
});

describe('quick picks', () => {
  it('even, odd, big and small on the 00–99 grid', () => {
    expect(quickPick('grid', 'even')).toHaveLength(50);
    expect(quickPick('grid', 'odd')[0]).toBe('01');
    expect(quickPick('grid', 'big')[0]).toBe('50');
    expect(quickPick('grid', 'small').at(-1)).toBe('49');
  });
  it('head is a tens row, tail a units column, on the chosen hundred', () => {
    expect(quickPick('grid', 'head', 0, 3)).toEqual(['30', '31', '32', '33', '34', '35', '36', '37', '38', '39']);
    expect(quickPick('hundreds', 'tail', 7, 5)).toEqual(['705', '715', '725', '735', '745', '755', '765', '775', '785', '795']);
  });
  it('big and small on the 0–9 board split at 5', () => {
    expect(quickPick('digit', 'big')).toEqual(['5', '6', '7', '8', '9']);
    expect(quickPick('digit', 'small')).toEqual(['0', '1', '2', '3', '4']);
  });
});

describe('typed numbers', () => {
  it('keeps well-formed numbers once and reports the others', () => {
    expect(parseTypedNumbers('1234, 5678 1234;12', 4)).toEqual({ numbers: ['1234', '5678'], invalid: ['12'] });
  });
});

describe('pick and stake rules', () => {
  it('a combination needs exactly its size', () => {
    expect(pickProblem(xien2, 1)).toBe('exact');
    expect(pickProblem(xien2, 3)).toBe('exact');
    expect(pickProblem(xien2, 2)).toBeNull();
    expect(pickProblem(lo2, 0)).toBe('none');
    expect(pickProblem(cfg({ maxNumbers: 10 }), 11)).toBe('tooMany');
  });
  it('the stake stays inside the limits', () => {
    expect(stakeProblem(lo2, null)).toBe('invalid');
    expect(stakeProblem(lo2, 50)).toBe('min');
    expect(stakeProblem(lo2, 2_000_000)).toBe('max');
    expect(stakeProblem(lo2, 1_000)).toBeNull();
  });
});

describe('slip total', () => {
  it('charges lô per number × 27, đề per number, xiên once', () => {
    const types = [lo2, de, xien2];
    const bets = [
      { id: 1, betType: 'lo2' as const, numbers: ['07', '12'], stake: 1_000 },
      { id: 2, betType: 'de' as const, numbers: ['33'], stake: 1_000 },
      { id: 3, betType: 'xien2' as const, numbers: ['07', '12'], stake: 1_000 },
    ];
    expect(bets.map((b) => betAmount(b, types))).toEqual([54_000, 1_000, 1_000]);
    expect(slipTotal(bets, types)).toBe(56_000);
  });
  it('prints odds from thousandths', () => {
    expect(formatOdds(9_500)).toBe('9.5');
    expect(formatOdds(99_000)).toBe('99');
    expect(formatOdds(9_800_000)).toBe('9,800');
    expect(formatOdds(2_900)).toBe('2.9');
  });
});

describe('bet type order', () => {
  it('follows the contract list, lô first', () => {
    expect(sortBetTypes([{ code: 'de' }, { code: 'xien2' }, { code: 'lo2' }] as const).map((c) => c.code)).toEqual(['lo2', 'de', 'xien2']);
  });
});
