import crypto from 'node:crypto';

/**
 * An authenticator app for the console's e2e: RFC 6238 codes (HMAC-SHA-1, 6 digits, 30 s steps) from the base32 key
 * the enrolment page shows for manual entry. Written here rather than imported from the server, so the test checks
 * the server against the RFC and not against itself.
 */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const TOTP_PERIOD_SECONDS = 30;

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/[\s=-]/g, '').toUpperCase()) {
    const index = BASE32.indexOf(ch);
    if (index < 0) throw new Error(`not a base32 key: ${text}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code for a time step (RFC 4226 HOTP with the step number as the counter). */
export function totpAtStep(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = crypto.createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** The time step of a moment. */
export const totpStep = (at = Date.now()): number => Math.floor(at / 1000 / TOTP_PERIOD_SECONDS);

/** The code an authenticator shows now (the server also takes the step either side, for clock drift). */
export const totpNow = (secret: string): string => totpAtStep(secret, totpStep());

