import { depositGatewayCallback } from '@playhall/contract/calls/wallet';

/** Paths the SPA fallback must never answer: API, images, operator and health endpoints. */
const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/img/', '/ops/', '/house/api/', '/sandbox-gateway/'];
const EXACT = new Set(['/healthz', '/readyz', '/metrics']);

export function isApiPath(pathname: string): boolean {
  return EXACT.has(pathname) || API_PREFIXES.some((p) => pathname.startsWith(p));
}

/**
 * System calls stay reachable in maintenance and from blocked regions: the start-up page needs them. So
 * does the gateway's server-to-server callback: a gateway is no visitor, and a paid deposit must not wait
 * out a maintenance window (nor depend on where the gateway's servers are).
 */
export function isSystemPath(pathname: string): boolean {
  return pathname.startsWith('/wps/system/') || pathname.startsWith('/img/') || pathname === depositGatewayCallback.path;
}
