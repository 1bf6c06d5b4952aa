import type { TDrawResult } from '@playhall/contract/calls/games';

/** The lô of a Vietnamese sheet: the last two digits of every number, sorted (SEA sheets have none). */
export function lotoTails(prizes: TDrawResult['prizes']): string[] {
  if (!prizes.some((p) => p.prize === 'DB')) return [];
  return prizes
    .flatMap((p) => p.numbers)
    .filter((n) => n.length >= 2)
    .map((n) => n.slice(-2))
    .sort();
}

const toHex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  return new Uint8Array(hex.match(/../g)?.map((h) => parseInt(h, 16)) ?? []);
}

/** Bytes 250–255 are skipped so that `byte % 10` stays uniform (the server's draw, lottery-engine). */
const BYTE_LIMIT = 250;

/**
 * A house draw checked in the browser, as the server's engine makes it: the commitment is sha256 of the
 * seed's raw bytes (hex-decoded); each number of prize P at position i is read from HMAC-SHA256(seed,
 * "P:i") (then "P:i:1", … if needed), one digit `byte % 10` per byte below 250.
 */
export async function verifyDraw(seedHex: string, hash: string, prizes: TDrawResult['prizes']): Promise<{ hashOk: boolean; tableOk: boolean }> {
  const seed = hexBytes(seedHex);
  if (!seed) return { hashOk: false, tableOk: false };
  const hashOk = toHex(await crypto.subtle.digest('SHA-256', seed)) === hash.toLowerCase();
  const key = await crypto.subtle.importKey('raw', seed, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const numberOf = async (label: string, digits: number) => {
    let out = '';
    for (let counter = 0; out.length < digits && counter < 8; counter += 1) {
      const block = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(counter === 0 ? label : `${label}:${counter}`)));
      for (const byte of block) {
        if (out.length >= digits) break;
        if (byte < BYTE_LIMIT) out += String(byte % 10);
      }
    }
    return out;
  };
  const checks = prizes.flatMap((p) => p.numbers.map(async (n, i) => (await numberOf(`${p.prize}:${i}`, n.length)) === n));
  const tableOk = checks.length > 0 && (await Promise.all(checks)).every(Boolean);
  return { hashOk, tableOk };
}

/** The special prize of a result sheet: DB for Vietnamese draws, the first prize for SEA. */
export function specialPrize(result: Pick<TDrawResult, 'prizes'> | null | undefined): string | null {
  const row = result?.prizes.find((p) => p.prize === 'DB') ?? result?.prizes.find((p) => p.prize === 'first');
  return row?.numbers[0] ?? null;
}
