import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PhoneTokenError, signPhoneToken, verifyPhoneToken, type TPhoneTokenClaims } from './phone-token.ts';

const ed = crypto.generateKeyPairSync('ed25519');
const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = crypto.generateKeyPairSync('ed25519');
const keys = new Map([
  ['ed1', ed.publicKey],
  ['rsa1', rsa.publicKey],
]);
const now = new Date('2026-05-01T10:00:00Z');
const nowS = now.getTime() / 1000;
const claims = (over: Partial<TPhoneTokenClaims> = {}): TPhoneTokenClaims => ({
  iss: 'sandbox-phone',
  aud: 'DEMO',
  sub: 'u1',
  phone_number: '+84900000001',
  iat: nowS - 10,
  exp: nowS + 3600,
  jti: 'j1',
  ...over,
});
const opts = { keys, issuer: 'sandbox-phone', audience: 'DEMO', now };
const refusal = (token: string) => {
  try {
    verifyPhoneToken(token, opts);
    return 'accepted';
  } catch (err) {
    return err instanceof PhoneTokenError ? err.reason : String(err);
  }
};

describe('provider phone token', () => {
  it('accepts a token signed with the provider key (EdDSA and RS256) and answers its number', () => {
    expect(verifyPhoneToken(signPhoneToken(claims(), { kid: 'ed1', privateKey: ed.privateKey }), opts).phone_number).toBe('+84900000001');
    expect(verifyPhoneToken(signPhoneToken(claims(), { kid: 'rsa1', privateKey: rsa.privateKey }), opts).jti).toBe('j1');
  });

  it('refuses a forged signature, an unknown key and a changed payload', () => {
    expect(refusal(signPhoneToken(claims(), { kid: 'ed1', privateKey: other.privateKey }))).toBe('bad_signature');
    expect(refusal(signPhoneToken(claims(), { kid: 'nope', privateKey: ed.privateKey }))).toBe('unknown_key');
    const [h, , s] = signPhoneToken(claims(), { kid: 'ed1', privateKey: ed.privateKey }).split('.');
    const changed = Buffer.from(JSON.stringify(claims({ phone_number: '+84900000002' }))).toString('base64url');
    expect(refusal(`${h}.${changed}.${s}`)).toBe('bad_signature');
  });

  it('refuses alg none, HMAC with the public key, and an algorithm other than the key’s', () => {
    const body = Buffer.from(JSON.stringify(claims())).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', kid: 'ed1' })).toString('base64url');
    expect(refusal(`${none}.${body}.`)).toBe('bad_signature');
    const hs = Buffer.from(JSON.stringify({ alg: 'HS256', kid: 'rsa1' })).toString('base64url');
    const pem = rsa.publicKey.export({ type: 'spki', format: 'pem' });
    const mac = crypto.createHmac('sha256', pem).update(`${hs}.${body}`).digest('base64url');
    expect(refusal(`${hs}.${body}.${mac}`)).toBe('bad_signature');
  });

  it('refuses the wrong issuer or audience, an expired token and one issued in the future', () => {
    const sign = (c: TPhoneTokenClaims) => signPhoneToken(c, { kid: 'ed1', privateKey: ed.privateKey });
    expect(refusal(sign(claims({ iss: 'someone-else' })))).toBe('wrong_issuer');
    expect(refusal(sign(claims({ aud: 'OTHER' })))).toBe('wrong_audience');
    expect(refusal(sign(claims({ iat: nowS - 7200, exp: nowS - 61 })))).toBe('expired');
    // Within the clock skew still fine.
    expect(refusal(sign(claims({ exp: nowS - 30 })))).toBe('accepted');
    expect(refusal(sign(claims({ iat: nowS + 120 })))).toBe('issued_in_future');
    expect(refusal(sign(claims({ phone_number: '0900' })))).toBe('no_phone');
  });

  it('refuses malformed tokens', () => {
    for (const t of ['', 'a.b', 'a.b.c.d', '!!.??.xx', `${Buffer.from('[1]').toString('base64url')}.e30.`]) expect(refusal(t)).toMatch(/malformed|unknown_key/);
  });
});
