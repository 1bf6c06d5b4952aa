import { queryOptions, useQuery } from '@tanstack/react-query';
import { oauthLogin, oauthStart, telegramLogin, thirdPartyProviders, type TLoginValue, type TTelegramLoginRequest } from '@playhall/contract/calls/auth';
import { call } from '../../../lib/api-client.ts';

/** GOOGLELOGIN3 / FACEBOOKLOGIN3 / TELEGRAMLOGIN3 with the server configured for them. */
export const getThirdPartyProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'thirdPartyProviders'],
    queryFn: () => call(thirdPartyProviders, {}),
    staleTime: 5 * 60 * 1000,
    meta: { silent: true },
  });

export const useThirdPartyProviders = () => useQuery(getThirdPartyProvidersQueryOptions());

/** Google or Facebook: the server keeps state, PKCE verifier and nonce; the browser goes to the provider. */
export async function startOAuth(provider: 'google' | 'facebook'): Promise<void> {
  const { url } = await call(oauthStart, { provider });
  window.location.assign(url);
}

/** Telegram's login data as its sign-in page hands it back: `#tgAuthResult=<base64url JSON>`. */
export function telegramResultOf(hash: string): Record<string, unknown> | null {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get('tgAuthResult');
  if (!raw) return null;
  try {
    const json = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const data: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What the provider's redirect to /oauth/callback carries. */
export type TCallback =
  | { kind: 'oauth'; code: string; state: string; iss: string | null }
  | { kind: 'telegram'; data: Record<string, unknown> }
  /** The visitor said no at the provider. */
  | { kind: 'cancelled' }
  /** The page was opened without a provider's answer. */
  | { kind: 'empty' };

/** `code` and `state` (and `iss`) from an OAuth provider, `#tgAuthResult` from Telegram, or `error`. */
export function readCallback(search: string, hash: string): TCallback {
  const query = new URLSearchParams(search);
  const telegram = telegramResultOf(hash);
  if (telegram) return { kind: 'telegram', data: telegram };
  const code = query.get('code');
  const state = query.get('state');
  if (code && state) return { kind: 'oauth', code, state, iss: query.get('iss') };
  if (query.get('error') || hash.includes('tgAuthResult=false')) return { kind: 'cancelled' };
  return { kind: 'empty' };
}

/** Hands the provider's answer to the server: the login value, as after a password login. */
export function sendCallback(callback: Extract<TCallback, { kind: 'oauth' | 'telegram' }>): Promise<TLoginValue> {
  if (callback.kind === 'telegram') return call(telegramLogin, callback.data as TTelegramLoginRequest);
  return call(oauthLogin, { code: callback.code, state: callback.state, ...(callback.iss ? { iss: callback.iss } : {}) });
}
