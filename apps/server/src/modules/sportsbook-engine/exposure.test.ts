import { describe, expect, it } from 'vitest';
import { fixtureExposure, possibleResults, type TExposureBet } from './exposure.ts';

const CAP = 100_000_000;

describe('fixture exposure', () => {
  it('sums what singles and parlays would pay beyond their stakes for each result', () => {
    const bets: TExposureBet[] = [
      { stake: 1000, maxPayout: CAP, legs: [{ fixtureId: 'F1', market: { kind: 'oneXTwo' }, selection: 'home', odds: 2000 }] },
      { stake: 1000, maxPayout: CAP, legs: [{ fixtureId: 'F1', market: { kind: 'asianHandicap', line: -1 }, selection: 'home', odds: 1900 }] },
      {
        stake: 100,
        maxPayout: 500,
        legs: [
          { fixtureId: 'F1', market: { kind: 'overUnder', line: 10 }, selection: 'over', odds: 2000 },
          { fixtureId: 'F2', market: { kind: 'oneXTwo' }, selection: 'draw', odds: 3500 },
        ],
      },
      { stake: 5000, maxPayout: CAP, legs: [{ fixtureId: 'F9', market: { kind: 'oneXTwo' }, selection: 'home', odds: 2000 }] },
    ];
    const byResult = fixtureExposure('F1', bets, [{ home: 0, away: 0 }, { home: 1, away: 0 }, { home: 2, away: 1 }, 'void']);
    // Line −1 in quarters is −0.25; the parlay's other leg (F2) counts as won at 3.5.
    expect(byResult.map((r) => r.liability)).toEqual([
      -1000 - 500 - 100, // 0–0: home loses, −0.25 half-loses (500 back), over 2.5 loses
      1000 + 900 - 100, // 1–0: home wins, −0.25 wins, over 2.5 loses
      1000 + 900 + 400, // 2–1: both singles win; the parlay's 100 × 2 × 3.5 = 700 is capped at 500
      0 + 0 + 250, // void: singles get their stakes back; the parlay rides on F2 alone, 100 × 3.5
    ]);
  });

  it('lists every score up to the limit and void', () => {
    expect(possibleResults(6)).toHaveLength(50);
    expect(possibleResults(6).at(-1)).toBe('void');
  });
});
