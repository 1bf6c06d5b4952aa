import type { TLoginValue, TThirdPartyProviders } from '@playhall/contract/calls/auth';
import { isSafeDisplayName } from '@playhall/contract/names';
import { fieldError, usernameRule } from '@playhall/contract/validation';
import type { TModuleFlag } from '@playhall/contract/whitelabel';
import type { TOAuthProviderName, TThirdPartyConfig } from '../../config.ts';
import type { TDb, TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomText, sha256Hex } from '../../lib/secrets.ts';
import type { TAccountRepository, TUserRow } from '../account/account.repository.ts';
import type { TCounterRepository } from '../limits/counter.repository.ts';
import type { TSiteConfig, TSiteConfigLoader } from '../system/site-config.ts';
import { siteOrigin, type TClient } from './client.ts';
import { assertMayLogIn } from './login.service.ts';
import type { TOAuthClients, TOAuthIdentity } from './oauth.client.ts';
import { REGISTRATIONS_PER_IP_DAY } from './register.service.ts';
import type { TSignInService } from './sign-in.service.ts';
import { checkTelegramLogin, telegramAuthUrl, type TTelegramData } from './telegram.ts';
import type { TIdentityProvider, TThirdPartyRepository } from './third-party.repository.ts';

/** The provider's name for the visitor as the nickname, when it is a safe one; else the username. */
function nicknameOf(displayName: string | null | undefined, username: string): string {
  const name = displayName?.trim().slice(0, 64) ?? '';
  return name !== '' && isSafeDisplayName(name) ? name : username;
}

/** An OAuth login must come back within this time, once. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/** The web route the providers send the visitor back to (apps/web paths.oauthCallback). */
export const OAUTH_CALLBACK_PATH = '/oauth/callback';
const DAY_MS = 24 * 60 * 60 * 1000;
const USERNAME_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

const FLAG: Record<TIdentityProvider, TModuleFlag> = {
  google: 'GOOGLELOGIN3',
  facebook: 'FACEBOOKLOGIN3',
  telegram: 'TELEGRAMLOGIN3',
};

/** What a provider told us, ready to find or open the account. */
interface TVerifiedIdentity extends TOAuthIdentity {
  provider: TIdentityProvider;
  /** A name the provider knows the visitor by, to derive the username from. */
  usernameHint: string | null;
}

/**
 * A username for an account opened by a third party: from the provider's name for the visitor,
 * letters and digits only, starting with a letter, fitted to the username rule's bounds and made
 * unique with random digits; a random name when nothing fits (docs/decisions.md).
 */
