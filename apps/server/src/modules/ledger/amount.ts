import { MAX_POSTING } from './ledger.service.ts';

const MAJOR = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount typed by a person in major units ("1500", "-20.5", "0.01") to integer minor units, exactly:
 * the digits are read as text, never through a float. Zero, more than two decimals, anything but
 * digits and one point, and magnitudes above the ledger's posting limit are refused with the reason.
 */
export function parseMajorAmount(text: string): { ok: true; minor: number } | { ok: false; reason: string } {
  const m = MAJOR.exec(text.trim());
  if (!m) {
    return /^-?\d*\.\d{3,}$/.test(text.trim())
      ? { ok: false, reason: `"${text}" has more than two decimals (the smallest unit is 0.01)` }
      : { ok: false, reason: `"${text}" is not an amount: digits with up to two decimals, e.g. 1500 or -20.50` };
  }
  const [, sign = '', whole = '', fraction = ''] = m;
  const digits = `${whole}${fraction.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > String(MAX_POSTING).length) return { ok: false, reason: `"${text}" is too large` };
  const minor = Number(digits);
  if (minor > MAX_POSTING) return { ok: false, reason: `"${text}" is too large (at most ${MAX_POSTING / 100})` };
  if (minor === 0) return { ok: false, reason: 'the amount cannot be zero' };
  return { ok: true, minor: sign === '-' ? -minor : minor };
}

/** Minor units as major units with two decimals ("-1500.05"), for operators; integer arithmetic only. */
export function formatMinor(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Minor units as members read them: two decimals, thousands grouped ("-1,500.05"); integer arithmetic only. */
export function formatMinorGrouped(minor: number): string {
  return formatMinor(minor).replace(/\B(?=(\d{3})+(?!\d))(?=\d*\.)/g, ',');
}
