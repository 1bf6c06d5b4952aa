import crypto from 'node:crypto';

/** A bearer secret for the client (session token, reset link, challenge id): `bytes` random bytes, base64url. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** What the database keeps of a secret: its SHA-256, hex. */
export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
}

/** A numeric code of `digits` digits from the CSPRNG (SMS and e-mail codes). */
export function numericCode(digits = 6): string {
  return String(crypto.randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** `length` characters drawn uniformly from `alphabet` with the CSPRNG. */
export function randomText(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[crypto.randomInt(alphabet.length)] ?? '';
  return out;
}
