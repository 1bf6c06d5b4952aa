import type { TDb, TTx } from '../../db/client.ts';
import { randomToken, sha256Hex } from '../../lib/secrets.ts';
import type { TOperatorSession } from './console-registrar.ts';
import type { TOperatorRepository } from './operator.repository.ts';

/** A console session ends after this long without a call (sliding)… */
export const CONSOLE_IDLE_MS = 15 * 60 * 1000;
/** …and in any case this long after sign-in. */
export const CONSOLE_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** Ours are 43 characters (32 bytes, base64url); anything much longer is not one. */
const TOKEN_MAX = 128;

/**
 * Operator sessions, apart from members' (ARCHITECTURE.md, Operator console): the cookie holds 32 random bytes, the
 * database their SHA-256. Every call reads (and touches) the row, so a logout, a lock or a revocation holds on every
 * process at once.
 */
export function createOperatorSessionService(deps: {
  db: TDb;
  repo: Pick<TOperatorRepository, 'insertSession' | 'touchLive' | 'revokeSession' | 'revokeAllOfOperator'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async create(tx: TTx, operatorId: number, ip: string): Promise<{ token: string; idleUntil: Date }> {
      const token = randomToken(32);
      const at = now();
      await deps.repo.insertSession(tx, { operatorId, tokenHash: sha256Hex(token), ip, lastSeenAt: at, expiresAt: new Date(at.getTime() + CONSOLE_SESSION_MAX_MS) });
      return { token, idleUntil: new Date(at.getTime() + CONSOLE_IDLE_MS) };
    },
    /** The session this token opens, its idle time started again; null when it is over (or never was). */
    async resolve(token: string): Promise<TOperatorSession | null> {
      if (token.length === 0 || token.length > TOKEN_MAX) return null;
      const at = now();
      const row = await deps.repo.touchLive(deps.db, sha256Hex(token), at, CONSOLE_IDLE_MS);
      if (!row) return null;
      const idle = at.getTime() + CONSOLE_IDLE_MS;
      return {
        sessionId: row.sessionId,
        operatorId: row.operatorId,
        username: row.username,
        role: row.role,
        idleUntil: new Date(Math.min(idle, row.expiresAt.getTime())),
      };
    },
    async revoke(sessionId: number): Promise<void> {
      await deps.repo.revokeSession(deps.db, sessionId, now());
    },
    /** Ends every session of the operator: on lock, role change and 2FA reset (in that change's transaction). */
    async revokeAllOf(tx: TTx, operatorId: number): Promise<number> {
      return deps.repo.revokeAllOfOperator(tx, operatorId, now());
    },
  };
}

export type TOperatorSessionService = ReturnType<typeof createOperatorSessionService>;
