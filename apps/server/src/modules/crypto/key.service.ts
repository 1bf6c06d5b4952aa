import crypto from 'node:crypto';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { decryptBody, ENCRYPTION_SCHEME, generateRsaKeyPair } from './envelope-crypto.ts';
import type { createKeyRepository } from './key.repository.ts';

type TKeyRepository = Pick<ReturnType<typeof createKeyRepository>, 'newest' | 'byId' | 'insert'>;

/** The server's RSA key pair lives in the database so every process shares it and restarts keep it. */
export function createKeyService(deps: { db: TDb; repo: TKeyRepository }) {
  const privateKeys = new Map<string, crypto.KeyObject>();
  let current: { keyId: string; publicPem: string } | null = null;

  async function privateKeyFor(keyId: string): Promise<crypto.KeyObject | null> {
    const hit = privateKeys.get(keyId);
    if (hit) return hit;
    const row = await deps.repo.byId(deps.db, keyId);
    if (!row) return null;
    const key = crypto.createPrivateKey(row.privatePem);
    privateKeys.set(keyId, key);
    return key;
  }

  return {
    /** Makes the first key pair when none exists; when two processes race, both settle on the newest row. */
    async ensureKey(): Promise<{ keyId: string; publicPem: string }> {
      let row = await deps.repo.newest(deps.db);
      if (!row) {
        const pair = generateRsaKeyPair();
        await deps.repo.insert(deps.db, { keyId: crypto.randomUUID(), ...pair });
        row = await deps.repo.newest(deps.db);
      }
      if (!row) throw new Error('no server key after insert');
      current = { keyId: row.keyId, publicPem: row.publicPem };
      return current;
    },
    async publicKey(): Promise<{ keyId: string; publicPem: string }> {
      return current ?? this.ensureKey();
    },
    /** Decrypts an encrypted call's body per the wire format, or refuses with the catalogue codes. */
    async decryptRequest(headers: Record<string, string | string[] | undefined>, body: unknown): Promise<unknown> {
      const scheme = headers['encryption'];
      const wrapped = headers['x-rsa'];
      const keyId = headers['x-key-id'];
      const value = (body as { value?: unknown } | null | undefined)?.value;
      if (scheme !== ENCRYPTION_SCHEME || typeof wrapped !== 'string' || typeof keyId !== 'string') {
        throw new AppError('encryption_required');
      }
      if (typeof value !== 'string' || Object.keys(body as object).length !== 1) throw new AppError('bad_encryption');
      const key = await privateKeyFor(keyId);
      if (!key) throw new AppError('bad_encryption');
      const text = decryptBody(key, wrapped, value);
      if (text === null) throw new AppError('bad_encryption');
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new AppError('bad_encryption');
      }
    },
  };
}

export type TKeyService = ReturnType<typeof createKeyService>;
