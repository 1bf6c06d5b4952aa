import type { FastifyRequest } from 'fastify';
import type { TLanguageCode } from '@playhall/contract/languages';
import { requestLanguage } from '../../lib/content-language.ts';
import { locate } from '../../lib/geoip.ts';
import type { TSiteConfig } from '../system/site-config.ts';

/** Who is asking: recorded in sessions and login history, used by the per-IP limits. */
export interface TClient {
  ip: string;
  country: string;
  device: string;
  /** The interface language the request names (Language header), if known. */
  language: TLanguageCode | null;
  /** Scheme and host the visitor reached us at, for links we send. */
  origin: { protocol: string; host: string };
}

export function clientOf(request: FastifyRequest): TClient {
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip,
    country: locate(request.ip).country,
    device: typeof ua === 'string' ? ua.slice(0, 255) : '',
    language: requestLanguage(request) as TLanguageCode | null,
    origin: { protocol: request.protocol, host: request.headers.host ?? '' },
  };
}

/**
 * The origin of links we hand out (a reset link, an OAuth redirect URI): the host the visitor used
 * when it is one of the merchant's domains, else the first domain — never a host taken blindly from
 * a header (link poisoning).
 */
export function siteOrigin(site: Pick<TSiteConfig, 'domains'>, origin: TClient['origin']): string {
  const hostname = origin.host.replace(/:\d+$/, '').toLowerCase();
  const host = site.domains.includes(hostname) ? origin.host : (site.domains[0] ?? 'localhost');
  return `${origin.protocol === 'https' ? 'https' : 'http'}://${host}`;
}
