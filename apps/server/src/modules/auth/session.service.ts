import type { TDb, TTx } from '../../db/client.ts';
import { randomToken, sha256Hex } from '../../lib/secrets.ts';
import type { TSession } from '../../plugins/contract-routes.ts';
import type { TSessionRepository } from './session.repository.ts';

/** A session lasts this long from login; logout, a password change or account lock end it sooner. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** Longest token accepted; ours are 43 characters (32 bytes, base64url). */
export const SESSION_TOKEN_MAX = 128;

/**
 * Sessions: the client holds 32 random bytes; the database keeps only their SHA-256, so a leaked
 * table opens no account. Every check reads the database, so a revocation holds on every process.
 */
export function createSessionService(deps: {
  db: TDb;
  repo: Pick<TSessionRepository, 'insert' | 'findLive' | 'revoke' | 'revokeAllOfUser'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async create(tx: TTx, userId: number, client: { ip: string; device: string }): Promise<string> {
      const token = randomToken(32);
      await deps.repo.insert(tx, {
        tokenHash: sha256Hex(token),
        userId,
        expiresAt: new Date(now().getTime() + SESSION_TTL_MS),
        ip: client.ip,
        device: client.device.slice(0, 255),
      });
      return token;
    },
    async resolve(token: string): Promise<TSession | null> {
      if (token.length > SESSION_TOKEN_MAX) return null;
      const row = await deps.repo.findLive(deps.db, sha256Hex(token), now());
      return row ? { token, sessionId: row.sessionId, userId: row.userId, accountType: row.accountType } : null;
    },
    async revoke(sessionId: number): Promise<void> {
      await deps.repo.revoke(deps.db, sessionId, now());
    },
    async revokeAllOfUser(tx: TTx, userId: number): Promise<void> {
      await deps.repo.revokeAllOfUser(tx, userId, now());
    },
  };
}

export type TSessionService = ReturnType<typeof createSessionService>;
