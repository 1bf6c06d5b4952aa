import { paymentPasswordRule, ruleIssue } from '@playhall/contract/validation';
import type { TDb } from '../../db/client.ts';
import { AppError, invalidInput } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import type { TWalletRepository } from './wallet.repository.ts';

/** Wrong payment passwords in a row before the payment password locks, and for how long (docs/decisions.md). */
export const PAYMENT_PASSWORD_MAX_FAILURES = 5;
export const PAYMENT_PASSWORD_LOCK_MS = 15 * 60_000;
/**
 * How long a check waits for a place while other checks of the same member are in flight: a burst of right passwords
 * (200 withdrawals at once in the concurrency tests) is checked five at a time, each an argon2 hash that takes a
 * fifth of a second on a busy two-core machine, so 15 s refused the last of them as locked.
 */
const PLACE_WAIT_MS = 45_000;

/**
 * Checks of one member in flight in this process, at most the database's limit (PAYMENT_PASSWORD_MAX_FAILURES): the
 * others wait here for a turn, on a promise, instead of asking the database for a place every few milliseconds (200
 * waiters polling had kept the embedded database busy answering "busy" while the checks themselves waited). The
 * database's place still holds across processes; here it is rarely busy.
 */
function createLocalTurns(limit: number) {
  const members = new Map<number, { active: number; waiting: (() => void)[] }>();
  return async function turn(userId: number, deadline: number): Promise<(() => void) | null> {
    let member = members.get(userId);
    if (!member) {
      member = { active: 0, waiting: [] };
      members.set(userId, member);
    }
    const m = member;
    const release = () => {
      const next = m.waiting.shift();
      if (next) next();
      else if (--m.active === 0) members.delete(userId);
    };
    if (m.active < limit) {
      m.active++;
      return release;
    }
    return new Promise((resolve) => {
      const go = () => {
        clearTimeout(timer);
        resolve(release);
      };
      const timer = setTimeout(() => {
        m.waiting.splice(m.waiting.indexOf(go), 1);
        resolve(null);
      }, Math.max(0, deadline - Date.now()));
      m.waiting.push(go);
    });
  };
}

/** The payment password: argon2id, set once, changed with the old one, and checked before money leaves. */
export function createPaymentPasswordService(deps: {
  db: TDb;
  /** The register rule of `paymentPassword` applies to every new payment password (issue 15). */
  site: Pick<TSiteConfigLoader, 'get'>;
  repo: Pick<TWalletRepository, 'payer' | 'setPaymentPassword' | 'takePaymentPasswordCheck' | 'endPaymentPasswordCheck'>;
  now?: () => Date;
}) {
  const { db, repo } = deps;
  const now = deps.now ?? (() => new Date());
  const localTurn = createLocalTurns(PAYMENT_PASSWORD_MAX_FAILURES);

  async function payerOf(userId: number) {
    const payer = await repo.payer(db, userId);
    if (!payer) throw new AppError('session_expired');
    return payer;
  }

  /** Throws payment_password_{required,locked,wrong} unless `password` is the member's payment password. */
  async function verify(userId: number, password: string): Promise<void> {
    const payer = await payerOf(userId);
    if (!payer.paymentPasswordHash) throw new AppError('payment_password_required', null, 'Set a transaction password first');
    // The check takes its place before argon2 runs (wallet.repository.ts), so a burst of guesses checks at
    // most the limit; right passwords sent together wait their turn a moment instead of being refused.
    const deadline = Date.now() + PLACE_WAIT_MS;
    const release = await localTurn(userId, deadline);
    if (!release) throw new AppError('payment_password_locked', { retryAfterSeconds: PAYMENT_PASSWORD_LOCK_MS / 1000 });
    try {
      await checkInTurn(userId, payer.paymentPasswordHash, password, deadline);
    } finally {
      release();
    }
  }

  async function checkInTurn(userId: number, hash: string, password: string, deadline: number): Promise<void> {
    for (;;) {
      const at = now();
      const place = await repo.takePaymentPasswordCheck(db, userId, PAYMENT_PASSWORD_MAX_FAILURES, at);
      if (place === 'ok') break;
      if (place !== 'busy' || Date.now() >= deadline) {
        const retryMs = place === 'busy' ? PAYMENT_PASSWORD_LOCK_MS : place.lockedUntil.getTime() - at.getTime();
        throw new AppError('payment_password_locked', { retryAfterSeconds: Math.ceil(retryMs / 1000) });
      }
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
    }
    let right: boolean;
    try {
      right = await verifyPassword(hash, password);
    } catch (err) {
      await repo.endPaymentPasswordCheck(db, userId, 'unchecked', PAYMENT_PASSWORD_MAX_FAILURES, now());
      throw err;
    }
    const lockedUntil = new Date(now().getTime() + PAYMENT_PASSWORD_LOCK_MS);
    const ended = await repo.endPaymentPasswordCheck(db, userId, right ? 'right' : 'wrong', PAYMENT_PASSWORD_MAX_FAILURES, lockedUntil);
    if (right) return;
    if (ended.locked) throw new AppError('payment_password_locked', { retryAfterSeconds: PAYMENT_PASSWORD_LOCK_MS / 1000 });
    throw new AppError('payment_password_wrong', { attemptsLeft: PAYMENT_PASSWORD_MAX_FAILURES - ended.failures });
  }

  /** Refuses a new payment password its rule does not accept, before anything is checked or changed. */
  async function checkNew(password: string): Promise<void> {
    const issue = ruleIssue('newPaymentPassword', 'paymentPassword', password, paymentPasswordRule((await deps.site.get()).registerRules));
    if (issue) throw invalidInput([issue]);
  }

  return {
    verify,
    async set(userId: number, input: { loginPassword?: string; newPaymentPassword: string }): Promise<void> {
      await checkNew(input.newPaymentPassword);
      const payer = await payerOf(userId);
      if (payer.paymentPasswordHash) throw new AppError('conflict', null, 'A transaction password is already set: change it instead');
      if (payer.passwordHash !== null) {
        if (!input.loginPassword) throw new AppError('validation_failed', { issues: [{ path: 'loginPassword', message: 'required' }] });
        if (!(await verifyPassword(payer.passwordHash, input.loginPassword))) throw new AppError('password_incorrect');
      }
      await repo.setPaymentPassword(db, userId, await hashPassword(input.newPaymentPassword));
    },
    async change(userId: number, input: { oldPaymentPassword: string; newPaymentPassword: string }): Promise<void> {
      await checkNew(input.newPaymentPassword);
      await verify(userId, input.oldPaymentPassword);
      if (input.oldPaymentPassword === input.newPaymentPassword) throw new AppError('password_unchanged');
      await repo.setPaymentPassword(db, userId, await hashPassword(input.newPaymentPassword));
    },
  };
}

export type TPaymentPasswordService = ReturnType<typeof createPaymentPasswordService>;
