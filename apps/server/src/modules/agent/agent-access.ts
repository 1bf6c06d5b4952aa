import { and, eq } from 'drizzle-orm';
import { AGENT_ACCOUNT_TYPES } from '@playhall/contract/constants';
import type { TTx } from '../../db/client.ts';
import { userPaths, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TSession } from '../../plugins/contract-routes.ts';

const AGENT_TYPES = new Set<number>(AGENT_ACCOUNT_TYPES);

/** The agent centre is for account types 1, 2, 41 and 42 (spec §6); anyone else gets the spec's refusal. */
export function requireAgent(session: TSession | null): number {
  if (!session) throw new AppError('not_logged_in');
  if (!AGENT_TYPES.has(session.accountType)) throw new AppError('non_agent_login');
  return session.userId;
}

/** Whether `memberId` is in the team of `agentId` (below it; itself when `orSelf`). */
export async function inTeam(db: TTx, agentId: number, memberId: number, orSelf = false): Promise<boolean> {
  const [row] = await db
    .select({ depth: userPaths.depth })
    .from(userPaths)
    .where(and(eq(userPaths.ancestorId, agentId), eq(userPaths.descendantId, memberId)));
  return row !== undefined && (orSelf || row.depth > 0);
}

/** A member of the agent's team by id, or a refusal that does not tell whether the id exists elsewhere. */
export async function teamMember(db: TTx, agentId: number, memberId: number) {
  if (!(await inTeam(db, agentId, memberId))) throw new AppError('not_found', { id: memberId }, 'No such member in your team');
  const [user] = await db.select().from(users).where(eq(users.id, memberId));
  if (!user) throw new AppError('not_found', { id: memberId }, 'No such member in your team');
  return user;
}
