import path from 'node:path';
import { ALLOW_SANDBOX_PAYMENTS } from './modules/deposit/payment-channels.ts';
import { ALLOW_SANDBOX_PHONE } from './modules/sandbox-phone/sandbox-phone.service.ts';

/** Everything the server and the operator CLI read from the environment, in one place (README lists them). */
export interface TConfig {
  port: number;
  host: string;
  /** Loopback port of the operator API (embedded database only). */
  opsPort: number;
  dataDir: string;
  databaseUrl: string | null;
  webDist: string;
  logLevel: string;
  trustProxy: boolean;
  /** Bearer token for /metrics; without it the public port has none. */
  metricsToken: string | null;
  merchantCode: string;
  /** Shown on the site and in the demo credentials; never a secret. */
  seedDemo: boolean;
  /** Third-party login providers; a provider without its settings is not offered (docs/decisions.md). */
  thirdParty: TThirdPartyConfig;
  /** The online (sandbox) gateway: shared HMAC secret and callback URL; null = the defaults of app.ts. */
  gateway: { secret: string | null; callbackUrl: string | null };
  /** NODE_ENV=production: a start refuses a sandbox payment channel that is on, unless allowSandboxPayments. */
  production: boolean;
  /** ALLOW_SANDBOX_PAYMENTS=yes-no-money-moves: a production server may run a sandbox channel the operator turned on. */
  allowSandboxPayments: boolean;
  /** ALLOW_SANDBOX_PHONE=yes-no-real-sms: a production server may run the sandbox phone provider (`ops sms provider sandbox`). */
  allowSandboxPhone: boolean;
  /** REALTIME_POLL_MS: how often each process reads the figures of its connected members for change signals (default 1000). */
  realtimePollMs: number;
  /**
   * The house's virtual sports rounds (issue 20, modules/sportsbook/sportsbook.virtual.ts): a round kicks off every
   * SPORTS_VIRTUAL_INTERVAL_SECONDS (default 180; at least 60 and dividing a day: 60, 120, 180, 300, …) and its
   * result is revealed SPORTS_VIRTUAL_MATCH_SECONDS after kick-off (default 60; 0 to one interval). Betting on a
   * round opens when the round before it kicks off. The e2e runs 60 and 15 so a round ends within a minute.
   * SPORTS_VIRTUAL_MARGIN_BP: the book's margin on virtual prices in basis points (default 500 = 5 %, 0 to 4999).
   */
  sportsVirtual: { intervalSeconds: number; matchSeconds: number; marginBp: number };
}

export type TOAuthProviderName = 'google' | 'facebook';

/**
 * One OAuth 2 provider. With `issuer` it is OpenID Connect (discovery, ID token, nonce); without it,
 * plain OAuth 2 with the given endpoints and the profile read from `userinfoUrl` (Facebook).
 */
export interface TOAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  issuer: string | null;
  authorizationUrl: string | null;
  tokenUrl: string | null;
  userinfoUrl: string | null;
  scope: string;
}

export interface TThirdPartyConfig {
  google: TOAuthProviderConfig | null;
  facebook: TOAuthProviderConfig | null;
  /** Telegram Login: the bot's token signs the login data; its name is shown to the visitor. */
  telegram: { botToken: string; botName: string | null } | null;
}

const OAUTH_DEFAULTS: Record<TOAuthProviderName, Omit<TOAuthProviderConfig, 'clientId' | 'clientSecret'>> = {
  google: { issuer: 'https://accounts.google.com', authorizationUrl: null, tokenUrl: null, userinfoUrl: null, scope: 'openid email profile' },
  facebook: {
    issuer: null,
    authorizationUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/me?fields=id,name,email',
    scope: 'public_profile email',
  },
};

function oauthProviderFrom(env: NodeJS.ProcessEnv, name: TOAuthProviderName): TOAuthProviderConfig | null {
  const prefix = `OAUTH_${name.toUpperCase()}_`;
  const read = (key: string) => env[prefix + key] || null;
  const clientId = read('CLIENT_ID');
  const clientSecret = read('CLIENT_SECRET');
  if (!clientId || !clientSecret) return null;
  const d = OAUTH_DEFAULTS[name];
  // Explicit endpoints without an issuer switch a provider to plain OAuth 2.
  const plain = read('AUTHORIZATION_URL') !== null && read('ISSUER') === null;
  return {
    clientId,
    clientSecret,
    issuer: plain ? null : (read('ISSUER') ?? d.issuer),
    authorizationUrl: read('AUTHORIZATION_URL') ?? d.authorizationUrl,
    tokenUrl: read('TOKEN_URL') ?? d.tokenUrl,
    userinfoUrl: read('USERINFO_URL') ?? d.userinfoUrl,
    scope: read('SCOPE') ?? d.scope,
  };
}

