import { passwordRule } from '@playhall/contract/validation';
import { validateByRule } from '@playhall/contract/patterns';
import type { TDb, TTx } from '../../db/client.ts';
import { AppError, invalidInput } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { randomToken, sha256Hex } from '../../lib/secrets.ts';
import type { TAccountRepository } from '../account/account.repository.ts';
import { normalizePhone } from '../account/phone.ts';
import { requireAccount } from '../account/require-account.ts';
import type { TCounterRepository } from '../limits/counter.repository.ts';
import type { TMailProvider } from '../messaging/providers.ts';
import type { TSmsCodeService } from '../messaging/sms-code.service.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import type { TAuthRepository } from './auth.repository.ts';
import { siteOrigin, type TClient } from './client.ts';
import type { TSessionService } from './session.service.ts';

/** A forgot-password link works once, for this long. */
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
/** Reset mails per account per hour, and wrong old passwords per account in 15 minutes. */
export const RESET_MAILS_PER_HOUR = 3;
export const OLD_PASSWORD_FAILURES = 5;

/** Passwords: change (old one asked only when one is stored), forgot by e-mail link or SMS code. */
export function createPasswordService(deps: {
  db: TDb;
  site: Pick<TSiteConfigLoader, 'get'>;
  accounts: Pick<TAccountRepository, 'byId' | 'byUsername' | 'byMobile' | 'update'>;
  auth: Pick<TAuthRepository, 'insertReset' | 'useReset' | 'voidResets'>;
  sessions: Pick<TSessionService, 'revokeAllOfUser'>;
  counters: Pick<TCounterRepository, 'hit' | 'giveBack' | 'clear'>;
  sms: Pick<TSmsCodeService, 'verify'>;
  mail: TMailProvider;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** The register rule of `password` applies to every new password (spec §5). */
  async function checkNew(password: string, path: string): Promise<void> {
    const rule = passwordRule((await deps.site.get()).registerRules);
    const error = validateByRule(password, rule);
    if (error) throw invalidInput([{ path, message: error, params: { patternId: rule.patternId, min: rule.minLength, max: rule.maxLength } }]);
  }

  /**
   * Sets a member's own new password: not initial, timestamped, earlier reset links void, and every
   * session ended — the member logs in again with the new password, on every device.
   */
  async function setPassword(tx: TTx, userId: number, passwordHash: string): Promise<void> {
    const at = now();
    await deps.accounts.update(tx, userId, { passwordHash, passwordInitial: false, passwordChangedAt: at });
    await deps.auth.voidResets(tx, userId, at);
    await deps.sessions.revokeAllOfUser(tx, userId);
  }

  return {
    async change(userId: number, input: { oldPassword?: string; newPassword: string }): Promise<void> {
      const user = await requireAccount(deps.accounts, deps.db, userId);
      await checkNew(input.newPassword, 'newPassword');
      if (user.passwordHash !== null) {
        if (!input.oldPassword) throw invalidInput([{ path: 'oldPassword', message: 'required' }]);
        const key = `oldpw:${userId}`;
        const at = now();
        // Counted before the check (counter.repository.ts), so a burst checks at most the limit.
        if ((await deps.counters.hit(deps.db, key, 15 * 60 * 1000, at)).count > OLD_PASSWORD_FAILURES) {
          await deps.counters.giveBack(deps.db, key, at);
          throw new AppError('rate_limited');
        }
        if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw new AppError('password_incorrect');
        await deps.counters.clear(deps.db, key);
        // An initial or expired password must really change.
        if (input.oldPassword === input.newPassword) throw new AppError('password_unchanged');
      }
      const hash = await hashPassword(input.newPassword);
      await deps.db.transaction((tx) => setPassword(tx, userId, hash));
    },

    /** Forgot by e-mail (CHNGPASSMAIL3): a single-use link to the account's address. */
    async mailResetLink(input: { username: string; email: string }, client: TClient): Promise<void> {
      const site = await deps.site.get();
      if (!site.flags.get('CHNGPASSMAIL3')) throw new AppError('operation_not_allowed');
      const user = await deps.accounts.byUsername(deps.db, site.merchant.id, input.username);
      // The spec's own message names the miss ("Username/Email does not exist", §8).
      if (!user?.email || user.email.toLowerCase() !== input.email.trim().toLowerCase() || user.status !== 'active') {
        throw new AppError('username_email_not_found');
      }
      const sent = await deps.counters.hit(deps.db, `resetmail:${user.id}`, 60 * 60 * 1000, now());
      if (sent.count > RESET_MAILS_PER_HOUR) throw new AppError('rate_limited');
      const token = randomToken(32);
      await deps.auth.insertReset(deps.db, {
        tokenHash: sha256Hex(token),
        userId: user.id,
        expiresAt: new Date(now().getTime() + RESET_LINK_TTL_MS),
      });
      const link = `${siteOrigin(site, client.origin)}/?resetToken=${encodeURIComponent(token)}`;
      await deps.mail.send({
        merchantId: site.merchant.id,
        to: user.email,
        subject: `${site.merchant.name}: reset your password`,
        body: `Hello ${user.username},\n\nSomeone (we hope you) asked to reset the password of this account. Open this link within ${RESET_LINK_TTL_MS / 60_000} minutes to choose a new password; it works once:\n\n${link}\n\nIf you did not ask, ignore this mail: your password stays as it is.`,
      });
    },

    async resetByLink(input: { token: string; newPassword: string }): Promise<void> {
      await checkNew(input.newPassword, 'newPassword');
      const hash = await hashPassword(input.newPassword);
      await deps.db.transaction(async (tx) => {
        const userId = await deps.auth.useReset(tx, sha256Hex(input.token), now());
        if (userId === null) throw new AppError('reset_link_invalid');
        await setPassword(tx, userId, hash);
      });
    },

    /** Forgot by mobile (CHNGPASSVERIF3): the SMS code of purpose resetPassword proves the number. */
    async resetByMobile(input: { countryDialingCode: string; mobileNum: string; verificationCode: string; newPassword: string }): Promise<void> {
      const site = await deps.site.get();
      if (!site.flags.get('CHNGPASSVERIF3')) throw new AppError('operation_not_allowed');
      await checkNew(input.newPassword, 'newPassword');
      const phone = normalizePhone(input.countryDialingCode, input.mobileNum);
      const user = await deps.accounts.byMobile(deps.db, site.merchant.id, phone.countryDialingCode, phone.mobile);
      if (!user) throw new AppError('mobile_not_registered');
      await deps.sms.verify({ merchantId: site.merchant.id, purpose: 'resetPassword', ...phone }, input.verificationCode);
      const hash = await hashPassword(input.newPassword);
      await deps.db.transaction((tx) => setPassword(tx, user.id, hash));
    },
  };
}

export type TPasswordService = ReturnType<typeof createPasswordService>;
