import * as oidc from 'openid-client';
import type { TOAuthProviderConfig, TOAuthProviderName, TThirdPartyConfig } from '../../config.ts';

/** Who the provider says the visitor is. */
export interface TOAuthIdentity {
  subject: string;
  email: string | null;
  displayName: string | null;
}

export interface TOAuthChecks {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Seconds a call to a provider may take. */
const PROVIDER_TIMEOUT_S = 10;

/** Plain http is allowed only to this machine (a local provider in tests or development). */
function isLoopbackHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]');
}

async function configurationOf(c: TOAuthProviderConfig): Promise<oidc.Configuration> {
  let conf: oidc.Configuration;
  if (c.issuer) {
    const insecure = isLoopbackHttp(c.issuer);
    conf = await oidc.discovery(new URL(c.issuer), c.clientId, c.clientSecret, undefined, {
      timeout: PROVIDER_TIMEOUT_S,
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
  } else {
    if (!c.authorizationUrl || !c.tokenUrl || !c.userinfoUrl) throw new Error('a plain OAuth 2 provider needs its authorization, token and userinfo URLs');
    conf = new oidc.Configuration(
      { issuer: new URL(c.authorizationUrl).origin, authorization_endpoint: c.authorizationUrl, token_endpoint: c.tokenUrl },
      c.clientId,
      c.clientSecret,
    );
    if (isLoopbackHttp(c.tokenUrl)) oidc.allowInsecureRequests(conf);
  }
  conf.timeout = PROVIDER_TIMEOUT_S;
  return conf;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 255) : null);

/**
 * OAuth 2 / OpenID Connect with `openid-client`: the authorization URL (PKCE S256, state, nonce) and
 * the code exchange with its checks. An OpenID provider's ID token (signature, issuer, audience,
 * nonce) names the visitor; a plain OAuth 2 provider (Facebook) is asked its userinfo URL with the
 * access token. Discovery runs once per provider and is retried after a failure.
 */
export function createOAuthClients(config: Pick<TThirdPartyConfig, TOAuthProviderName>) {
  const configurations = new Map<TOAuthProviderName, Promise<oidc.Configuration>>();

  function settings(name: TOAuthProviderName): TOAuthProviderConfig {
    const c = config[name];
    if (!c) throw new Error(`${name} login is not configured`);
    return c;
  }

  function configuration(name: TOAuthProviderName): Promise<oidc.Configuration> {
    let found = configurations.get(name);
    if (!found) {
      found = configurationOf(settings(name));
      configurations.set(name, found);
      found.catch(() => configurations.delete(name));
    }
    return found;
  }

  return {
    /** Fresh state, nonce and PKCE verifier (32 random bytes each, base64url). */
    newChecks(redirectUri: string): TOAuthChecks {
      // Normalised as the code exchange will send it (no default port), so both requests name the same URI.
      const uri = new URL(redirectUri).href;
      return { redirectUri: uri, state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    },

    configured(name: TOAuthProviderName): boolean {
      return config[name] !== null;
    },

    async authorizationUrl(name: TOAuthProviderName, checks: TOAuthChecks): Promise<string> {
      const conf = await configuration(name);
      const c = settings(name);
      const params: Record<string, string> = {
        redirect_uri: checks.redirectUri,
        scope: c.scope,
        state: checks.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (c.issuer) params.nonce = checks.nonce;
      return oidc.buildAuthorizationUrl(conf, params).toString();
    },

    /** Exchanges the code; throws when the provider or any check refuses. */
    async finish(name: TOAuthProviderName, callback: { code: string; state: string; iss?: string }, checks: TOAuthChecks): Promise<TOAuthIdentity> {
      const conf = await configuration(name);
      const c = settings(name);
      const url = new URL(checks.redirectUri);
      url.searchParams.set('code', callback.code);
      url.searchParams.set('state', callback.state);
      if (callback.iss) url.searchParams.set('iss', callback.iss);
      const tokens = await oidc.authorizationCodeGrant(conf, url, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        ...(c.issuer ? { expectedNonce: checks.nonce } : {}),
      });
      if (c.issuer) {
        const claims = tokens.claims();
        if (!claims) throw new Error('no ID token');
        let profile: Record<string, unknown> = claims;
        // Providers may keep e-mail and name out of the ID token; its userinfo has them.
        if (!claims.email && !claims.name && conf.serverMetadata().userinfo_endpoint) {
          profile = { ...(await oidc.fetchUserInfo(conf, tokens.access_token, claims.sub)), sub: claims.sub };
        }
        const verified = profile.email_verified === true || profile.email_verified === 'true';
        return { subject: claims.sub, email: verified ? text(profile.email) : null, displayName: text(profile.name) };
      }
      if (!c.userinfoUrl) throw new Error('no userinfo URL');
      const res = await oidc.fetchProtectedResource(conf, tokens.access_token, new URL(c.userinfoUrl), 'GET');
      if (!res.ok) throw new Error(`userinfo answered ${res.status}`);
      const profile = (await res.json()) as Record<string, unknown>;
      const subject = text(profile.id) ?? text(profile.sub) ?? (typeof profile.id === 'number' ? String(profile.id) : null);
      if (!subject) throw new Error('userinfo without a subject');
      return { subject, email: text(profile.email), displayName: text(profile.name) };
    },
  };
}

export type TOAuthClients = ReturnType<typeof createOAuthClients>;
