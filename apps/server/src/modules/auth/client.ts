import type { FastifyRequest } from 'fastify';
import { ZLanguageCode, type TLanguageCode } from '@playhall/contract/languages';
import { locate } from '../../lib/geoip.ts';

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
  const header = request.headers['language'];
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip,
    country: locate(request.ip).country,
    device: typeof ua === 'string' ? ua.slice(0, 255) : '',
    language: typeof header === 'string' ? (ZLanguageCode.safeParse(header.toUpperCase()).data ?? null) : null,
    origin: { protocol: request.protocol, host: request.headers.host ?? '' },
  };
}
