import { MINOR_UNITS_PER_MAJOR } from '@playhall/contract/constants';

/**
 * An amount typed in major units ("1,234.5") as integer minor units, read as text and never through a
 * float; null for anything that is not a positive amount with at most two decimals.
 */
export function parseMoney(text: string): number | null {
  const clean = text.trim().replace(/,/g, '');
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!m) return null;
  const minor = Number(m[1]) * MINOR_UNITS_PER_MAJOR + Number((m[2] ?? '').padEnd(2, '0'));
  return minor > 0 && Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as the plain text an amount field holds ("1234.50"), no separators. */
export function toMoneyInput(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / MINOR_UNITS_PER_MAJOR)}.${String(abs % MINOR_UNITS_PER_MAJOR).padStart(2, '0')}`;
}

/** A fresh idempotency key for one money-moving request (contract ZRequestId); a retry reuses it. */
export function newRequestId(): string {
  return crypto.randomUUID();
}

/**
 * The request id of a form's money-moving submission: the same id while the form is unchanged (a retry
 * after a lost answer moves no money twice), a new one once it succeeded or the member edited it.
 */
export function createRequestIdSlot(): { take: () => string; reset: () => void } {
  let id: string | null = null;
  return {
    take: () => (id ??= newRequestId()),
    reset: () => {
      id = null;
    },
  };
}
