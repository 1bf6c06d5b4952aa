import { AGENT_ACCOUNT_TYPES, TRIAL_ACCOUNT_TYPE } from '@playhall/contract/constants';
import type { TLoginRequest, TLoginValue, ZSecondVerificationMethod } from '@playhall/contract/calls/auth';
import type { z } from 'zod';
import type { TDb, TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { numericCode, randomText, sameDigest, sha256Hex } from '../../lib/secrets.ts';
import type { TAccountRepository, TUserRow } from '../account/account.repository.ts';
import { normalizePhone } from '../account/phone.ts';
import type { TTotpCheck } from '../account/totp-check.ts';
import type { TCounterRepository } from '../limits/counter.repository.ts';
import type { TMailProvider } from '../messaging/providers.ts';
import type { TSmsCodeService } from '../messaging/sms-code.service.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import type { TAuthRepository } from './auth.repository.ts';
import type { TCaptchaProvider } from './captcha.provider.ts';
import type { TClient } from './client.ts';
import type { TSignInService } from './sign-in.service.ts';
import type { TPhoneVerifier } from '../phone-verify/phone-verifier.ts';

/** Failed logins (per account, or per IP) after which the captcha is asked (spec §4, §8). */
export const LOGIN_CAPTCHA_AFTER = 3;
export const LOGIN_IP_CAPTCHA_AFTER = 5;
/** Failed logins per account in the window after which the account is locked for a while. */
export const LOGIN_LOCK_AFTER = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
/** Free-play guests one IP may create per day. */
export const GUESTS_PER_IP_DAY = 20;
/** Wrong answers to one second-verification challenge before it is void. */
export const CHALLENGE_MAX_ATTEMPTS = 5;
const EMAIL_CODE_MINUTES = 10;

/** Account types that log in to the portal: members and agents (spec §6); guests only by free play. */
const LOGIN_TYPES = new Set<number>([0, ...AGENT_ACCOUNT_TYPES]);

type TSecondMethod = z.infer<typeof ZSecondVerificationMethod>;

/** Who may use an account: active, and of a type the portal admits ("non-member account unable to login"). */
export function assertMayLogIn(user: TUserRow): void {
  if (user.status !== 'active') throw new AppError('account_locked');
  if (!LOGIN_TYPES.has(user.accountType)) throw new AppError('non_member_login');
}

/** Real names compare without case, accents written either way, or extra spaces. */
function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return norm(a) === norm(b) && norm(a) !== '';
}