export function usernameCandidates(hint: string | null, provider: TIdentityProvider, bounds: { min: number; max: number }): string[] {
  const min = Math.max(bounds.min, 4);
  const max = Math.max(bounds.max || 16, min);
  const letters = (hint ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  const base = /^[a-z]/.test(letters) ? letters : `${provider[0]}${letters}`;
  const digits = (n: number) => randomText('0123456789', n);
  const out: string[] = [];
  if (base.length >= min && base.length <= max) out.push(base);
  const stem = base.slice(0, max - 4);
  for (let i = 0; i < 3; i++) out.push(`${stem}${digits(Math.max(4, min - stem.length))}`.slice(0, max));
  out.push(`${provider[0]}${randomText(USERNAME_ALPHABET, Math.max(min, Math.min(max, 10)) - 1)}`);
  return out;
}

/**
 * Third-party login (GOOGLELOGIN3, FACEBOOKLOGIN3, TELEGRAMLOGIN3): OAuth 2 / OpenID Connect for
 * Google and Facebook, Telegram's signed login data. The provider's subject finds the account in
 * `user_identities`; an unknown one opens a new member account. Then the shared sign-in path
 * (second verification, session, login record, login value).
 */
export function createThirdPartyService(deps: {
  db: TDb;
  site: Pick<TSiteConfigLoader, 'get'>;
  config: TThirdPartyConfig;
  oauth: TOAuthClients;
  repo: TThirdPartyRepository;
  accounts: Pick<TAccountRepository, 'byId' | 'byUsername' | 'insert'>;
  counters: Pick<TCounterRepository, 'peek' | 'hit'>;
  signIn: TSignInService;
  welcome: (tx: TTx, userId: number, siteName: string) => Promise<void>;
  log?: { warn(obj: object, msg: string): void };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  function offered(site: TSiteConfig, provider: TIdentityProvider): boolean {
    if (site.flags.get(FLAG[provider]) !== true) return false;
    return provider === 'telegram' ? deps.config.telegram !== null : deps.oauth.configured(provider);
  }

  function assertOffered(site: TSiteConfig, provider: TIdentityProvider): void {
    if (!offered(site, provider)) throw new AppError('third_party_unavailable');
  }

  async function newAccount(site: TSiteConfig, identity: TVerifiedIdentity, client: TClient): Promise<number> {
    // A new account is a registration: only while registration is open, within the per-IP limit.
    if (site.flags.get('DIRECTREG3') !== true) throw new AppError('third_party_no_account');
    const ipKey = `register:ip:${site.merchant.id}:${client.ip}`;
    if ((await deps.counters.peek(deps.db, ipKey, now())).count >= REGISTRATIONS_PER_IP_DAY) throw new AppError('rate_limited');

    // The username follows the register rule (and the account-name check) like any registration's.
    const stored = site.registerRules.find((r) => r.field === 'username');
    const rule = usernameRule(site.registerRules);
    let username: string | null = null;
    for (const candidate of usernameCandidates(identity.usernameHint, identity.provider, { min: stored?.minLength ?? 6, max: stored?.maxLength ?? 12 })) {
      if (fieldError('username', candidate, rule) !== null) continue;
      if (!(await deps.accounts.byUsername(deps.db, site.merchant.id, candidate))) {
        username = candidate;
        break;
      }
    }
    username ??= `${identity.provider[0]}${randomText(USERNAME_ALPHABET, 11)}`;

    try {
      const userId = await deps.db.transaction(async (tx) => {
        const id = await deps.accounts.insert(tx, {
          merchantId: site.merchant.id,
          username,
          // No password: the member logs in through the provider, and may set one in the security centre.
          passwordHash: null,
          type: 'member',
          accountType: 0,
          // The provider's display name is shown to others: nothing hidden or direction-changing in it.
          nickname: nicknameOf(identity.displayName, username),
          language: client.language ?? undefined,
          registerIp: client.ip,
        });
        await deps.repo.insertIdentity(tx, {
          merchantId: site.merchant.id,
          userId: id,
          provider: identity.provider,
          subject: identity.subject,
          email: identity.email,
          displayName: identity.displayName,
        });
        await deps.welcome(tx, id, site.merchant.name);
        return id;
      });
      await deps.counters.hit(deps.db, ipKey, DAY_MS, now());
      return userId;
    } catch (err) {
      // Two callbacks of one identity at once: the other made the account (ours rolled back).
      const raced = await deps.repo.identityUserId(deps.db, site.merchant.id, identity.provider, identity.subject);
      if (raced === null) throw err;
      return raced;
    }
  }

  async function signInAs(identity: TVerifiedIdentity, client: TClient): Promise<TLoginValue> {
    const site = await deps.site.get();
    const known = await deps.repo.identityUserId(deps.db, site.merchant.id, identity.provider, identity.subject);
    const userId = known ?? (await newAccount(site, identity, client));
    const user: TUserRow | null = await deps.accounts.byId(deps.db, userId);
    if (!user) throw new Error(`account ${userId} of a ${identity.provider} identity is missing`);
    assertMayLogIn(user);
    await deps.signIn.requireSecondStep(user, identity.provider, client);
    return deps.signIn.signIn(user, identity.provider, client);
  }

  return {
    /** The ways in the login modal shows: flag on and configured. */
    async providers(client: TClient): Promise<TThirdPartyProviders> {
      const site = await deps.site.get();
      const list = (['google', 'facebook', 'telegram'] as const).filter((p) => offered(site, p));
      const telegram = deps.config.telegram;
      const origin = siteOrigin(site, client.origin);
      return {
        providers: list,
        telegramAuthUrl: telegram && list.includes('telegram') ? telegramAuthUrl(telegram.botToken, origin, origin + OAUTH_CALLBACK_PATH) : null,
        telegramBotName: telegram && list.includes('telegram') ? telegram.botName : null,
      };
    },

    /** Keeps state, PKCE verifier and nonce (state hashed, 10 minutes, single use); answers the provider's URL. */
    async start(provider: TOAuthProviderName, client: TClient): Promise<{ url: string }> {
      const site = await deps.site.get();
      assertOffered(site, provider);
      const checks = deps.oauth.newChecks(siteOrigin(site, client.origin) + OAUTH_CALLBACK_PATH);
      let url: string;
      try {
        url = await deps.oauth.authorizationUrl(provider, checks);
      } catch (err) {
        deps.log?.warn({ err, provider }, 'OAuth provider unreachable');
        throw new AppError('third_party_failed');
      }
      await deps.repo.insertState(deps.db, {
        stateHash: sha256Hex(checks.state),
        merchantId: site.merchant.id,
        provider,
        codeVerifier: checks.codeVerifier,
        nonce: checks.nonce,
        redirectUri: checks.redirectUri,
        expiresAt: new Date(now().getTime() + OAUTH_STATE_TTL_MS),
      });
      return { url };
    },

    /** The provider's redirect, posted by the web: state (once), code exchange with PKCE, ID token and nonce. */
    async oauthLogin(input: { code: string; state: string; iss?: string }, client: TClient): Promise<TLoginValue> {
      const site = await deps.site.get();
      const row = await deps.repo.useState(deps.db, site.merchant.id, sha256Hex(input.state), now());
      if (!row) throw new AppError('third_party_expired');
      assertOffered(site, row.provider);
      let identity: TOAuthIdentity;
      try {
        identity = await deps.oauth.finish(row.provider, input, {
          redirectUri: row.redirectUri,
          state: input.state,
          nonce: row.nonce,
          codeVerifier: row.codeVerifier,
        });
      } catch (err) {
        deps.log?.warn({ err, provider: row.provider }, 'OAuth code exchange refused');
        throw new AppError('third_party_failed');
      }
      const hint = identity.email?.split('@')[0] ?? identity.displayName;
      return signInAs({ ...identity, provider: row.provider, usernameHint: hint }, client);
    },

    /** Telegram's signed login data: hash, at most a day old, and used once. */
    async telegramLogin(input: TTelegramData & { id: number; username?: string; first_name?: string; last_name?: string }, client: TClient): Promise<TLoginValue> {
      const site = await deps.site.get();
      assertOffered(site, 'telegram');
      const telegram = deps.config.telegram;
      if (!telegram) throw new AppError('third_party_unavailable');
      const verdict = checkTelegramLogin(input, telegram.botToken, now());
      if (verdict === 'bad_hash') throw new AppError('third_party_failed');
      if (verdict === 'expired') throw new AppError('third_party_expired');
      // Signed data stays valid for a day; taking it once stops a copied callback from logging in again.
      const used = await deps.counters.hit(deps.db, `telegram:hash:${input.hash}`, DAY_MS, now());
      if (used.count > 1) throw new AppError('third_party_expired');
      const displayName = [input.first_name, input.last_name].filter(Boolean).join(' ').trim() || input.username || null;
      return signInAs(
        {
          provider: 'telegram',
          subject: String(input.id),
          email: null,
          displayName: displayName?.slice(0, 255) ?? null,
          usernameHint: input.username ?? displayName,
        },
        client,
      );
    },
  };
}

export type TThirdPartyService = ReturnType<typeof createThirdPartyService>;
