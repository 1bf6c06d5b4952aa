import { describe, expect, it } from 'vitest';
import { bettingRound, leaguePairings, roundById, roundScheduleProblem, roundsKickingOffBetween, type TRoundSchedule } from './schedule.ts';

const EVERY_3: TRoundSchedule = { intervalSeconds: 180, matchSeconds: 60 };
const iso = (d: Date) => d.toISOString();

describe('virtual round schedule', () => {
  it('bets go on the next kick-off; betting closes at it and opened at the previous one', () => {
    const round = bettingRound(EVERY_3, new Date('2026-11-26T07:50:10Z'));
    expect({ id: round.roundId, opens: iso(round.opensAt), closes: iso(round.closesAt), kickoff: iso(round.kickoffAt), result: iso(round.resultAt) }).toEqual({
      id: '20261126-0158', // 07:51 is the 157th three-minute step after midnight: slot 158
      opens: '2026-11-26T07:48:00.000Z',
      closes: '2026-11-26T07:51:00.000Z',
      kickoff: '2026-11-26T07:51:00.000Z',
      result: '2026-11-26T07:52:00.000Z',
    });
    // At the kick-off instant that round is closed: the next one is open.
    expect(bettingRound(EVERY_3, new Date('2026-11-26T07:51:00Z')).roundId).toBe('20261126-0159');
    expect(bettingRound(EVERY_3, new Date('2026-11-26T07:50:59.999Z')).roundId).toBe('20261126-0158');
  });

  it('numbers slots within the UTC day across midnight: 480 rounds of 3 minutes a day', () => {
    const rounds = roundsKickingOffBetween(EVERY_3, new Date('2026-11-25T23:55:00Z'), new Date('2026-11-26T00:03:00Z'));
    expect(rounds.map((r) => `${r.roundId} ${iso(r.kickoffAt)}`)).toEqual([
      '20261125-0480 2026-11-25T23:57:00.000Z',
      '20261126-0001 2026-11-26T00:00:00.000Z',
      '20261126-0002 2026-11-26T00:03:00.000Z',
    ]);
    expect(roundsKickingOffBetween(EVERY_3, new Date('2026-11-26T00:00:00Z'), new Date('2026-11-27T00:00:00Z'))).toHaveLength(480);
  });

  it('finds a round by its id, and no round for an id off the schedule', () => {
    const round = bettingRound(EVERY_3, new Date('2026-02-28T23:59:00Z'));
    expect(round.roundId).toBe('20260301-0001');
    expect(roundById(EVERY_3, round.roundId)).toEqual(round);
    for (const id of ['20261126-0000', '20261126-0481', '20260230-0001', '2026112-0001', 'x']) expect(roundById(EVERY_3, id), id).toBeNull();
  });

  it('refuses intervals that do not divide a day and matches longer than an interval', () => {
    expect(roundScheduleProblem({ intervalSeconds: 7 * 60, matchSeconds: 60 })).toMatch(/divides a day/);
    expect(roundScheduleProblem({ intervalSeconds: 30, matchSeconds: 0 })).toMatch(/at least 60/);
    expect(roundScheduleProblem({ intervalSeconds: 120, matchSeconds: 121 })).toMatch(/one interval/);
    expect(() => bettingRound({ intervalSeconds: 70, matchSeconds: 0 }, new Date())).toThrow(RangeError);
  });
});

describe('virtual league pairings', () => {
  it('every team meets every other once in n − 1 rounds, each round a perfect matching, home and away swapped next cycle', () => {
    for (const n of [2, 6, 10, 20]) {
      const met = new Set<string>();
      for (let seq = 0; seq < n - 1; seq += 1) {
        const pairs = leaguePairings(n, seq);
        expect(pairs).toHaveLength(n / 2);
        expect(new Set(pairs.flat()).size).toBe(n);
        for (const [h, a] of pairs) met.add(`${Math.min(h, a)}-${Math.max(h, a)}`);
        expect(leaguePairings(n, seq + n - 1)).toEqual(pairs.map(([h, a]) => [a, h]));
        expect(leaguePairings(n, seq + 2 * (n - 1))).toEqual(pairs);
      }
      expect(met.size).toBe((n * (n - 1)) / 2);
      const home = new Array<number>(n).fill(0);
      for (let seq = 0; seq < n - 1; seq += 1) for (const [h] of leaguePairings(n, seq)) home[h]! += 1;
      for (const count of home) expect([Math.floor((n - 1) / 2), Math.ceil((n - 1) / 2)]).toContain(count);
    }
    expect(() => leaguePairings(5, 0)).toThrow(RangeError);
  });

  it('gives consecutive rounds consecutive sequences', () => {
    const [a, b] = roundsKickingOffBetween(EVERY_3, new Date('2026-11-25T23:55:00Z'), new Date('2026-11-26T00:00:00Z'));
    expect(b!.sequence).toBe(a!.sequence + 1);
  });
});
