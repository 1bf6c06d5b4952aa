/**
 * The URL a /game?url= page may frame: http(s) or a path of this site. Anything else (javascript:,
 * data:, garbage) is refused, so a crafted link cannot run script in the portal's name. A URL of this
 * site stays a path (house games, /house/<game>.html#token=…); another host stays absolute.
 */
export function frameableUrl(raw: string | null, origin: string): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}
