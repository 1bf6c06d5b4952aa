import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verified against when the account does not exist, so a miss costs what a wrong password costs.
// Made from random bytes once per process: nothing in the repository looks like a credential.
let decoyHash: Promise<string> | null = null;
const decoy = () => (decoyHash ??= hash(crypto.randomBytes(24).toString('base64')));

/** True when `password` matches `stored`; a null hash (no password set) never matches, in the same time. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  try {
    const ok = await verify(stored ?? (await decoy()), password);
    return stored !== null && ok;
  } catch {
    return false;
  }
}
