/**
 * The room round's check, in the browser (SubtleCrypto): the revealed server seed hashes to the commitment
 * shown while the round was gathered, and the dice recomputed from it are the dice the server rolled.
 * Same stream as the server (apps/server/src/modules/house-games/fair.ts): block c is
 * HMAC-SHA256(key = serverSeed, `${clientSeed}:${roundNo}:${c}`), eight big-endian 4-byte words each; a die
 * is 1 + a uniform integer in [0, 6) drawn without modulo bias; each seat rolls two, in seat order.
 */

const TWO_POW_32 = 0x1_0000_0000;
const encoder = new TextEncoder();

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

export const canCheck = (): boolean => !!globalThis.crypto?.subtle;

export async function sha256Hex(text: string): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** The dice of every seat, recomputed from the revealed seeds. */
export async function recomputeDice(serverSeed: string, clientSeed: string, roundNo: number, seats: number, perSeat = 2): Promise<number[][]> {
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  let words: number[] = [];
  let cursor = 0;
  const next = async (): Promise<number> => {
    if (words.length === 0) {
      const block = new DataView(await globalThis.crypto.subtle.sign('HMAC', key, encoder.encode(`${clientSeed}:${roundNo}:${cursor}`)));
      cursor += 1;
      words = Array.from({ length: 8 }, (_, i) => block.getUint32(i * 4, false));
    }
    return words.shift() as number;
  };
  const bucket = Math.floor(TWO_POW_32 / 6);
  const limit = bucket * 6;
  const die = async (): Promise<number> => {
    for (;;) {
      const word = await next();
      if (word < limit) return 1 + Math.floor(word / bucket);
    }
  };
  const out: number[][] = [];
  for (let s = 0; s < seats; s += 1) {
    const dice: number[] = [];
    for (let d = 0; d < perSeat; d += 1) dice.push(await die());
    out.push(dice);
  }
  return out;
}

/** The command a player runs to see the round's first block (its first eight words) by hand. */
export const opensslCommand = (clientSeed: string, roundNo: number, serverSeed: string): string =>
  `printf %s '${clientSeed}:${roundNo}:0' | openssl dgst -sha256 -hmac ${serverSeed}`;
