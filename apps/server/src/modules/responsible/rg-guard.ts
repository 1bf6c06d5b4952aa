import { sql } from 'drizzle-orm';
import { rowsOf, type TDb, type TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TErrorCode } from '@playhall/contract/errors';

/** What a money path asks before it moves money (migration 0044's rg_refusal). */
export type TRgMove = 'bet' | 'deposit' | 'transfer';

/** A refusal as the database function writes it; `resetsAt`/`until` come back as ISO text. */
export function rgError(refusal: { code: string; value: Record<string, unknown> }): AppError {
  const value: Record<string, unknown> = { ...refusal.value };
  for (const k of ['until', 'resetsAt']) if (typeof value[k] === 'string') value[k] = new Date(value[k] as string).toISOString();
  return new AppError(refusal.code as TErrorCode, value);
}

/**
 * Refuses a deposit request, a stake or a transfer into a game wallet that a break, self-exclusion or limit forbids
 * (rg_on_break {until}, rg_deposit_limit / rg_loss_limit {kind, period, limit, used, resetsAt}). Inside the money
 * move's transaction it also locks the member's rg_members row until commit, so two moves near a limit take turns.
 */
export async function assertRgAllows(db: TDb | TTx, userId: number, what: TRgMove, amount: number, now = new Date()): Promise<void> {
  const [row] = rowsOf<{ r: { code: string; value: Record<string, unknown> } | null }>(
    await db.execute(sql`select rg_refusal(${userId}::bigint, ${what}::text, ${amount}::bigint, ${now.toISOString()}::timestamptz) as r`),
  );
  if (row?.r) throw rgError(row.r);
}

/** Self-excluded members cannot log in (every sign-in path: password, SMS, third party, registration's own login). */
export async function assertNotSelfExcluded(db: TDb, userId: number, now = new Date()): Promise<void> {
  const [row] = rowsOf<{ until: string | Date | null }>(
    await db.execute(sql`select excluded_until as until from rg_members where user_id = ${userId} and excluded_until > ${now.toISOString()}::timestamptz + rg_offset()`),
  );
  if (row?.until) throw new AppError('rg_self_excluded', { until: new Date(row.until).toISOString() });
}

const RG_CODES = new Set(['rg_on_break', 'rg_loss_limit', 'rg_self_excluded']);

/**
 * A seamless debit refused by responsible gaming (seamless_call answers the code and its figures under `rg`) as the
 * error the house pages show; null for any other refusal.
 */
export function rgSeamlessError(answer: { error?: string; rg?: unknown }): AppError | null {
  if (!answer.error || !RG_CODES.has(answer.error)) return null;
  return rgError({ code: answer.error, value: (answer.rg ?? {}) as Record<string, unknown> });
}
