import { MINOR_UNITS_PER_MAJOR } from '@playhall/contract/constants';

/**
 * An amount typed in major units ("100", "-25.5", "1,250.00") → integer minor units, or null when it is not an
 * amount with at most two decimals. Worked on the digits, never through a float.
 */
export function parseMajorAmount(text: string): number | null {
  const match = /^\s*([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', cents = ''] = match;
  const minor = Number(whole.replaceAll(',', '')) * MINOR_UNITS_PER_MAJOR + Number(cents.padEnd(2, '0'));
  if (!Number.isSafeInteger(minor)) return null;
  return sign === '-' ? -minor : minor;
}
