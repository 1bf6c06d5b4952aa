import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, otpauthUrl, totpAt } from './totp.ts';

// RFC 6238 appendix B, SHA-1: the secret is ASCII "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors (last 6 digits)', () => {
    for (const [seconds, code] of [[59, '287082'], [1111111109, '081804'], [1111111111, '050471'], [1234567890, '005924'], [2000000000, '279037']] as const) {
      expect(totpAt(RFC_SECRET, Math.floor(seconds / 30))).toBe(code);
    }
  });

  it('base32 round-trips', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 7, 9]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });

  it('accepts one step of drift either side, not two', () => {
    const t = new Date(1_700_000_000_000);
    const step = Math.floor(t.getTime() / 30_000);
    expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, step), t)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, step - 1), t)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, step + 1), t)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, totpAt(RFC_SECRET, step + 2), t)).toBeNull();
    expect(matchTotp(RFC_SECRET, '12345', t)).toBeNull();
  });

  it('builds the otpauth URL apps expect', () => {
    expect(otpauthUrl('Playhall', 'alice', 'ABC')).toBe('otpauth://totp/Playhall%3Aalice?secret=ABC&issuer=Playhall&algorithm=SHA1&digits=6&period=30');
  });
});
