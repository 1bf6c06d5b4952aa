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

let businessZone: string | null = null;

/**
 * The merchant's time zone (from the whitelabel call): the server counts record days in it, so quick ranges do
 * too — a viewer whose clock is in another zone still gets the site's "today". Until it is known, the viewer's.
 */
export function setBusinessTimeZone(zone: string | null): void {
  businessZone = zone;
}

/** The business day of `now` as a local-calendar Date (its year, month and day are what count). */
function businessDay(now: Date): Date {
  if (!businessZone) return now;
  const [y = 0, m = 1, d = 1] = new Intl.DateTimeFormat('en-CA', { timeZone: businessZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
    .split('-')
    .map(Number);
  return new Date(y, m - 1, d);
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
