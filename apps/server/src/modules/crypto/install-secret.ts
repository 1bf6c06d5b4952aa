import crypto from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { serverKeys } from '../../db/schema.ts';

/**
 * A per-install secret for `purpose`, derived (HKDF-SHA256) from the first server key the database
 * holds, so every process of one install agrees on it and nothing secret lives in the repository.
 * Used when the operator configured no secret of their own (see docs/decisions.md, deposits).
 */
export async function installSecret(db: TTx, purpose: string): Promise<string> {
  const [key] = await db.select({ privatePem: serverKeys.privatePem }).from(serverKeys).orderBy(asc(serverKeys.createdAt), asc(serverKeys.keyId)).limit(1);
  if (!key) throw new Error('no server key yet: the key service makes one at start');
  return Buffer.from(crypto.hkdfSync('sha256', key.privatePem, 'playhall-install-secret', purpose, 32)).toString('hex');
}
