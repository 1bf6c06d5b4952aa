/**
 * The URL a /game?url= page may frame: http(s) or a path of this site. Anything else (javascript:,
 * data:, garbage) is refused, so a crafted link cannot run script in the portal's name.
 */
export function frameableUrl(raw: string | null, origin: string): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}
