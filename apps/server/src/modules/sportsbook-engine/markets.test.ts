import { describe, expect, it } from 'vitest';
import { CORRECT_SCORE_MAX, formatLine, lineToQuarters, marketProblem, selectionsOf, settle, type TMarket, type TOutcome } from './markets.ts';

/**
 * The expected outcomes are derived here independently of markets.ts: in goals (floats that are exact
 * multiples of 0.25), from what a unit stake at odds 3 returns, straight from the domain note's wording —
 * a quarter line is half on line − 0.25 and half on line + 0.25; each half returns 3 × ½ on m > 0, ½ on m = 0.
 */
const ODDS = 3;
const BY_RETURN = new Map<number, TOutcome>([
  [ODDS, 'win'],
  [(ODDS + 1) / 2, 'halfWin'],
  [1, 'push'],
  [0.5, 'halfLoss'],
  [0, 'loss'],
]);
function expectedLineOutcome(line: number, margin: (halfLine: number) => number): TOutcome {
  const isQuarter = Math.abs((line * 2) % 1) === 0.5;
  const halves = isQuarter ? [line - 0.25, line + 0.25] : [line, line];
  const returned = halves.reduce((sum, half) => {
    const m = margin(half);
    return sum + (m > 0 ? ODDS : m === 0 ? 1 : 0) / 2;
  }, 0);
  const outcome = BY_RETURN.get(returned);
  if (!outcome) throw new Error(`a win and a loss on one line: ${line}`);
  return outcome;
}

const score = (d: number) => ({ home: Math.max(d, 0) + 1, away: Math.max(-d, 0) + 1 });
const quarterSteps = (from: number, to: number): number[] => Array.from({ length: (to - from) * 4 + 1 }, (_, i) => from + i / 4);

describe('Asian handicap', () => {
  const lines = quarterSteps(-3.5, 3.5);
  it(`settles every line from −3.5 to +3.5 (${lines.length} lines) against goal differences −5..+5, both sides`, () => {
    let checked = 0;
    for (const line of lines) {
      const market: TMarket = { kind: 'asianHandicap', line: lineToQuarters(line) as number };
      for (let d = -5; d <= 5; d += 1) {
        expect(settle(market, 'home', score(d)), `home ${line} at d ${d}`).toBe(expectedLineOutcome(line, (half) => d + half));
        expect(settle(market, 'away', score(d)), `away ${-line} at d ${d}`).toBe(expectedLineOutcome(-line, (half) => -d + half));
        checked += 2;
      }
    }
    expect(checked).toBe(29 * 11 * 2);
  });

  // The usual published table, by hand: goal difference of the backed side → outcome.
  const TABLE: [number, Record<number, TOutcome>][] = [
    [0, { [-1]: 'loss', 0: 'push', 1: 'win' }],
    [-0.25, { [-1]: 'loss', 0: 'halfLoss', 1: 'win' }],
    [-0.5, { [-1]: 'loss', 0: 'loss', 1: 'win' }],
    [-0.75, { 0: 'loss', 1: 'halfWin', 2: 'win' }],
    [-1, { 0: 'loss', 1: 'push', 2: 'win' }],
    [-1.25, { 0: 'loss', 1: 'halfLoss', 2: 'win' }],
    [+0.25, { [-1]: 'loss', 0: 'halfWin', 1: 'win' }],
    [+0.75, { [-2]: 'loss', [-1]: 'halfLoss', 0: 'win' }],
    [+1.5, { [-2]: 'loss', [-1]: 'win' }],
  ];
  it.each(TABLE)('line %s follows the published table', (line, byD) => {
    for (const [d, outcome] of Object.entries(byD)) {
      expect(settle({ kind: 'asianHandicap', line: line * 4 }, 'home', score(Number(d)))).toBe(outcome);
    }
  });
});

describe('over/under', () => {
  const lines = quarterSteps(0.5, 6.5);
  it(`settles every line from 0.5 to 6.5 (${lines.length} lines) against totals 0..10, over and under`, () => {
    for (const line of lines) {
      const market: TMarket = { kind: 'overUnder', line: line * 4 };
      for (let total = 0; total <= 10; total += 1) {
        const result = { home: Math.ceil(total / 2), away: Math.floor(total / 2) };
        expect(settle(market, 'over', result), `over ${line} at ${total}`).toBe(expectedLineOutcome(line, (half) => total - half));
        expect(settle(market, 'under', result), `under ${line} at ${total}`).toBe(expectedLineOutcome(line, (half) => half - total));
      }
    }
  });

  it('follows the published table for 2.25 and 2.75', () => {
    const over = (line: number, total: number) => settle({ kind: 'overUnder', line: line * 4 }, 'over', { home: total, away: 0 });
    expect([1, 2, 3].map((t) => over(2.25, t))).toEqual(['loss', 'halfLoss', 'win']);
    expect([2, 3, 4].map((t) => over(2.75, t))).toEqual(['loss', 'halfWin', 'win']);
  });
});

