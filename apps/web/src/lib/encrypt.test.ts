import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENCRYPTION_SCHEME, encryptBody, importRsaPublicKey, pemToDer } from './encrypt.ts';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 3072,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

/** What the server does: unwrap the AES key with RSA-OAEP-SHA256, then open iv ‖ ciphertext ‖ tag. */
function serverDecrypt(body: string, xRsa: string): string {
  const { value } = JSON.parse(body) as { value: string };
  const rawKey = privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(xRsa, 'base64'),
  );
  const bytes = Buffer.from(value, 'base64');
  const iv = bytes.subarray(0, 12);
  const tag = bytes.subarray(bytes.length - 16);
  const ciphertext = bytes.subarray(12, bytes.length - 16);
  const decipher = createDecipheriv('aes-256-gcm', rawKey, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}

describe('encryptBody', () => {
  it('round-trips through node:crypto with the server key pair', async () => {
    const key = await importRsaPublicKey(publicKey);
    const plaintext = JSON.stringify({ username: 'player1', password: 'Sécret-密码-1', type: 'username' });
    const enc = await encryptBody(plaintext, key, 'k1');
    expect(enc.headers).toEqual({ Encryption: ENCRYPTION_SCHEME, 'X-RSA': expect.any(String), 'X-Key-Id': 'k1' });
    expect(Buffer.from(enc.headers['X-RSA'], 'base64')).toHaveLength(384);
    expect(serverDecrypt(enc.body, enc.headers['X-RSA'])).toBe(plaintext);
  });

  it('uses a fresh key and IV for every request', async () => {
    const key = await importRsaPublicKey(publicKey);
    const a = await encryptBody('{}', key, 'k1');
    const b = await encryptBody('{}', key, 'k1');
    expect(a.body).not.toBe(b.body);
    expect(a.headers['X-RSA']).not.toBe(b.headers['X-RSA']);
    expect(serverDecrypt(b.body, b.headers['X-RSA'])).toBe('{}');
  });

  it('fails to open a tampered body', async () => {
    const key = await importRsaPublicKey(publicKey);
    const enc = await encryptBody('{"a":1}', key, 'k1');
    const { value } = JSON.parse(enc.body) as { value: string };
    const bytes = Buffer.from(value, 'base64');
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    const tampered = JSON.stringify({ value: bytes.toString('base64') });
    expect(() => serverDecrypt(tampered, enc.headers['X-RSA'])).toThrow();
  });

  it('rejects an empty PEM', () => {
    expect(() => pemToDer('-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----')).toThrow();
  });
});
