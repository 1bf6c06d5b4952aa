import { describe, expect, it } from 'vitest';
import {
  contractPeriodUnit,
  dayWindow,
  dividendPeriod,
  hourWindow,
  ledgerKey,
  periodsEndedBetween,
  periodWindow,
  previousDay,
  previousDividendPeriod,
  previousHour,
  previousPeriod,
  previousRealtimeWindow,
  realtimeWindow,
  type TPeriodWindow,
} from './periods.ts';

const BERLIN = 'Europe/Berlin';
const at = (iso: string): Date => new Date(iso);
const show = (w: TPeriodWindow): string => `${w.key} ${w.start.toISOString()} ${w.end.toISOString()}`;

describe('hours', () => {
  it('are local hours of Asia/Ho_Chi_Minh (UTC+7) by default, keyed by the local hour', () => {
    expect(show(hourWindow(at('2026-11-22T13:44:10.123Z')))).toBe('2026-11-22T20 2026-11-22T13:00:00.000Z 2026-11-22T14:00:00.000Z');
    // 17:00 UTC is local midnight: the hour before belongs to the previous local day.
    expect(show(previousHour(at('2026-11-22T17:00:00Z')))).toBe('2026-11-22T23 2026-11-22T16:00:00.000Z 2026-11-22T17:00:00.000Z');
    expect(hourWindow(at('2026-11-22T17:00:00Z')).key).toBe('2026-11-23T00');
    expect(hourWindow(at('2026-11-22T16:59:59.999Z')).key).toBe('2026-11-22T23');
  });

  it('skip the hour the clocks jump over (Berlin, 2026-03-29 02:00 → 03:00)', () => {
    expect(show(hourWindow(at('2026-03-29T00:30:00Z'), BERLIN))).toBe('2026-03-29T01 2026-03-29T00:00:00.000Z 2026-03-29T01:00:00.000Z');
    expect(show(hourWindow(at('2026-03-29T01:00:00Z'), BERLIN))).toBe('2026-03-29T03 2026-03-29T01:00:00.000Z 2026-03-29T02:00:00.000Z');
    expect(previousHour(at('2026-03-29T01:00:00Z'), BERLIN).key).toBe('2026-03-29T01');
  });

  it('make the repeated hour one window of two real hours (Berlin, 2026-10-25 03:00 → 02:00)', () => {
    const repeated = '2026-10-25T02 2026-10-25T00:00:00.000Z 2026-10-25T02:00:00.000Z';
    expect(show(hourWindow(at('2026-10-25T00:30:00Z'), BERLIN))).toBe(repeated); // 02:30 summer time
    expect(show(hourWindow(at('2026-10-25T01:30:00Z'), BERLIN))).toBe(repeated); // 02:30 winter time
    expect(show(previousHour(at('2026-10-25T02:00:00Z'), BERLIN))).toBe(repeated);
    expect(previousHour(at('2026-10-25T00:00:00Z'), BERLIN).key).toBe('2026-10-25T01');
  });

  it('tile a day with no gap or overlap and unique keys, across both changes', () => {
    for (const [day, hours] of [
      ['2026-03-29T12:00:00Z', 23],
      ['2026-10-25T12:00:00Z', 24],
      ['2026-11-22T12:00:00Z', 24],
    ] as const) {
      const d = dayWindow(at(day), BERLIN);
      const windows = periodsEndedBetween('hourly', d.start, d.end, BERLIN);
      expect(windows).toHaveLength(hours);
      expect(windows[0]?.start).toEqual(d.start);
      expect(windows.at(-1)?.end).toEqual(d.end);
      windows.slice(1).forEach((w, i) => expect(w.start).toEqual(windows[i]?.end));
      expect(new Set(windows.map((w) => w.key)).size).toBe(hours);
    }
  });

  it('follow a zone with a half-hour offset (Asia/Kolkata, UTC+5:30)', () => {
    expect(show(hourWindow(at('2026-11-22T13:44:00Z'), 'Asia/Kolkata'))).toBe('2026-11-22T19 2026-11-22T13:30:00.000Z 2026-11-22T14:30:00.000Z');
  });
});

