import { describe, expect, it } from 'vitest';
import { bettingRound, roundById, roundScheduleProblem, roundsKickingOffBetween, type TRoundSchedule } from './schedule.ts';

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
