import crypto from 'node:crypto';
import { sameDigest } from './secrets.ts';

/** Hex HMAC-SHA256 of the exact bytes sent (the gateway callback's `X-Signature`). */
export function signBody(secret: string, raw: Buffer | string): string {
  return crypto.createHmac('sha256', secret).update(raw).digest('hex');
}

/** Constant-time check of a hex signature over the raw body; anything malformed is simply false. */
export function verifyBodySignature(secret: string, raw: Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  return sameDigest(signBody(secret, raw), signature.toLowerCase());
}
