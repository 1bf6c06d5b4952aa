import { CURRENCY, MINOR_UNITS_PER_MAJOR } from '@playhall/contract/constants';

/** Money from integer minor units: two decimals, thousands separators (spec §9), never a float on the wire. */
export function formatMoney(minorUnits: number, withCurrency = false): string {
  const negative = minorUnits < 0;
  const abs = Math.abs(Math.trunc(minorUnits));
  const major = Math.floor(abs / MINOR_UNITS_PER_MAJOR);
  const cents = abs % MINOR_UNITS_PER_MAJOR;
  const grouped = String(major).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${negative ? '-' : ''}${grouped}.${String(cents).padStart(2, '0')}`;
  return withCurrency ? `${text} ${CURRENCY}` : text;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd HH:mm in the viewer's local time zone, or null for an unreadable date. */
export function formatDateTime(iso: string, withSeconds = false): string | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}${withSeconds ? `:${pad(d.getSeconds())}` : ''}`;
  return `${date} ${time}`;
}

/** The viewer's UTC offset as GMT+7 / GMT-3:30 / GMT+0, shown beside times that cross time zones. */
export function formatUtcOffset(date = new Date()): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const h = Math.floor(Math.abs(minutes) / 60);
  const m = Math.abs(minutes) % 60;
  return `GMT${sign}${h}${m ? `:${pad(m)}` : ''}`;
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
