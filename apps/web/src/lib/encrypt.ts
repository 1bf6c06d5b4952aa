/**
 * Encryption of request bodies for the encrypted calls (ARCHITECTURE.md, Contract): a fresh AES-256-GCM
 * key and 12-byte IV per request, the body sent as base64(iv ‖ ciphertext ‖ 16-byte tag), the AES key
 * wrapped with the server's RSA key (RSA-OAEP, SHA-256). WebCrypto only; works in browsers and Node 20.
 */
export const ENCRYPTION_SCHEME = 'RSA-OAEP-AES-GCM';
const AES_KEY_BYTES = 32;
const IV_BYTES = 12;

export interface TEncryptedRequest {
  /** JSON body to send: `{"value": "<base64>"}`. */
  body: string;
  headers: { Encryption: string; 'X-RSA': string; 'X-Key-Id': string };
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** DER bytes of an SPKI PEM ("-----BEGIN PUBLIC KEY-----"). */
export function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem
    .replace(/-----BEGIN [^-]+-----/, '')
    .replace(/-----END [^-]+-----/, '')
    .replace(/\s+/g, '');
  if (!body) throw new Error('Empty public key');
  return base64ToBytes(body);
}

export function importRsaPublicKey(pem: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
}

export async function encryptBody(
  plaintext: string,
  publicKey: CryptoKey,
  keyId: string,
): Promise<TEncryptedRequest> {
  const rawKey = crypto.getRandomValues(new Uint8Array(AES_KEY_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const aesKey = await crypto.subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['encrypt']);
  // WebCrypto appends the 16-byte tag to the ciphertext, which is exactly the wire order.
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, tagLength: 128 }, aesKey, new TextEncoder().encode(plaintext)),
  );
  const wrappedKey = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, rawKey));
  const payload = new Uint8Array(iv.length + sealed.length);
  payload.set(iv, 0);
  payload.set(sealed, iv.length);
  return {
    body: JSON.stringify({ value: bytesToBase64(payload) }),
    headers: { Encryption: ENCRYPTION_SCHEME, 'X-RSA': bytesToBase64(wrappedKey), 'X-Key-Id': keyId },
  };
}
