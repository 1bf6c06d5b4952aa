import { CURRENCY, MINOR_UNITS_PER_MAJOR } from '@playhall/contract/constants';

/**
 * A figure that reads left to right (an amount with its sign, a date, a time) kept whole inside right-to-left text:
 * on a right-to-left page (AR, FA, UR) it is wrapped in LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE, so that
 * "-100,000.00" never shows as "100,000.00-" and "2026-11-27 08:00" keeps its order. Elsewhere it is left as it is.
 */
export function ltr(text: string): string {
  return typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? `\u2066${text}\u2069` : text;
}

/** Money from integer minor units: two decimals, thousands separators (spec §9), never a float on the wire. */
export function formatMoney(minorUnits: number, withCurrency = false): string {
  const negative = minorUnits < 0;
  const abs = Math.abs(Math.trunc(minorUnits));
  const major = Math.floor(abs / MINOR_UNITS_PER_MAJOR);
  const cents = abs % MINOR_UNITS_PER_MAJOR;
  const grouped = String(major).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${negative ? '-' : ''}${grouped}.${String(cents).padStart(2, '0')}`;
  return ltr(withCurrency ? `${text} ${CURRENCY}` : text);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Dates and times (issue 16): every date and time on screen is shown in one zone, the merchant's business time
 * zone (the status call's `info.timeZone`; the server counts business days and formats notices in it), whatever
 * the viewer's clock says. Until the status call answers, the viewer's own zone stands in.
 */
function zoneFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    timeZoneName: 'longOffset',
  });
}

let partsFormat = zoneFormat(undefined);

/** Set from the start-up status call (null: the viewer's own zone); an unknown zone name leaves the viewer's own. */
export function setBusinessTimeZone(zone: string | null): void {
  try {
    partsFormat = zoneFormat(zone ?? undefined);
  } catch {
    partsFormat = zoneFormat(undefined);
  }
}

export interface TZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC, e.g. 420 for GMT+7. */
  offset: number;
}

/** A moment's calendar fields and UTC offset in the business zone. */
export function zonedParts(date: Date): TZonedParts {
  const fields: Record<string, string> = {};
  for (const p of partsFormat.formatToParts(date)) fields[p.type] = p.value;
  // "GMT+07:00", "GMT-03:30", or "GMT" for UTC itself.
  const m = /([+-])(\d{2}):(\d{2})/.exec(fields.timeZoneName ?? '');
  const offset = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  return {
    year: Number(fields.year),
    month: Number(fields.month),
    day: Number(fields.day),
    hour: Number(fields.hour),
    minute: Number(fields.minute),
    second: Number(fields.second),
    offset,
  };
}

function toDate(value: string | Date): Date | null {
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}

/** yyyy-MM-dd of a moment in the business zone, or null for an unreadable date. */
export function formatDate(value: string | Date): string | null {
  const d = toDate(value);
  if (!d) return null;
  const p = zonedParts(d);
  return ltr(`${p.year}-${pad(p.month)}-${pad(p.day)}`);
}

/**
 * yyyy-MM-dd HH:mm (with `seconds`, :ss) in the business zone, or null for an unreadable date. `offset` adds the
 * zone's UTC offset ("2026-11-26 14:01 GMT+7"), for a single time that stands alone (a deadline, an end of
 * maintenance); tables name the offset once, beside their date filter.
 */
export function formatDateTime(value: string | Date, opts: boolean | { seconds?: boolean; offset?: boolean } = {}): string | null {
  const { seconds = false, offset = false } = typeof opts === 'boolean' ? { seconds: opts } : opts;
  const d = toDate(value);
  if (!d) return null;
  const p = zonedParts(d);
  const text = `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}${seconds ? `:${pad(p.second)}` : ''}`;
  return ltr(offset ? `${text} ${offsetLabel(p.offset)}` : text);
}

function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const h = Math.floor(Math.abs(minutes) / 60);
  const m = Math.abs(minutes) % 60;
  return `GMT${sign}${h}${m ? `:${pad(m)}` : ''}`;
}

/** The business zone's UTC offset at a moment, as GMT+7 / GMT-3:30 / GMT+0. */
export function formatUtcOffset(date: Date = new Date()): string {
  return ltr(offsetLabel(zonedParts(date).offset));
}

/** Plain text of an HTML fragment (for excerpts and the marquee), without touching the DOM. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
