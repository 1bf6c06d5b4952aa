/**
 * The uniform numbers a virtual match is drawn from. Web Crypto only (no node:crypto), the same scheme as the
 * raffle and the lottery's house draw, so a member's browser can re-run the match from the revealed seed:
 *
 *   seed    32 random bytes written as 64 lowercase hex characters, secret until the round is resulted
 *   commit  SHA-256 of the seed's bytes (hex-decoded), published before betting closes
 *           check: printf '%s' SEED | xxd -r -p | sha256sum
 *   u(label) = the first 53 bits of HMAC-SHA256(key = seed bytes, ASCII label) as a big-endian integer, / 2^53:
 *           with w0, w1 the first two big-endian 4-byte words, u = (w0 × 2^21 + (w1 >>> 11)) / 2^53 — a double in
 *           [0, 1), exact (53 bits fit a double's mantissa)
 *           check: printf 'fixture:F1:home' | openssl dgst -sha256 -mac HMAC -macopt hexkey:SEED
 * Labels: football "fixture:<id>:home" and "fixture:<id>:away"; esports "fixture:<id>:map:<n>", n = 1, 2, …
 */

// The seed and its commitment are the raffle's (packages/contract), one implementation for every house draw.
export { newRaffleSeed as newSeed, raffleCommit as seedCommit } from '@playhall/contract/raffle';

const SEED = /^[0-9a-f]{64}$/;
const TWO_POW_21 = 2 ** 21;
const TWO_POW_53 = 2 ** 53;

/** The uniform of the first 53 bits of `bytes` (at least 8 of them), big-endian. */
export function uniformFromBytes(bytes: Uint8Array): number {
  if (bytes.length < 8) throw new RangeError('a uniform needs 8 bytes');
  const view = new DataView(bytes.buffer, bytes.byteOffset, 8);
  return (view.getUint32(0) * TWO_POW_21 + (view.getUint32(4) >>> 11)) / TWO_POW_53;
}

/** A Web Crypto HMAC key (named through the API so the file needs neither DOM nor Node typings). */
export type TSeedKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

/** The HMAC key of a seed: its 32 raw bytes. */
export async function seedKey(seedHex: string): Promise<TSeedKey> {
  if (!SEED.test(seedHex)) throw new RangeError('a seed is 64 lowercase hex characters');
  const bytes = new Uint8Array(seedHex.match(/../g)?.map((h) => parseInt(h, 16)) ?? []);
  return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** u(label) of the seed behind `key`, in [0, 1). */
export async function seedUniform(key: TSeedKey, label: string): Promise<number> {
  return uniformFromBytes(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(label))));
}
