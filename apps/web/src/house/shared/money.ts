/**
 * Money from integer minor units: two decimals and thousands separators. The game pages carry their own
 * copy of the portal's formatter (lib/format.ts) because they must not import portal modules: anything
 * they share with the portal entry would be pulled into the portal's initial chunk (vite.config.ts).
 */
export function money(minorUnits: number): string {
  const negative = minorUnits < 0;
  const abs = Math.abs(Math.trunc(minorUnits));
  const grouped = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${String(abs % 100).padStart(2, '0')}`;
}
