import crypto, { type KeyObject } from 'node:crypto';

/**
 * The ID token a phone-verification provider gives the browser once it confirmed a code: a JWT
 * (EdDSA or RS256) naming the verified number in `phone_number` (E.164), like Firebase's. The server
 * trusts it only after checking the signature with the provider's public key (chosen by `kid`, as
 * from a JWKS), the issuer, the audience (our project id), the expiry and that it was not issued in
 * the future.
 */
export interface TPhoneTokenClaims {
  iss: string;
  aud: string;
  sub: string;
  phone_number: string;
  iat: number;
  exp: number;
  jti: string;
}

export type TPhoneTokenRefusal = 'malformed' | 'unknown_key' | 'bad_signature' | 'wrong_issuer' | 'wrong_audience' | 'expired' | 'issued_in_future' | 'no_phone';

export class PhoneTokenError extends Error {
  constructor(readonly reason: TPhoneTokenRefusal) {
    super(`phone token refused: ${reason}`);
  }
}

/** Seconds of clock difference allowed between the provider and us. */
export const PHONE_TOKEN_SKEW_SECONDS = 60;

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function part(text: string | undefined): Record<string, unknown> {
  if (!text || !/^[A-Za-z0-9_-]+$/.test(text)) throw new PhoneTokenError('malformed');
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new PhoneTokenError('malformed');
    return value as Record<string, unknown>;
  } catch {
    throw new PhoneTokenError('malformed');
  }
}

/** Signs claims as the provider does (the sandbox provider; tests forge with another key). */
export function signPhoneToken(claims: TPhoneTokenClaims, key: { kid: string; privateKey: KeyObject }): string {
  const alg = key.privateKey.asymmetricKeyType === 'ed25519' ? 'EdDSA' : 'RS256';
  const input = `${b64({ alg, kid: key.kid, typ: 'JWT' })}.${b64(claims)}`;
  const sig = crypto.sign(alg === 'EdDSA' ? null : 'sha256', Buffer.from(input), key.privateKey);
  return `${input}.${sig.toString('base64url')}`;
}

/**
 * Checks a provider ID token and answers its claims, or throws PhoneTokenError. `keys` is the
 * provider's public keys by kid; the algorithm follows the key (EdDSA for Ed25519, RS256 for RSA), so
 * a token cannot choose a weaker one (no `none`, no HMAC with a public key).
 */
export function verifyPhoneToken(
  token: string,
  opts: { keys: ReadonlyMap<string, KeyObject>; issuer: string; audience: string; now: Date },
): TPhoneTokenClaims {
  const pieces = token.split('.');
  if (pieces.length !== 3) throw new PhoneTokenError('malformed');
  const [h, p, s] = pieces as [string, string, string];
  const header = part(h);
  const key = typeof header.kid === 'string' ? opts.keys.get(header.kid) : undefined;
  if (!key) throw new PhoneTokenError('unknown_key');
  const expected = key.asymmetricKeyType === 'ed25519' ? 'EdDSA' : key.asymmetricKeyType === 'rsa' ? 'RS256' : null;
  if (!expected || header.alg !== expected) throw new PhoneTokenError('bad_signature');
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new PhoneTokenError('malformed');
  const signed = crypto.verify(expected === 'EdDSA' ? null : 'sha256', Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'));
  if (!signed) throw new PhoneTokenError('bad_signature');

  const c = part(p);
  if (c.iss !== opts.issuer) throw new PhoneTokenError('wrong_issuer');
  if (c.aud !== opts.audience) throw new PhoneTokenError('wrong_audience');
  const nowS = Math.floor(opts.now.getTime() / 1000);
  if (typeof c.exp !== 'number' || typeof c.iat !== 'number' || typeof c.jti !== 'string' || c.jti === '' || typeof c.sub !== 'string') {
    throw new PhoneTokenError('malformed');
  }
  if (c.exp <= nowS - PHONE_TOKEN_SKEW_SECONDS) throw new PhoneTokenError('expired');
  if (c.iat > nowS + PHONE_TOKEN_SKEW_SECONDS) throw new PhoneTokenError('issued_in_future');
  if (typeof c.phone_number !== 'string' || !/^\+[0-9]{6,19}$/.test(c.phone_number)) throw new PhoneTokenError('no_phone');
  return { iss: c.iss, aud: c.aud, sub: c.sub, phone_number: c.phone_number, iat: c.iat, exp: c.exp, jti: c.jti };
}
