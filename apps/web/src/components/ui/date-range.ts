import { zonedParts } from '../../lib/format.ts';

/** Quick ranges of the date-range picker (DESIGN.md): today, yesterday, 7 days, this month. */
export const QUICK_RANGES = ['today', 'yesterday', 'last7', 'thisMonth'] as const;
export type TQuickRange = (typeof QUICK_RANGES)[number];

export interface TDayRange {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of a local date. */
export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function addDays(d: Date, days: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
}

/**
 * The business day of `now` as a local-calendar Date (its year, month and day are what count): the server counts
 * record days in the merchant's zone, so quick ranges do too — a viewer whose clock is elsewhere still gets the
 * site's "today" (lib/format.ts holds the zone).
 */
function businessDay(now: Date): Date {
  const { year, month, day } = zonedParts(now);
  return new Date(year, month - 1, day);
}

/** The inclusive days of a quick range, counted from the business day of `now`. */
export function quickRange(kind: TQuickRange, now: Date = new Date()): TDayRange {
  const today = businessDay(now);
  switch (kind) {
    case 'today':
      return { from: isoDay(today), to: isoDay(today) };
    case 'yesterday': {
      const y = isoDay(addDays(today, -1));
      return { from: y, to: y };
    }
    case 'last7':
      return { from: isoDay(addDays(today, -6)), to: isoDay(today) };
    case 'thisMonth':
      return { from: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)), to: isoDay(today) };
  }
}

/** The quick range a day range equals, if any (to highlight its button). */
export function matchQuickRange(range: TDayRange, today: Date = new Date()): TQuickRange | undefined {
  return QUICK_RANGES.find((k) => {
    const r = quickRange(k, today);
    return r.from === range.from && r.to === range.to;
  });
}
