/**
 * Wall-clock arithmetic in an IANA time zone with nothing but Intl: what a local clock shows at an instant, and
 * the instant a local time happens. The lottery schedules and the contract periods both count in the merchant's
 * zone with these.
 */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The merchant zone a site is seeded with (merchants.time_zone's default), and the engines' default. */
export const DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** The local wall-clock time of an instant, written as if it were UTC (ms, whole seconds). */
export function wallClock(tz: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(tz).formatToParts(new Date(instant))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const get = (type: string): number => parts[type] ?? 0;
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The zone's offset from UTC at an instant, in ms (Asia/Ho_Chi_Minh: +7 h). */
export function offsetAt(tz: string, instant: number): number {
  return wallClock(tz, instant) - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant at or after a local wall-clock time (given as if UTC). A time that happens twice (clocks going
 * back) is the earlier; a time skipped by clocks going forward is moved forward by the jump (02:30 → 03:30), the
 * first instant of whatever starts there.
 */
export function instantOf(tz: string, wall: number): number {
  const offsets = [...new Set([offsetAt(tz, wall - DAY_MS), offsetAt(tz, wall), offsetAt(tz, wall + DAY_MS)])];
  const valid = offsets.map((o) => wall - o).filter((t) => wallClock(tz, t) === wall);
  return valid.length > 0 ? Math.min(...valid) : wall - Math.min(...offsets);
}
