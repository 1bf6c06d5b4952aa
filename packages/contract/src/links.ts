/**
 * Links operators and members store (banner and notice links and images, customer-service and social
 * resources, a registration's page address): an absolute `http:` or `https:` address, or a reference
 * inside this site (`/promotions`, `img/banners/1.svg`, `?tab=2`). Anything else (`javascript:`, `data:`,
 * `//other.host`, `/\other.host`) is refused when written and not rendered as a link (issue 15).
 */

/** Any control character or whitespace: browsers drop tabs and newlines inside a URL (`java\tscript:`). */
const UNSAFE_CHAR = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const HTTP = /^https?:\/\//i;
const BASE = 'https://site.invalid/';

function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

export function isSafeLink(value: string): boolean {
  if (value === '' || value.length > 2048 || UNSAFE_CHAR.test(value)) return false;
  if (SCHEME.test(value)) {
    const url = HTTP.test(value) ? parse(value) : null;
    return url !== null && url.hostname !== '' && url.username === '' && url.password === '';
  }
  // A relative reference must stay on this site: `//host` and the like resolve elsewhere.
  return parse(value, BASE)?.origin === new URL(BASE).origin;
}
