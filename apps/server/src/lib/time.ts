/** `yyyy-MM-dd HH:mm:ss` in the merchant's time zone (spec §3 notice timestamps). */
export function formatLocalTimestamp(date: Date, timeZone: string): string {
  // The Swedish locale writes ISO-like dates, which is exactly the spec's format.
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(date);
}
