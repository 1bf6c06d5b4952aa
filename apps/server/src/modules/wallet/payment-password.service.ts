import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { TWalletRepository } from './wallet.repository.ts';

/** Wrong payment passwords in a row before the payment password locks, and for how long (docs/decisions.md). */
export const PAYMENT_PASSWORD_MAX_FAILURES = 5;
export const PAYMENT_PASSWORD_LOCK_MS = 15 * 60_000;

/** The payment password: argon2id, set once, changed with the old one, and checked before money leaves. */
export function createPaymentPasswordService(deps: {
  db: TDb;
  repo: Pick<TWalletRepository, 'payer' | 'setPaymentPassword' | 'paymentPasswordFailed' | 'paymentPasswordPassed'>;
  now?: () => Date;
}) {
  const { db, repo } = deps;
  const now = deps.now ?? (() => new Date());

  async function payerOf(userId: number) {
    const payer = await repo.payer(db, userId);
    if (!payer) throw new AppError('session_expired');
    return payer;
  }

  /** Throws payment_password_{required,locked,wrong} unless `password` is the member's payment password. */
  async function verify(userId: number, password: string): Promise<void> {
    const payer = await payerOf(userId);
    if (!payer.paymentPasswordHash) throw new AppError('payment_password_required', null, 'Set a transaction password first');
    const at = now();
    const lockedUntil = payer.paymentPasswordLockedUntil;
    if (lockedUntil && lockedUntil > at) {
      throw new AppError('payment_password_locked', { retryAfterSeconds: Math.ceil((lockedUntil.getTime() - at.getTime()) / 1000) });
    }
    if (await verifyPassword(payer.paymentPasswordHash, password)) {
      await repo.paymentPasswordPassed(db, userId);
      return;
    }
    const failed = await repo.paymentPasswordFailed(db, userId, PAYMENT_PASSWORD_MAX_FAILURES, new Date(at.getTime() + PAYMENT_PASSWORD_LOCK_MS));
    if (failed.locked) throw new AppError('payment_password_locked', { retryAfterSeconds: PAYMENT_PASSWORD_LOCK_MS / 1000 });
    throw new AppError('payment_password_wrong', { attemptsLeft: PAYMENT_PASSWORD_MAX_FAILURES - failed.failures });
  }

  return {
    verify,
    async set(userId: number, input: { loginPassword?: string; newPaymentPassword: string }): Promise<void> {
      const payer = await payerOf(userId);
      if (payer.paymentPasswordHash) throw new AppError('conflict', null, 'A transaction password is already set: change it instead');
      if (payer.passwordHash !== null) {
        if (!input.loginPassword) throw new AppError('validation_failed', { issues: [{ path: 'loginPassword', message: 'required' }] });
        if (!(await verifyPassword(payer.passwordHash, input.loginPassword))) throw new AppError('password_incorrect');
      }
      await repo.setPaymentPassword(db, userId, await hashPassword(input.newPaymentPassword));
    },
    async change(userId: number, input: { oldPaymentPassword: string; newPaymentPassword: string }): Promise<void> {
      await verify(userId, input.oldPaymentPassword);
      if (input.oldPaymentPassword === input.newPaymentPassword) throw new AppError('password_unchanged');
      await repo.setPaymentPassword(db, userId, await hashPassword(input.newPaymentPassword));
    },
  };
}

export type TPaymentPasswordService = ReturnType<typeof createPaymentPasswordService>;
