import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyRepository } from '../src/modules/crypto/key.repository.ts';
import { createKeyService } from '../src/modules/crypto/key.service.ts';
import { encryptBody, ENCRYPTION_SCHEME } from '../src/modules/crypto/envelope-crypto.ts';
import { createTestApp, type TTestApp } from './support/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function served() {
  const v = (await t.app.inject({ method: 'GET', url: '/wps/system/publicKey' })).json().value as { publicKey: string; keyId: string };
  return v;
}

describe('encrypted call wire format', () => {
  it('decrypts a body sealed with the published key', async () => {
    const { publicKey, keyId } = await served();
    const keys = createKeyService({ db: t.database.db, repo: createKeyRepository() });
    const sealed = encryptBody(publicKey, { username: 'member01', password: 'secret' });
    const plain = await keys.decryptRequest(
      { encryption: ENCRYPTION_SCHEME, 'x-rsa': sealed.wrappedKey, 'x-key-id': keyId },
      { value: sealed.value },
    );
    expect(plain).toEqual({ username: 'member01', password: 'secret' });
  });

  it('keeps one key pair across restarts and processes', async () => {
    const first = await served();
    const other = createKeyService({ db: t.database.db, repo: createKeyRepository() });
    expect((await other.ensureKey()).keyId).toBe(first.keyId);
  });

  it('refuses plaintext (encryption_required) and tampered bodies (bad_encryption)', async () => {
    const { publicKey, keyId } = await served();
    const keys = createKeyService({ db: t.database.db, repo: createKeyRepository() });
    await expect(keys.decryptRequest({}, { username: 'x' })).rejects.toMatchObject({ code: 'encryption_required', status: 400 });
    const sealed = encryptBody(publicKey, { a: 1 });
    const headers = { encryption: ENCRYPTION_SCHEME, 'x-rsa': sealed.wrappedKey, 'x-key-id': keyId };
    const flipped = Buffer.from(sealed.value, 'base64');
    flipped[20] = (flipped[20] ?? 0) ^ 1;
    await expect(keys.decryptRequest(headers, { value: flipped.toString('base64') })).rejects.toMatchObject({ code: 'bad_encryption' });
    await expect(keys.decryptRequest({ ...headers, 'x-key-id': 'nope' }, { value: sealed.value })).rejects.toMatchObject({ code: 'bad_encryption' });
    await expect(keys.decryptRequest(headers, { value: sealed.value, extra: 1 })).rejects.toMatchObject({ code: 'bad_encryption' });
  });
});

describe('customer service paths', () => {
  it('are sealed with the key in the last 8 characters and open to the configured links', async () => {
    const { openCsPath } = await import('@playhall/contract/cs-path');
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/customerService' });
    expect(res.statusCode).toBe(200);
    const list = res.json().value.version.pathList as { type: string; path: string }[];
    const chat = list.find((p) => p.type === '3');
    expect(chat).toBeDefined();
    expect(chat?.path).not.toContain('helpmc');
    expect(await openCsPath(chat?.path ?? '')).toBe('/helpmc?topic=contact');
  });
});