describe('days', () => {
  it('run from local midnight to local midnight', () => {
    expect(show(dayWindow(at('2026-11-22T13:44:00Z')))).toBe('2026-11-22 2026-11-21T17:00:00.000Z 2026-11-22T17:00:00.000Z');
    expect(show(previousDay(at('2026-11-22T17:00:00Z')))).toBe('2026-11-22 2026-11-21T17:00:00.000Z 2026-11-22T17:00:00.000Z');
    expect(show(previousDay(at('2027-01-01T00:00:00Z')))).toBe('2026-12-31 2026-12-30T17:00:00.000Z 2026-12-31T17:00:00.000Z');
  });

  it('last 23 and 25 hours when the clocks change', () => {
    expect(show(dayWindow(at('2026-03-29T12:00:00Z'), BERLIN))).toBe('2026-03-29 2026-03-28T23:00:00.000Z 2026-03-29T22:00:00.000Z');
    expect(show(dayWindow(at('2026-10-25T12:00:00Z'), BERLIN))).toBe('2026-10-25 2026-10-24T22:00:00.000Z 2026-10-25T23:00:00.000Z');
  });
});

describe('real-time windows', () => {
  it('are 5 minutes aligned on UTC, keyed by the ISO start', () => {
    expect(show(realtimeWindow(at('2026-11-22T13:44:59.999Z')))).toBe('2026-11-22T13:40:00.000Z 2026-11-22T13:40:00.000Z 2026-11-22T13:45:00.000Z');
    expect(realtimeWindow(at('2026-11-22T13:45:00Z')).key).toBe('2026-11-22T13:45:00.000Z');
    expect(previousRealtimeWindow(at('2027-01-01T00:02:00Z')).key).toBe('2026-12-31T23:55:00.000Z');
  });
});

describe('dividend periods', () => {
  it('are keyed by day, ISO week, half month and month', () => {
    const sunday = at('2026-11-22T13:44:00Z');
    expect(show(dividendPeriod('daily', sunday))).toBe('2026-11-22 2026-11-21T17:00:00.000Z 2026-11-22T17:00:00.000Z');
    expect(show(dividendPeriod('weekly', sunday))).toBe('2026-W47 2026-11-15T17:00:00.000Z 2026-11-22T17:00:00.000Z');
    expect(show(dividendPeriod('semimonthly', sunday))).toBe('2026-11-H2 2026-11-15T17:00:00.000Z 2026-11-30T17:00:00.000Z');
    expect(show(dividendPeriod('monthly', sunday))).toBe('2026-11 2026-10-31T17:00:00.000Z 2026-11-30T17:00:00.000Z');
    expect(show(dividendPeriod('semimonthly', at('2026-11-15T16:59:59.999Z')))).toBe('2026-11-H1 2026-10-31T17:00:00.000Z 2026-11-15T17:00:00.000Z');
  });

  it('weeks run Monday to Sunday in the ISO week-year', () => {
    expect(dividendPeriod('weekly', at('2026-11-22T17:00:00Z')).key).toBe('2026-W48'); // Monday 00:00 local
    expect(show(dividendPeriod('weekly', at('2027-01-01T12:00:00Z')))).toBe('2026-W53 2026-12-27T17:00:00.000Z 2027-01-03T17:00:00.000Z');
    expect(dividendPeriod('weekly', at('2024-12-30T12:00:00Z')).key).toBe('2025-W01');
    expect(dividendPeriod('weekly', at('2021-01-03T12:00:00Z')).key).toBe('2020-W53');
    expect(previousDividendPeriod('weekly', at('2027-01-04T12:00:00Z')).key).toBe('2026-W53');
    // The week the clocks go forward is 167 hours long.
    expect(show(dividendPeriod('weekly', at('2026-03-25T12:00:00Z'), BERLIN))).toBe('2026-W13 2026-03-22T23:00:00.000Z 2026-03-29T22:00:00.000Z');
  });

  it('cross month and year ends, February and leap years included', () => {
    expect(previousDividendPeriod('semimonthly', at('2027-01-05T00:00:00Z')).key).toBe('2026-12-H2');
    expect(show(dividendPeriod('semimonthly', at('2027-02-20T00:00:00Z')))).toBe('2027-02-H2 2027-02-15T17:00:00.000Z 2027-02-28T17:00:00.000Z');
    expect(show(dividendPeriod('semimonthly', at('2028-02-20T00:00:00Z')))).toBe('2028-02-H2 2028-02-15T17:00:00.000Z 2028-02-29T17:00:00.000Z');
    expect(show(previousDividendPeriod('monthly', at('2026-12-31T17:00:00Z')))).toBe('2026-12 2026-11-30T17:00:00.000Z 2026-12-31T17:00:00.000Z');
    expect(dividendPeriod('monthly', at('2026-12-31T17:00:00Z')).key).toBe('2027-01');
    expect(show(dividendPeriod('monthly', at('2026-10-10T00:00:00Z'), BERLIN))).toBe('2026-10 2026-09-30T22:00:00.000Z 2026-10-31T23:00:00.000Z');
  });
});

