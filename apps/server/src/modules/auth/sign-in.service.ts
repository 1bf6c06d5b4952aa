import type { TLoginValue, ZSecondVerificationMethod } from '@playhall/contract/calls/auth';
import type { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/secrets.ts';
import type { TAccountRepository, TUserRow } from '../account/account.repository.ts';
import type { TLoginRecordRepository } from '../account/login-record.repository.ts';
import { maskEmail, maskMobile, memberInfoOf } from '../account/member-info.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import type { TAuthRepository } from './auth.repository.ts';
import type { TClient } from './client.ts';
import type { TSessionService } from './session.service.ts';
import { memberInfoRow } from '../account/member-info.repository.ts';
import { assertNotSelfExcluded } from '../responsible/rg-guard.ts';

export type TSignInMethod = 'password' | 'sms' | 'register' | 'freeplay' | TThirdPartyMethod;
/** A way in through a third party (login history names the provider). */
export type TThirdPartyMethod = 'google' | 'facebook' | 'telegram';
/** The first step a second verification follows. */
export type TFirstStep = 'password' | 'sms' | TThirdPartyMethod;
type TSecondMethod = z.infer<typeof ZSecondVerificationMethod>;

/** A second verification must be answered within this time (then log in again). */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the password is past the merchant's maximum age (merchants.password_max_age_days). */
export function isPasswordExpired(user: Pick<TUserRow, 'passwordHash' | 'passwordChangedAt'>, maxAgeDays: number | null, now: Date): boolean {
  if (maxAgeDays === null || user.passwordHash === null) return false;
  return user.passwordChangedAt.getTime() + maxAgeDays * DAY_MS <= now.getTime();
}

/**
 * The end of every way in: the second verification when it is due (LOGINIPVERF3 on a new IP, or
 * two-factor on), then the session, the login record and the login value of spec §3.
 */
export function createSignInService(deps: {
  db: TDb;
  site: Pick<TSiteConfigLoader, 'get'>;
  accounts: Pick<TAccountRepository, 'update'>;
  records: Pick<TLoginRecordRepository, 'record' | 'ipStatus'>;
  sessions: Pick<TSessionService, 'create'>;
  auth: Pick<TAuthRepository, 'insertChallenge'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** The ways this account can prove itself on a second step. */
  function secondMethods(user: TUserRow): TSecondMethod[] {
    if (user.totpEnabledAt) return ['totp'];
    const methods: TSecondMethod[] = [];
    if (user.mobile) methods.push('sms');
    if (user.email) methods.push('email');
    if (user.payeeName) methods.push('bankName');
    return methods;
  }

  return {
    secondMethods,

    /**
     * Refuses with `second_verification_required` and a challenge when the login needs a second step:
     * two-factor is on, or LOGINIPVERF3 is on and the account has logged in before but never from
     * this IP. An account's first login records its IP without asking; an account with nothing to
     * verify by is let in (docs/decisions.md).
     */
    async requireSecondStep(user: TUserRow, method: TFirstStep, client: TClient): Promise<void> {
      let due = user.totpEnabledAt !== null;
      if (!due && (await deps.site.get()).flags.get('LOGINIPVERF3')) {
        const ip = await deps.records.ipStatus(deps.db, user.id, client.ip);
        due = ip.any && !ip.known;
      }
      const methods = secondMethods(user);
      if (!due || methods.length === 0) return;
      const challengeId = randomToken(24);
      await deps.auth.insertChallenge(deps.db, {
        id: challengeId,
        userId: user.id,
        method,
        ip: client.ip,
        expiresAt: new Date(now().getTime() + CHALLENGE_TTL_MS),
      });
      throw new AppError('second_verification_required', {
        challengeId,
        methods,
        mobileNum: methods.includes('sms') ? maskMobile(user.mobile) : null,
        email: methods.includes('email') ? maskEmail(user.email) : null,
      });
    },

    async signIn(user: TUserRow, method: TSignInMethod, client: TClient): Promise<TLoginValue> {
      // Responsible gaming (issue 22): a self-excluded account opens no session, by any method.
      await assertNotSelfExcluded(deps.db, user.id);
      const site = await deps.site.get();
      const at = now();
      const token = await deps.db.transaction(async (tx) => {
        const created = await deps.sessions.create(tx, user.id, client);
        await deps.records.record(tx, { userId: user.id, ip: client.ip, country: client.country, device: client.device, method }, at);
        await deps.accounts.update(tx, user.id, { lastLoginAt: at });
        return created;
      });
      const passwordExpired = isPasswordExpired(user, site.merchant.passwordMaxAgeDays, at);
      // Spec §4: never after an SMS (or provider) login; the member proved the phone, not the password.
      const mustChangePassword =
        method === 'password' && (user.passwordInitial || (passwordExpired && site.flags.get('PWDEXPFORCECHANGE3') === true));
      const fresh = await memberInfoRow(deps.db, user.id);
      if (!fresh) throw new Error(`account ${user.id} vanished during login`);
      return {
        token,
        firstTimeLogin: user.firstLoginDoneAt === null,
        passwordExpired,
        mustChangePassword,
        user: memberInfoOf(fresh.user, fresh.uplineAccount, site.merchant.code, fresh.flags, fresh.vip, { language: client.language, fallback: site.merchant.defaultLanguage }),
      };
    },
  };
}

export type TSignInService = ReturnType<typeof createSignInService>;
