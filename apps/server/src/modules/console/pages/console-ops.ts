import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { TOpsCommand } from '../../ops/ops.command.ts';
import { OpsRefusal, runOpsCommand, type TOpsResult } from '../../ops/ops.service.ts';

/** What every console page needs: the database and the merchant it serves. */
export interface TPageDeps {
  db: TDb;
  merchantId: number;
}

/**
 * Runs an operator command as the console's operator: the CLI's implementation and audit rows, the operator named by
 * the audit actor. A refusal (wrong state: a deposit already credited, a balance too small) answers `conflict` with
 * the command's own words; unknown ids are answered `not_found` by the page before it asks.
 */
export async function runAsOperator(deps: TPageDeps, actor: string, cmd: TOpsCommand): Promise<TOpsResult> {
  try {
    return await runOpsCommand(deps.db, deps.merchantId, actor, cmd);
  } catch (err) {
    if (err instanceof OpsRefusal) throw new AppError('conflict', null, err.message);
    throw err;
  }
}

/** The member of this merchant with that id (the ops commands name accounts by username), else `not_found`. */
export async function memberOf(deps: TPageDeps, id: number): Promise<{ id: number; username: string }> {
  const [row] = await deps.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, id), eq(users.merchantId, deps.merchantId)));
  if (!row) throw new AppError('not_found', { id }, `No member ${id}`);
  return row;
}
