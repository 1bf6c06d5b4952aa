import type { TContractKind, TContractTerms } from '@playhall/contract/calls/agent';
import { REALTIME_SALARY_INTERVAL_MS, type CONTRACT_PERIODS } from '@playhall/contract/constants';
import { DEFAULT_TIME_ZONE, instantOf, wallClock } from '../../lib/zoned-time.ts';

/**
 * The periods the agent contracts pay (shared/domain/agent-contracts.md, "The four kinds"), in the merchant's
 * time zone. A window is half-open, [start, end): an instant belongs to exactly one window of a unit, and each
 * window ends where the next begins, so the windows of a unit tile time with no gap and no overlap.
 *
 * Local windows follow the wall clock, daylight saving included (offsets come from Intl.DateTimeFormat):
 * - a day or longer period starts at local midnight, so a day is 23 or 25 hours long when the clocks change;
 * - an hour is a local wall-clock hour: the hour repeated when clocks go back is ONE window of two real hours
 *   (its key would otherwise name two windows and the ledger key would collide), and the hour skipped when
 *   clocks go forward has no window (01:00–02:00 is followed by 03:00–04:00).
 */

export { DEFAULT_TIME_ZONE };

export type TDividendPeriod = (typeof CONTRACT_PERIODS)[number];
/** realtime: 5 minutes; hourly: a local hour; daily … monthly: the dividend periods, daily also the salary day. */
export type TPeriodUnit = 'realtime' | 'hourly' | TDividendPeriod;

