import type { TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TAccountRepository, TUserRow } from './account.repository.ts';

/** The account of a live session; gone means the session is over (`session_expired`). */
export async function requireAccount(accounts: Pick<TAccountRepository, 'byId'>, db: TTx, userId: number): Promise<TUserRow> {
  const user = await accounts.byId(db, userId);
  if (!user) throw new AppError('session_expired');
  return user;
}