export function createLoginService(deps: {
  db: TDb;
  site: Pick<TSiteConfigLoader, 'get'>;
  accounts: Pick<TAccountRepository, 'byId' | 'byUsername' | 'byMobile' | 'insert'>;
  auth: Pick<TAuthRepository, 'guestUserId' | 'insertGuest' | 'challenge' | 'setChallengeCode' | 'takeChallengeAttempt' | 'consumeChallenge'>;
  counters: Pick<TCounterRepository, 'hit' | 'giveBack' | 'lock' | 'clear'>;
  captcha: Pick<TCaptchaProvider, 'check'>;
  sms: Pick<TSmsCodeService, 'send' | 'verify'>;
  /** Provider-based phone verification (issue 22): its token stands in for the SMS code. */
  phone?: Pick<TPhoneVerifier, 'active' | 'verify'>;
  mail: TMailProvider;
  signIn: TSignInService;
  checkTotp: TTotpCheck;
  /** Gives a new free-play guest its demo balance, in the transaction that makes the guest. */
  fundGuest?: (tx: TTx, merchantId: number, userId: number) => Promise<void>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function merchant() {
    return (await deps.site.get()).merchant;
  }

  async function byPassword(input: Extract<TLoginRequest, { type: 'username' }>, client: TClient): Promise<TLoginValue> {
    const { id: merchantId } = await merchant();
    const at = now();
    const accountKey = `login:acct:${merchantId}:${input.username.toLowerCase()}`;
    const ipKey = `login:ip:${merchantId}:${client.ip}`;
    // Each attempt takes its place in line before the password is checked (counter.repository.ts):
    // a burst, on any number of processes, checks at most the limits below.
    const account = await deps.counters.hit(deps.db, accountKey, LOGIN_WINDOW_MS, at);
    const fromIp = await deps.counters.hit(deps.db, ipKey, LOGIN_WINDOW_MS, at);
    const giveBack = () => Promise.all([deps.counters.giveBack(deps.db, accountKey, at), deps.counters.giveBack(deps.db, ipKey, at)]);
    const refuse = async (retryMs: number) => {
      await giveBack();
      return new AppError('rate_limited', { captcha: true, retryAfterSeconds: Math.ceil(retryMs / 1000) });
    };
    if (account.lockedUntil && account.lockedUntil > at) throw await refuse(account.lockedUntil.getTime() - at.getTime());
    if (account.count > LOGIN_CAPTCHA_AFTER || fromIp.count > LOGIN_IP_CAPTCHA_AFTER) {
      try {
        await deps.captcha.check(input, { captcha: true });
      } catch (err) {
        await giveBack();
        throw err;
      }
    }
    // Past the lock's place in line: the guesses before it decide whether the account locks.
    if (account.count > LOGIN_LOCK_AFTER) throw await refuse(LOGIN_LOCK_MS);
    const user = await deps.accounts.byUsername(deps.db, merchantId, input.username);
    // Unknown accounts cost an argon2 verification too, so timing does not tell them apart.
    if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user) {
      // This failure is already counted; the one that reaches the limit locks the account.
      if (account.count >= LOGIN_LOCK_AFTER) await deps.counters.lock(deps.db, accountKey, new Date(at.getTime() + LOGIN_LOCK_MS), at);
      throw new AppError('bad_credentials', {
        captcha: account.count >= LOGIN_CAPTCHA_AFTER || fromIp.count >= LOGIN_IP_CAPTCHA_AFTER,
      });
    }
    assertMayLogIn(user);
    await Promise.all([deps.counters.clear(deps.db, accountKey), deps.counters.giveBack(deps.db, ipKey, at)]);
    await deps.signIn.requireSecondStep(user, 'password', client);
    return deps.signIn.signIn(user, 'password', client);
  }

  async function bySms(input: Extract<TLoginRequest, { type: 'sms' }>, client: TClient): Promise<TLoginValue> {
    const site = await deps.site.get();
    if (!site.flags.get('MOBILEVERCODELOGIN3')) throw new AppError('operation_not_allowed');
    const phone = normalizePhone(input.countryDialingCode, input.mobileNum);
    const user = await deps.accounts.byMobile(deps.db, site.merchant.id, phone.countryDialingCode, phone.mobile);
    if (!user) throw new AppError('mobile_not_registered');
    const byProvider = deps.phone?.active(site.merchant.smsFlow) === true;
    if (!byProvider && (input.firebaseIdToken !== undefined || input.firebaseChannel !== undefined)) throw new AppError('operation_not_allowed');
    if (byProvider) await deps.phone?.verify(input.firebaseIdToken, phone);
    else await deps.sms.verify({ merchantId: site.merchant.id, purpose: 'login', ...phone }, input.verificationCode);
    assertMayLogIn(user);
    await deps.signIn.requireSecondStep(user, 'sms', client);
    return deps.signIn.signIn(user, 'sms', client);
  }

  /** A live challenge and its account, or `verification_required` (log in again). */
  async function openChallenge(challengeId: string, client: TClient) {
    const challenge = await deps.auth.challenge(deps.db, challengeId);
    const at = now();
    if (!challenge || challenge.consumedAt || challenge.expiresAt <= at || challenge.attempts >= CHALLENGE_MAX_ATTEMPTS || challenge.ip !== client.ip) {
      throw new AppError('verification_required');
    }
    const user = await deps.accounts.byId(deps.db, challenge.userId);
    if (!user) throw new AppError('verification_required');
    assertMayLogIn(user);
    return { challenge, user, methods: deps.signIn.secondMethods(user) };
  }

  return {
    login(input: TLoginRequest, client: TClient): Promise<TLoginValue> {
      return input.type === 'username' ? byPassword(input, client) : bySms(input, client);
    },

    /** Sends the code of a second verification by SMS (to the bound number) or e-mail. */
    async sendSecondStepCode(input: { challengeId: string; method: 'sms' | 'email' }, client: TClient): Promise<{ expiredMinutes: number }> {
      const { challenge, user, methods } = await openChallenge(input.challengeId, client);
      if (!methods.includes(input.method)) throw new AppError('operation_not_allowed');
      const merchantId = user.merchantId;
      if (input.method === 'sms') {
        if (!user.mobile || !user.countryDialingCode) throw new AppError('operation_not_allowed');
        return deps.sms.send({ merchantId, purpose: 'login', countryDialingCode: user.countryDialingCode, mobile: user.mobile }, client.ip);
      }
      if (!user.email) throw new AppError('operation_not_allowed');
      const sent = await deps.counters.hit(deps.db, `mailcode:${user.id}`, LOGIN_WINDOW_MS, now());
      if (sent.count > 5) throw new AppError('rate_limited');
      const code = numericCode(6);
      await deps.auth.setChallengeCode(deps.db, challenge.id, {
        hash: sha256Hex(`mail:${challenge.id}:${code}`),
        expiresAt: new Date(now().getTime() + EMAIL_CODE_MINUTES * 60_000),
      });
      const site = await deps.site.get();
      await deps.mail.send({
        merchantId,
        to: user.email,
        subject: `${site.merchant.name}: your login verification code`,
        body: `Someone (we hope you) is logging in to ${user.username} from ${client.ip}.\n\nYour verification code is ${code}. It expires in ${EMAIL_CODE_MINUTES} minutes.\n\nIf this was not you, change your password now.`,
      });
      return { expiredMinutes: EMAIL_CODE_MINUTES };
    },

    /** Answers a second verification; a right answer records the IP and logs in. */
    async verifySecondStep(input: { challengeId: string; method: TSecondMethod; code: string }, client: TClient): Promise<TLoginValue> {
      const { challenge, user, methods } = await openChallenge(input.challengeId, client);
      if (!methods.includes(input.method)) throw new AppError('operation_not_allowed');
      let right = false;
      if (input.method === 'sms' && user.mobile && user.countryDialingCode) {
        // The SMS service counts its own wrong guesses and refuses with the spec's SMS errors.
        await deps.sms.verify({ merchantId: user.merchantId, purpose: 'login', countryDialingCode: user.countryDialingCode, mobile: user.mobile }, input.code);
        right = true;
      } else if (input.method === 'totp') {
        // Counts its own wrong codes and refuses a replayed one.
        await deps.checkTotp(user, input.code);
        right = true;
      } else {
        // An e-mail code or the bank name: the answer is counted before it is checked.
        if (!(await deps.auth.takeChallengeAttempt(deps.db, challenge.id, CHALLENGE_MAX_ATTEMPTS))) throw new AppError('verification_required');
        if (input.method === 'email') {
          right =
            challenge.codeHash !== null &&
            challenge.codeExpiresAt !== null &&
            challenge.codeExpiresAt > now() &&
            sameDigest(challenge.codeHash, sha256Hex(`mail:${challenge.id}:${input.code.trim()}`));
        } else if (input.method === 'bankName') {
          right = user.payeeName !== null && sameName(user.payeeName, input.code);
        }
      }
      if (!right) throw new AppError('sms_invalid_code');
      if (!(await deps.auth.consumeChallenge(deps.db, challenge.id, now()))) throw new AppError('verification_required');
      return deps.signIn.signIn(user, challenge.method, client);
    },

    /** Free play (FREEPLAY3): the browser's key finds its guest, or a new guest of account type 4 is made. */
    async freeplay(input: { deviceKey: string }, client: TClient): Promise<TLoginValue> {
      const site = await deps.site.get();
      if (!site.flags.get('FREEPLAY3')) throw new AppError('operation_not_allowed');
      const keyHash = sha256Hex(`guest:${input.deviceKey}`);
      const knownId = await deps.auth.guestUserId(deps.db, keyHash);
      const known = knownId === null ? null : await deps.accounts.byId(deps.db, knownId);
      if (known && known.status === 'active') return deps.signIn.signIn(known, 'freeplay', client);
      if (known) throw new AppError('account_locked');

      const made = await deps.counters.hit(deps.db, `guest:ip:${site.merchant.id}:${client.ip}`, 24 * 60 * 60 * 1000, now());
      if (made.count > GUESTS_PER_IP_DAY) throw new AppError('rate_limited');
      let userId: number;
      try {
        userId = await deps.db.transaction(async (tx) => {
          const id = await deps.accounts.insert(tx, {
            merchantId: site.merchant.id,
            username: `guest${randomText('abcdefghijkmnpqrstuvwxyz23456789', 7)}`,
            passwordHash: null,
            type: 'member',
            accountType: TRIAL_ACCOUNT_TYPE,
            nickname: 'Guest',
            language: client.language ?? undefined,
            registerIp: client.ip,
          });
          await deps.auth.insertGuest(tx, keyHash, id);
          await deps.fundGuest?.(tx, site.merchant.id, id);
          return id;
        });
      } catch (err) {
        // A double click: the other request made this browser's guest first (our insert rolled back).
        const raced = await deps.auth.guestUserId(deps.db, keyHash);
        if (raced === null) throw err;
        userId = raced;
      }
      const guest = await deps.accounts.byId(deps.db, userId);
      if (!guest) throw new Error('guest vanished');
      return deps.signIn.signIn(guest, 'freeplay', client);
    },
  };
}

export type TLoginService = ReturnType<typeof createLoginService>;