export function thirdPartyFrom(env: NodeJS.ProcessEnv): TThirdPartyConfig {
  const botToken = env.TELEGRAM_BOT_TOKEN || null;
  if (botToken !== null && !/^[0-9]+:[A-Za-z0-9_-]+$/.test(botToken)) throw new Error('TELEGRAM_BOT_TOKEN must look like 123456:ABC-…');
  return {
    google: oauthProviderFrom(env, 'google'),
    facebook: oauthProviderFrom(env, 'facebook'),
    telegram: botToken ? { botToken, botName: env.TELEGRAM_BOT_NAME || null } : null,
  };
}

/** The second word a production operator must say to run a sandbox channel: exactly that value, nothing looser. */
function allowSandboxFrom(value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  if (value !== ALLOW_SANDBOX_PAYMENTS) throw new Error(`ALLOW_SANDBOX_PAYMENTS must be "${ALLOW_SANDBOX_PAYMENTS}" (no money moves through a sandbox channel) or unset, got "${value}"`);
  return true;
}

/** The same double consent for the sandbox phone provider (issue 22): exactly that value. */
function allowSandboxPhoneFrom(value: string | undefined): boolean {
  if (value === undefined || value === '') return false;
  if (value !== ALLOW_SANDBOX_PHONE) throw new Error(`ALLOW_SANDBOX_PHONE must be "${ALLOW_SANDBOX_PHONE}" (the sandbox sends no real SMS) or unset, got "${value}"`);
  return true;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return n;
}

function pollMsFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 1_000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 50 || n > 60_000) throw new Error(`REALTIME_POLL_MS must be milliseconds from 50 to 60000, got "${value}"`);
  return n;
}

/** SPORTS_VIRTUAL_INTERVAL_SECONDS, SPORTS_VIRTUAL_MATCH_SECONDS and SPORTS_VIRTUAL_MARGIN_BP (see TConfig.sportsVirtual). */
export function sportsVirtualFrom(env: NodeJS.ProcessEnv): TConfig['sportsVirtual'] {
  const read = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw new Error(`${name} must be a whole number of seconds, got "${value}"`);
    return n;
  };
  const intervalSeconds = read('SPORTS_VIRTUAL_INTERVAL_SECONDS', 180);
  const matchSeconds = read('SPORTS_VIRTUAL_MATCH_SECONDS', Math.min(60, intervalSeconds));
  if (intervalSeconds < 60 || 86_400 % intervalSeconds !== 0) throw new Error(`SPORTS_VIRTUAL_INTERVAL_SECONDS must be at least 60 and divide a day (60, 120, 180, 300, …), got ${intervalSeconds}`);
  if (matchSeconds < 0 || matchSeconds > intervalSeconds) throw new Error(`SPORTS_VIRTUAL_MATCH_SECONDS must be 0 to SPORTS_VIRTUAL_INTERVAL_SECONDS (${intervalSeconds}), got ${matchSeconds}`);
  const marginBp = read('SPORTS_VIRTUAL_MARGIN_BP', 500);
  if (marginBp < 0 || marginBp >= 5000) throw new Error(`SPORTS_VIRTUAL_MARGIN_BP must be 0 to 4999 basis points (500 = 5 %), got ${marginBp}`);
  return { intervalSeconds, matchSeconds, marginBp };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const port = intFrom(env.PORT, 8080, 'PORT');
  const root = path.resolve(import.meta.dirname, '../../..');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    opsPort: intFrom(env.OPS_PORT, 0, 'OPS_PORT'),
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL ? env.DATABASE_URL : null,
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    metricsToken: env.METRICS_TOKEN || null,
    merchantCode: env.MERCHANT_CODE ?? 'PLAYHALL',
    seedDemo: env.SEED_DEMO !== '0',
    thirdParty: thirdPartyFrom(env),
    gateway: { secret: env.GATEWAY_SECRET || null, callbackUrl: env.GATEWAY_CALLBACK_URL || null },
    production: env.NODE_ENV === 'production',
    allowSandboxPayments: allowSandboxFrom(env.ALLOW_SANDBOX_PAYMENTS),
    allowSandboxPhone: allowSandboxPhoneFrom(env.ALLOW_SANDBOX_PHONE),
    realtimePollMs: pollMsFrom(env.REALTIME_POLL_MS),
    sportsVirtual: sportsVirtualFrom(env),
  };
}