describe('settlement runs', () => {
  it('settle the latest ended period, and every one ended since the previous run', () => {
    const run = at('2026-11-22T17:05:00Z'); // 00:05 local on the 23rd
    expect(previousPeriod('daily', run).key).toBe('2026-11-22');
    expect(periodsEndedBetween('hourly', at('2026-11-22T14:30:00Z'), run).map((w) => w.key)).toEqual(['2026-11-22T21', '2026-11-22T22', '2026-11-22T23']);
    // A window ending exactly at `from` was settled by that run; one ending exactly at `to` is settled by this one.
    expect(periodsEndedBetween('realtime', at('2026-11-22T17:00:00Z'), at('2026-11-22T17:10:00Z')).map((w) => w.key)).toEqual([
      '2026-11-22T17:00:00.000Z',
      '2026-11-22T17:05:00.000Z',
    ]);
    expect(periodsEndedBetween('daily', run, run)).toEqual([]);
    expect(() => periodsEndedBetween('daily', run, at('2026-11-22T00:00:00Z'))).toThrow(RangeError);
  });

  it('know each kind’s unit and ledger key', () => {
    expect(contractPeriodUnit({ kind: 'dailySalary', tiers: [{ rate: 50, minActiveMembers: 0 }] })).toBe('daily');
    expect(contractPeriodUnit({ kind: 'hourlySalary', tiers: [{ rate: 50, minActiveMembers: 0 }] })).toBe('hourly');
    expect(contractPeriodUnit({ kind: 'realtimeSalary', profitRate: 10, lossRate: 20, minBetAmount: 0 })).toBe('realtime');
    expect(contractPeriodUnit({ kind: 'dividend', period: 'semimonthly', tiers: [{ rate: 50, minActiveMembers: 0 }] })).toBe('semimonthly');
    expect(ledgerKey('dailySalary', 12, '2026-11-22')).toBe('daily-salary:12:2026-11-22');
    expect(ledgerKey('hourlySalary', 12, '2026-11-22T20')).toBe('hourly-salary:12:2026-11-22T20');
    expect(ledgerKey('realtimeSalary', 12, '2026-11-22T13:40:00.000Z')).toBe('realtime-salary:12:2026-11-22T13:40:00.000Z');
    expect(ledgerKey('dividend', 12, '2026-W47')).toBe('dividend:12:2026-W47');
  });

  it('refuse an invalid date or zone', () => {
    expect(() => periodWindow('daily', new Date(Number.NaN))).toThrow(RangeError);
    expect(() => periodWindow('daily', at('2026-11-22T00:00:00Z'), 'Mars/Olympus')).toThrow(RangeError);
  });
});
