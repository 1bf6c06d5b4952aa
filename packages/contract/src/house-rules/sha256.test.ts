import { describe, expect, it } from 'vitest';
import { commitOf, FairStream } from './fair.ts';
import { hmacSha256, sha256Hex, toHex } from './sha256.ts';

// Vectors: FIPS 180-4 examples, RFC 4231 test case 2, and the server's fair-stream vectors
// (`printf %s 'playhall:1:0' | openssl dgst -sha256 -hmac <seed>`).
const SEED = '0123456789abcdef'.repeat(4);

describe('the shared SHA-256 (browser verifier)', () => {
  it('matches the standard digests, across block boundaries', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
    expect(sha256Hex('a'.repeat(1000))).toBe('41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3');
  });

  it('computes HMAC-SHA256 as RFC 4231 and openssl do, with short and long keys', () => {
    expect(toHex(hmacSha256('Jefe', 'what do ya want for nothing?'))).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    expect(toHex(hmacSha256(SEED, 'playhall:1:0'))).toBe('9b96991166fc8840d2eac1e4a5a54b57648d14063c63037bb836d767a664cf65');
  });

  it('gives the server’s fair stream and commitment', () => {
    expect(commitOf(SEED)).toBe('a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e');
    const stream = new FairStream({ serverSeed: SEED, clientSeed: 'playhall', nonce: 1 });
    const words = Array.from({ length: 9 }, () => stream.nextUint32());
    expect(words[0]).toBe(0x9b969911);
    expect(words[8]).toBe(0x5a024bbf);
  });
});
