import type { TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { withdrawalCheck } from '../promotions-engine/turnover.ts';
import { settleBonuses } from './bonus-turnover.ts';

/**
 * What a withdrawal request does with the member's open bonuses, inside its transaction and under the member's
 * lock: bonuses whose turnover is met convert first; with turnover still open it is refused with `turnover_open`
 * and `{ remaining }` (the caller's transaction rolls back: nothing changes), unless every open bonus is under the
 * operator's "forfeit" policy, in which case they are forfeited to the house (ledger entries) and the withdrawal
 * goes on. One bonus under "refuse" refuses the whole request.
 */
export async function bonusWithdrawalGate(tx: TTx, merchantId: number, userId: number, now: Date): Promise<void> {
  const { open } = await settleBonuses(tx, merchantId, [userId], now);
  if (open.length === 0) return;
  const policy = open.some((b) => b.policy === 'refuse') ? 'refuse' : 'forfeit';
  const check = withdrawalCheck(
    open.map((b) => ({ status: 'open', balance: 0, requirement: b.required, progress: b.done, expiresAt: b.expiresAt })),
    policy,
  );
  if (!check.ok) throw new AppError('turnover_open', { remaining: check.remainingTurnover });
  if (check.forfeits.length > 0) await settleBonuses(tx, merchantId, [userId], now, { forfeitAll: true });
}
