import crypto from 'node:crypto';

/**
 * The wire format of encrypted calls (ARCHITECTURE.md, Contract): body `{ value: base64(iv ‖ ciphertext ‖ tag) }`
 * under a fresh AES-256-GCM key, that key wrapped with RSA-OAEP-SHA256 in the `X-RSA` header.
 */
export const ENCRYPTION_SCHEME = 'RSA-OAEP-AES-GCM';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function generateRsaKeyPair(): { publicPem: string; privatePem: string } {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 3072 });
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** Returns the decrypted UTF-8 text, or null when any part is malformed or fails authentication. */
export function decryptBody(privateKey: crypto.KeyObject, wrappedKeyB64: string, valueB64: string): string | null {
  try {
    const aesKey = crypto.privateDecrypt(
      { key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(wrappedKeyB64, 'base64'),
    );
    if (aesKey.length !== 32) return null;
    const raw = Buffer.from(valueB64, 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) return null;
    const iv = raw.subarray(0, IV_BYTES);
    const tag = raw.subarray(raw.length - TAG_BYTES);
    const ciphertext = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
    const decipher = crypto.createDecipheriv('aes-256-gcm', aesKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** What a client does (the web uses WebCrypto); used by tests and the benchmark to speak the protocol. */
export function encryptBody(publicPem: string, json: unknown): { value: string; wrappedKey: string } {
  const aesKey = crypto.randomBytes(32);
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', aesKey, iv);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(json), 'utf8'), cipher.final()]);
  const wrapped = crypto.publicEncrypt(
    { key: publicPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    aesKey,
  );
  return {
    value: Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64'),
    wrappedKey: wrapped.toString('base64'),
  };
}