export interface TPeriodWindow {
  /**
   * realtime: ISO of the start ('2026-11-22T13:45:00.000Z'); hourly: local 'YYYY-MM-DDTHH'; daily: local
   * 'YYYY-MM-DD'; weekly: ISO week 'YYYY-Www' (Monday to Sunday, the ISO week-year); semimonthly: 'YYYY-MM-H1'
   * (1st–15th) or 'YYYY-MM-H2' (16th–end of month); monthly: 'YYYY-MM'.
   */
  key: string;
  start: Date;
  /** Exclusive: the start of the next window. */
  end: Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const isoOf = (wall: number): string => new Date(wall).toISOString();
const pad2 = (n: number): string => String(n).padStart(2, '0');

/** The ISO week key of the week starting on a Monday (as if UTC): its Thursday decides the week-year. */
function isoWeekKey(monday: number): string {
  const thursday = monday + 3 * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${pad2(week)}`;
}

/** The local window of a unit as wall-clock bounds (as if UTC) and its key. */
function localBounds(unit: Exclude<TPeriodUnit, 'realtime'>, wall: number): { key: string; from: number; to: number } {
  const date = new Date(wall);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = Date.UTC(year, month, date.getUTCDate());
  const yearMonth = isoOf(day).slice(0, 7);
  switch (unit) {
    case 'hourly': {
      const from = Math.floor(wall / HOUR_MS) * HOUR_MS;
      return { key: isoOf(from).slice(0, 13), from, to: from + HOUR_MS };
    }
    case 'daily':
      return { key: isoOf(day).slice(0, 10), from: day, to: day + DAY_MS };
    case 'weekly': {
      const monday = day - ((date.getUTCDay() + 6) % 7) * DAY_MS;
      return { key: isoWeekKey(monday), from: monday, to: monday + 7 * DAY_MS };
    }
    case 'semimonthly':
      return date.getUTCDate() <= 15
        ? { key: `${yearMonth}-H1`, from: Date.UTC(year, month, 1), to: Date.UTC(year, month, 16) }
        : { key: `${yearMonth}-H2`, from: Date.UTC(year, month, 16), to: Date.UTC(year, month + 1, 1) };
    case 'monthly':
      return { key: yearMonth, from: Date.UTC(year, month, 1), to: Date.UTC(year, month + 1, 1) };
  }
}

function checkedTime(at: Date): number {
  const t = at.getTime();
  if (!Number.isFinite(t)) throw new RangeError('invalid date');
  return t;
}

/**
 * The window of `unit` containing `at`. Real-time windows are 5 minutes aligned on UTC and ignore `tz`: every zone
 * offset in use is a whole multiple of 15 minutes, so they are aligned on the local clock as well.
 * Throws a RangeError for an invalid date or an unknown zone.
 */
export function periodWindow(unit: TPeriodUnit, at: Date, tz: string = DEFAULT_TIME_ZONE): TPeriodWindow {
  const t = checkedTime(at);
  if (unit === 'realtime') {
    const start = Math.floor(t / REALTIME_SALARY_INTERVAL_MS) * REALTIME_SALARY_INTERVAL_MS;
    return { key: isoOf(start), start: new Date(start), end: new Date(start + REALTIME_SALARY_INTERVAL_MS) };
  }
  const { key, from, to } = localBounds(unit, wallClock(tz, t));
  return { key, start: new Date(instantOf(tz, from)), end: new Date(instantOf(tz, to)) };
}

/**
 * The window just before the one containing `at`: the latest window that has fully ended at `at` (the one containing
 * `at` has not), so the one a settlement run at `at` pays.
 */
export function previousPeriod(unit: TPeriodUnit, at: Date, tz: string = DEFAULT_TIME_ZONE): TPeriodWindow {
  return periodWindow(unit, new Date(periodWindow(unit, at, tz).start.getTime() - 1), tz);
}

/**
 * The windows whose end is in (from, to], oldest first: what a run at `to` settles when the previous run was at
 * `from` (a catch-up after downtime settles every window it missed, each under its own ledger key).
 */
export function periodsEndedBetween(unit: TPeriodUnit, from: Date, to: Date, tz: string = DEFAULT_TIME_ZONE): TPeriodWindow[] {
  if (checkedTime(from) > checkedTime(to)) throw new RangeError('from is after to');
  const out: TPeriodWindow[] = [];
  for (let w = previousPeriod(unit, to, tz); w.end > from; w = previousPeriod(unit, w.start, tz)) out.push(w);
  return out.reverse();
}

/** The unit a contract pays by: the day, the hour, the 5-minute window, or its dividend period. */
export function contractPeriodUnit(terms: TContractTerms): TPeriodUnit {
  switch (terms.kind) {
    case 'dailySalary':
      return 'daily';
    case 'hourlySalary':
      return 'hourly';
    case 'realtimeSalary':
      return 'realtime';
    case 'dividend':
      return terms.period;
  }
}

const LEDGER_PREFIX: Record<TContractKind, string> = {
  dailySalary: 'daily-salary',
  hourlySalary: 'hourly-salary',
  realtimeSalary: 'realtime-salary',
  dividend: 'dividend',
};

/** The ledger key of a contract's payment for a period (agent-contracts.md): `daily-salary:<contract>:<date>` etc. */
export function ledgerKey(kind: TContractKind, contractId: number, periodKey: string): string {
  return `${LEDGER_PREFIX[kind]}:${contractId}:${periodKey}`;
}

/** The contract kind, contract and period a contract payment's ledger key names (ledgerKey's inverse); null for any other key. */
export function parseLedgerKey(key: string): { kind: TContractKind; contractId: number; periodKey: string } | null {
  const m = /^([a-z-]+):(\d+):(.+)$/.exec(key);
  const kind = m ? (Object.keys(LEDGER_PREFIX) as TContractKind[]).find((k) => LEDGER_PREFIX[k] === m[1]) : undefined;
  return m && kind ? { kind, contractId: Number(m[2]), periodKey: m[3] ?? '' } : null;
}

export const hourWindow = (at: Date, tz: string = DEFAULT_TIME_ZONE): TPeriodWindow => periodWindow('hourly', at, tz);
export const previousHour = (at: Date, tz: string = DEFAULT_TIME_ZONE): TPeriodWindow => previousPeriod('hourly', at, tz);
export const dayWindow = (at: Date, tz: string = DEFAULT_TIME_ZONE): TPeriodWindow => periodWindow('daily', at, tz);
export const previousDay = (at: Date, tz: string = DEFAULT_TIME_ZONE): TPeriodWindow => previousPeriod('daily', at, tz);
export const realtimeWindow = (at: Date): TPeriodWindow => periodWindow('realtime', at);
export const previousRealtimeWindow = (at: Date): TPeriodWindow => previousPeriod('realtime', at);
export const dividendPeriod = (period: TDividendPeriod, at: Date, tz: string = DEFAULT_TIME_ZONE): TPeriodWindow => periodWindow(period, at, tz);
export const previousDividendPeriod = (period: TDividendPeriod, at: Date, tz: string = DEFAULT_TIME_ZONE): TPeriodWindow =>
  previousPeriod(period, at, tz);
