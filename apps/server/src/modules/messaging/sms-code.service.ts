import { SMS_LOCKOUT_MS } from '@playhall/contract/constants';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { numericCode, sameDigest, sha256Hex } from '../../lib/secrets.ts';
import type { TPhone } from '../account/phone.ts';
import type { TCounterRepository } from '../limits/counter.repository.ts';
import { ProviderRefusal, type TSmsProvider } from './providers.ts';
import type { TSmsCodeRepository, TSmsPurpose } from './sms-code.repository.ts';

/** Minutes a code stays valid; the web's send button waits 60 s per minute (spec §9). */
export const SMS_CODE_MINUTES = 3;
/** Sends to one number within the window before the spec's 5-minute lockout. A client that keeps to
 * the countdown sends at most 5 in 15 minutes, so only a script trips it. */
export const SMS_MAX_PER_WINDOW = 5;
export const SMS_WINDOW_MS = 15 * 60 * 1000;
/** Sends from one IP per hour (SMS pumping across many numbers) before the same lockout. */
export const SMS_MAX_PER_IP_HOUR = 20;
/** Codes per number per day: beyond this, "quota exceeded, contact customer service". */
export const SMS_DAILY_QUOTA = 10;
/** Wrong guesses before a code is void ("code expired, send again"). */
export const SMS_MAX_ATTEMPTS = 5;

const HOUR = 60 * 60 * 1000;

export interface TSmsRequest extends TPhone {
  merchantId: number;
  purpose: TSmsPurpose;
}

function hashCode(code: string): string {
  return sha256Hex(`sms:${code}`);
}

/**
 * SMS verification codes: sent through the provider, kept hashed, one live code per number and
 * purpose, single-use. The send limits and the 5-minute lockout are counters in the database, so
 * they hold across processes.
 */
export function createSmsCodeService(deps: {
  db: TDb;
  codes: Pick<TSmsCodeRepository, 'replace' | 'current' | 'takeAttempt' | 'consume'>;
  counters: Pick<TCounterRepository, 'hit' | 'peek' | 'lock'>;
  provider: TSmsProvider;
  siteName: () => Promise<string>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function refuseIfLocked(key: string, at: Date): Promise<void> {
    const { lockedUntil } = await deps.counters.peek(deps.db, key, at);
    if (lockedUntil && lockedUntil > at) {
      throw new AppError('sms_too_many_requests', { retryAfterSeconds: Math.ceil((lockedUntil.getTime() - at.getTime()) / 1000) });
    }
  }

  async function lockOut(key: string, at: Date): Promise<never> {
    await deps.counters.lock(deps.db, key, new Date(at.getTime() + SMS_LOCKOUT_MS), at);
    throw new AppError('sms_too_many_requests', { retryAfterSeconds: SMS_LOCKOUT_MS / 1000 });
  }

  return {
    async send(req: TSmsRequest, ip: string): Promise<{ expiredMinutes: number }> {
      const at = now();
      const numberKey = `sms:num:${req.merchantId}:${req.countryDialingCode}${req.mobile}`;
      const ipKey = `sms:ip:${req.merchantId}:${ip}`;
      await refuseIfLocked(numberKey, at);
      await refuseIfLocked(ipKey, at);
      const day = await deps.counters.hit(deps.db, `sms:day:${req.merchantId}:${req.countryDialingCode}${req.mobile}`, 24 * HOUR, at);
      if (day.count > SMS_DAILY_QUOTA) throw new AppError('sms_quota_exceeded');
      if ((await deps.counters.hit(deps.db, numberKey, SMS_WINDOW_MS, at)).count > SMS_MAX_PER_WINDOW) await lockOut(numberKey, at);
      if ((await deps.counters.hit(deps.db, ipKey, HOUR, at)).count > SMS_MAX_PER_IP_HOUR) await lockOut(ipKey, at);

      const code = numericCode(6);
      await deps.codes.replace(deps.db, req, hashCode(code), new Date(at.getTime() + SMS_CODE_MINUTES * 60_000), at);
      try {
        await deps.provider.send({
          merchantId: req.merchantId,
          countryDialingCode: req.countryDialingCode,
          mobile: req.mobile,
          text: `[${await deps.siteName()}] Your verification code is ${code}. It expires in ${SMS_CODE_MINUTES} minutes. Never share it.`,
        });
      } catch (err) {
        if (!(err instanceof ProviderRefusal)) throw err;
        const code = { quota: 'sms_quota_exceeded', invalid_number: 'sms_invalid_phone', not_allowed: 'operation_not_allowed', unknown: 'unknown_error' } as const;
        throw new AppError(code[err.reason]);
      }
      return { expiredMinutes: SMS_CODE_MINUTES };
    },

    /** Consumes the live code for the number, or refuses with the spec's SMS errors. */
    async verify(req: TSmsRequest, code: string | undefined): Promise<void> {
      const typed = (code ?? '').trim();
      if (typed === '') throw new AppError('sms_missing_code');
      const at = now();
      // The guess is counted before it is checked, so a concurrent burst checks at most SMS_MAX_ATTEMPTS.
      const row = await deps.codes.takeAttempt(deps.db, req, SMS_MAX_ATTEMPTS, at);
      if (!row) throw new AppError((await deps.codes.current(deps.db, req)) ? 'sms_code_expired' : 'sms_invalid_code');
      if (!sameDigest(row.codeHash, hashCode(typed))) throw new AppError('sms_invalid_code');
      if (!(await deps.codes.consume(deps.db, row.id, at))) throw new AppError('sms_invalid_code');
    },
  };
}

export type TSmsCodeService = ReturnType<typeof createSmsCodeService>;
