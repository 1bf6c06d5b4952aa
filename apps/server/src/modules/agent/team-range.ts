import { AppError } from '../../lib/app-error.ts';

/** Days shown when a page gives no range: the last 7 local days, today included. */
const DEFAULT_DAYS = 7;

export interface TRange {
  from?: string;
  to?: string;
}

export interface TDayRange {
  from: string;
  to: string;
  tz: string;
}

/** A page's local-day range in the merchant's zone, the last 7 days by default. */
export function dayRangeOf(deps: { timeZone: () => Promise<string>; now: () => Date }) {
  return async (r: TRange): Promise<TDayRange> => {
    const tz = await deps.timeZone();
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: tz });
    const from = r.from ?? day.format(new Date(deps.now().getTime() - (DEFAULT_DAYS - 1) * 86_400_000));
    const to = r.to ?? day.format(deps.now());
    if (from > to) throw new AppError('validation_failed', { issues: [{ path: 'from', message: 'from_after_to' }] }, 'The start date is after the end date');
    return { from, to, tz };
  };
}

/** Every date from `from` to `to`, both included (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d = new Date(d.getTime() + 86_400_000)) out.push(d.toISOString().slice(0, 10));
  return out;
}