describe('other markets', () => {
  it('1X2, both teams to score and correct score (with any other score)', () => {
    const x2: TMarket = { kind: 'oneXTwo' };
    expect(selectionsOf(x2).map((s) => settle(x2, s, { home: 1, away: 1 }))).toEqual(['loss', 'win', 'loss']);
    expect(settle(x2, 'away', { home: 0, away: 2 })).toBe('win');
    const btts: TMarket = { kind: 'bothTeamsToScore' };
    expect(settle(btts, 'yes', { home: 1, away: 1 })).toBe('win');
    expect(settle(btts, 'no', { home: 3, away: 0 })).toBe('win');
    expect(settle(btts, 'yes', { home: 0, away: 0 })).toBe('loss');
    const cs: TMarket = { kind: 'correctScore' };
    expect(selectionsOf(cs)).toHaveLength((CORRECT_SCORE_MAX + 1) ** 2 + 1);
    expect(settle(cs, '2-1', { home: 2, away: 1 })).toBe('win');
    expect(settle(cs, '1-2', { home: 2, away: 1 })).toBe('loss');
    expect(settle(cs, 'other', { home: 5, away: 0 })).toBe('win');
    expect(settle(cs, 'other', { home: 4, away: 4 })).toBe('loss');
    // Exactly one selection of a one-winner market wins, whatever the score.
    for (let h = 0; h <= 7; h += 1) for (let a = 0; a <= 7; a += 1) {
      for (const m of [x2, btts, cs]) expect(selectionsOf(m).filter((s) => settle(m, s, { home: h, away: a }) === 'win')).toHaveLength(1);
    }
  });

  it('esports: match winner, map handicap and total maps settle on maps', () => {
    expect(settle({ kind: 'matchWinner' }, 'home', { home: 2, away: 1 })).toBe('win');
    expect(settle({ kind: 'matchWinner' }, 'home', { home: 1, away: 1 })).toBe('void');
    expect(settle({ kind: 'mapHandicap', line: -6 }, 'home', { home: 2, away: 1 })).toBe('loss');
    expect(settle({ kind: 'mapHandicap', line: -6 }, 'away', { home: 2, away: 1 })).toBe('win');
    expect(settle({ kind: 'mapHandicap', line: -6 }, 'home', { home: 2, away: 0 })).toBe('win');
    expect(settle({ kind: 'totalMaps', line: 10 }, 'over', { home: 2, away: 1 })).toBe('win');
    expect(settle({ kind: 'totalMaps', line: 10 }, 'under', { home: 0, away: 2 })).toBe('win');
  });

  it('a void fixture voids every selection of every market', () => {
    const markets: TMarket[] = [{ kind: 'oneXTwo' }, { kind: 'asianHandicap', line: -3 }, { kind: 'overUnder', line: 9 }, { kind: 'correctScore' }, { kind: 'totalMaps', line: 10 }];
    for (const m of markets) for (const s of selectionsOf(m)) expect(settle(m, s, 'void')).toBe('void');
  });

  it('refuses lines off the quarter grid, bad scores and unknown selections', () => {
    expect(lineToQuarters(-0.75)).toBe(-3);
    expect(lineToQuarters(0.3)).toBeNull();
    expect(formatLine(-3)).toBe('-0.75');
    expect(formatLine(2, true)).toBe('+0.5');
    expect(marketProblem({ kind: 'overUnder', line: 0 })).toMatch(/above 0/);
    expect(marketProblem({ kind: 'asianHandicap', line: 0.5 })).toMatch(/multiple of 0.25/);
    expect(() => settle({ kind: 'oneXTwo' }, 'over', { home: 1, away: 0 })).toThrow(/no selection/);
    expect(() => settle({ kind: 'oneXTwo' }, 'home', { home: -1, away: 0 })).toThrow(/non-negative/);
    expect(() => settle({ kind: 'oneXTwo' }, 'home', { home: 1.5, away: 0 })).toThrow(/non-negative/);
  });
});
