import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { matchTotp } from '../../lib/totp.ts';
import type { TCounterRepository } from '../limits/counter.repository.ts';
import type { TAccountRepository, TUserRow } from './account.repository.ts';

/** Wrong authenticator codes per account in 15 minutes before further tries are refused. */
export const TOTP_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;

/**
 * Checks an authenticator code against the account's secret (enrolled or being enrolled): wrong
 * codes are counted and refused (`sms_invalid_code`, "Invalid verification code"), a right one is
 * used up so it cannot be replayed. Shared by the login's second step and the two-factor settings.
 */
export function createTotpCheck(deps: {
  db: TDb;
  accounts: Pick<TAccountRepository, 'useTotpStep'>;
  counters: Pick<TCounterRepository, 'hit' | 'giveBack' | 'clear'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return async (user: Pick<TUserRow, 'id' | 'totpSecret'>, code: string): Promise<void> => {
    const key = `totp:${user.id}`;
    const at = now();
    // Counted before the check (counter.repository.ts), so a burst checks at most TOTP_FAILURES codes.
    if ((await deps.counters.hit(deps.db, key, WINDOW_MS, at)).count > TOTP_FAILURES) {
      await deps.counters.giveBack(deps.db, key, at);
      throw new AppError('rate_limited');
    }
    const step = user.totpSecret ? matchTotp(user.totpSecret, code.trim(), at) : null;
    if (step === null || !(await deps.accounts.useTotpStep(deps.db, user.id, step))) throw new AppError('sms_invalid_code');
    await deps.counters.clear(deps.db, key);
  };
}

export type TTotpCheck = ReturnType<typeof createTotpCheck>;
