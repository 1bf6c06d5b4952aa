// @vitest-environment jsdom
import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@playhall/contract/define';
import { status } from '@playhall/contract/calls/system';
import { buildRequest, call, onUnauthorized } from './api-client.ts';
import { ApiError } from './api-error.ts';

const ctx = { token: 'tok123', merchantCode: 'PH01', language: 'MY' };

const postForm = defineCall({
  name: 'test.form',
  method: 'POST',
  path: '/wps/member/password/email',
  moduleId: 'WPS',
  form: true,
  request: z.strictObject({ username: z.string(), email: z.string() }),
  response: z.null(),
  issue: 0,
});

const secret = defineCall({
  name: 'test.secret',
  method: 'POST',
  path: '/wps/session/login',
  moduleId: 'WPS',
  encrypted: true,
  request: z.strictObject({ username: z.string(), password: z.string() }),
  response: z.object({ token: z.string() }),
  issue: 0,
});

function envelope(value: unknown, init: { success?: boolean; code?: string; message?: string; status?: number } = {}) {
  return new Response(
    JSON.stringify({ success: init.success ?? true, code: init.code ?? 'ok', message: init.message ?? 'OK', value }),
    { status: init.status ?? 200, headers: { 'Content-Type': 'application/json' } },
  );
}

describe('buildRequest', () => {
  it('puts GET payloads in the query string and sends the four headers', () => {
    const req = buildRequest(status, { url: 'play.test:8080' }, ctx);
    expect(req.url).toBe('/wps/system/status?url=play.test%3A8080');
    expect(req.method).toBe('GET');
    expect(req.body).toBeUndefined();
    expect(req.headers).toMatchObject({ Authorization: 'tok123', Merchant: 'PH01', Language: 'MY', Device: 'WEB' });
  });

  it('leaves out Authorization and Merchant when there are none', () => {
    const req = buildRequest(status, {}, { token: null, merchantCode: null, language: 'EN' });
    expect(req.url).toBe('/wps/system/status');
    expect(req.headers.Authorization).toBeUndefined();
    expect(req.headers.Merchant).toBeUndefined();
  });

  it('encodes form calls as urlencoded and others as JSON', () => {
    const form = buildRequest(postForm, { username: 'a b', email: 'x@y.z' }, ctx);
    expect(form.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(form.body).toBe('username=a+b&email=x%40y.z');
    const json = buildRequest(secret, { username: 'u', password: 'p' }, ctx);
    expect(json.headers['Content-Type']).toBe('application/json');
    expect(json.body).toBe('{"username":"u","password":"p"}');
  });
});

describe('call', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('refuses an invalid payload before sending anything', async () => {
    // @ts-expect-error unknown field on purpose
    await expect(call(status, { nope: 1 })).rejects.toMatchObject({ code: 'validation_failed', status: 0 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the session token raw and returns the value', async () => {
    sessionStorage.setItem('token', 'abc');
    sessionStorage.setItem('merchantCode', 'PH01');
    fetchMock.mockResolvedValueOnce(envelope({ publicKey: 'pem', keyId: 'k' }));
    const { publicKey } = await import('@playhall/contract/calls/system');
    await expect(call(publicKey, {})).resolves.toEqual({ publicKey: 'pem', keyId: 'k' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.headers).toMatchObject({ Authorization: 'abc', Merchant: 'PH01', Device: 'WEB' });
  });

  it('throws the envelope error with code, message, status and value', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope({ captcha: true }, { success: false, code: 'bad_credentials', message: 'Incorrect account or password', status: 401 }),
    );
    const err = await call(status, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'bad_credentials', status: 401, value: { captcha: true } });
  });

  it('turns a network failure into network_error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(call(status, {})).rejects.toMatchObject({ code: 'network_error', status: 0 });
  });

  it('turns a non-JSON answer into system_error', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(call(status, {})).rejects.toMatchObject({ code: 'system_error', status: 502 });
  });

  it('tells listeners when a call with a token is answered 401', async () => {
    sessionStorage.setItem('token', 'old');
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    fetchMock.mockResolvedValueOnce(envelope(null, { success: false, code: 'session_expired', message: 'x', status: 401 }));
    await expect(call(status, {})).rejects.toMatchObject({ code: 'session_expired' });
    expect(listener).toHaveBeenCalledOnce();
    off();
  });

  it('encrypts encrypted calls with the server key, fetched once', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const received: string[] = [];
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url) === '/wps/system/publicKey') return envelope({ publicKey, keyId: 'key-7' });
      const headers = init?.headers as Record<string, string>;
      expect(headers).toMatchObject({ Encryption: 'RSA-OAEP-AES-GCM', 'X-Key-Id': 'key-7' });
      const rawKey = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(headers['X-RSA'] ?? '', 'base64'),
      );
      const bytes = Buffer.from((JSON.parse(String(init?.body)) as { value: string }).value, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', rawKey, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      received.push(Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString());
      return envelope({ token: 't' });
    });
    await expect(call(secret, { username: 'u', password: 'p' })).resolves.toEqual({ token: 't' });
    await call(secret, { username: 'v', password: 'q' });
    expect(received).toEqual(['{"username":"u","password":"p"}', '{"username":"v","password":"q"}']);
    const keyFetches = fetchMock.mock.calls.filter(([url]) => String(url) === '/wps/system/publicKey');
    expect(keyFetches).toHaveLength(1);
  });
});
