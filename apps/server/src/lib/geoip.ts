import net from 'node:net';
import geoip from 'geoip-country';

export interface TLocation {
  ip: string;
  /** ISO 3166-1 alpha-2, or '' when the address is private or unknown. */
  country: string;
  countryName: string;
}

/** Country of an IP from the GeoIP database shipped inside the npm package (no network). */
export function locate(ip: string): TLocation {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!net.isIP(plain)) return { ip, country: '', countryName: 'Unknown' };
  const hit = geoip.lookup(plain);
  if (!hit) return { ip: plain, country: '', countryName: isPrivate(plain) ? 'Private network' : 'Unknown' };
  return { ip: plain, country: hit.country, countryName: hit.name };
}

function isPrivate(ip: string): boolean {
  return (
    ip === '::1' ||
    /^127\./.test(ip) ||
    /^10\./.test(ip) ||
    /^192\.168\./.test(ip) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(ip) ||
    /^f[cd]/i.test(ip) ||
    /^fe80:/i.test(ip)
  );
}
