import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Result tables of the three draw structures (shared/domain/lottery.md, "Draw structures" and "SEA"), and the
 * house draw: a secret seed committed by its hash before close, from which every digit of the table follows.
 */

/** north: Miền Bắc (and the fast e-lotteries); southCentral: one province of Miền Nam or Miền Trung; sea: Thai style. */
export type TStructure = 'north' | 'southCentral' | 'sea';
export const ALL_STRUCTURES: readonly TStructure[] = ['north', 'southCentral', 'sea'];

/** One prize of a result: VN 'DB', 'G1' … 'G7' / 'G8'; SEA 'first', 'front3', 'back3', 'bottom2'. */
export interface TPrizeRow {
  prize: string;
  numbers: string[];
}
export type TResultTable = TPrizeRow[];

export interface TPrizeShape {
  prize: string;
  count: number;
  digits: number;
}

/** Prizes in the order a result table lists them (and the house draw derives them). */
export const STRUCTURES: Record<TStructure, readonly TPrizeShape[]> = {
  north: [
    { prize: 'DB', count: 1, digits: 5 },
    { prize: 'G1', count: 1, digits: 5 },
    { prize: 'G2', count: 2, digits: 5 },
    { prize: 'G3', count: 6, digits: 5 },
    { prize: 'G4', count: 4, digits: 4 },
    { prize: 'G5', count: 6, digits: 4 },
    { prize: 'G6', count: 3, digits: 3 },
    { prize: 'G7', count: 4, digits: 2 },
  ],
  southCentral: [
    { prize: 'DB', count: 1, digits: 6 },
    { prize: 'G1', count: 1, digits: 5 },
    { prize: 'G2', count: 1, digits: 5 },
    { prize: 'G3', count: 2, digits: 5 },
    { prize: 'G4', count: 7, digits: 5 },
    { prize: 'G5', count: 1, digits: 4 },
    { prize: 'G6', count: 3, digits: 4 },
    { prize: 'G7', count: 1, digits: 3 },
    { prize: 'G8', count: 1, digits: 2 },
  ],
  sea: [
    { prize: 'first', count: 1, digits: 6 },
    { prize: 'front3', count: 2, digits: 3 },
    { prize: 'back3', count: 2, digits: 3 },
    { prize: 'bottom2', count: 1, digits: 2 },
  ],
};

/** How many numbers of a VN structure have at least `digits` digits: the lô count (north 27/23/20, south 18/17/16). */
export function loCount(structure: TStructure, digits: number): number {
  if (structure === 'sea') return 0;
  let n = 0;
  for (const row of STRUCTURES[structure]) if (row.digits >= digits) n += row.count;
  return n;
}

const SEED = /^[0-9a-f]{64}$/;

/** A fresh secret draw seed: 32 bytes from the CSPRNG, as 64 lowercase hex characters. */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

function seedBytes(seedHex: string): Buffer {
  if (!SEED.test(seedHex)) throw new RangeError('a draw seed is 64 lowercase hex characters');
  return Buffer.from(seedHex, 'hex');
}

/**
 * The commitment published before close: SHA-256 of the seed's 32 raw bytes (not of its 64-character hex text —
 * unlike house-games/fair.ts), as lowercase hex. Check: `printf '%s' SEED | xxd -r -p | sha256sum`.
 */
export function seedHash(seedHex: string): string {
  return createHash('sha256').update(seedBytes(seedHex)).digest('hex');
}

const BLOCK_BYTES = 32;
/** Bytes 250–255 are rejected: 250 = 25 × 10 keeps `byte % 10` uniform. */
const BYTE_LIMIT = 250;

/**
 * The house draw. Deterministic: the same seed always gives the same table.
 *
 * Every number of the result is computed on its own, from its prize code P (exactly as in `STRUCTURES`: 'DB',
 * 'G1' … 'G8', 'first', 'front3', 'back3', 'bottom2') and its 0-based position i within that prize:
 *
 *   key      = the seed's 32 raw bytes (hex-decoded)
 *   block 0  = HMAC-SHA256(key, ASCII `P:i`)            e.g. "DB:0", "G3:5", "front3:1"
 *   block c  = HMAC-SHA256(key, ASCII `P:i:c`)          c = 1, 2, … only if block 0 ran out (practically never)
 *
 * Read the bytes of block 0, then block 1, …, in order. Skip every byte ≥ 250; each other byte b gives the digit
 * b mod 10. The first `digits` digits, left to right, are the number (leading zeros kept, e.g. "07").
 *
 * Recompute the special prize of a north draw (5 digits) with openssl:
 *   printf 'DB:0' | openssl dgst -sha256 -mac HMAC -macopt hexkey:$SEED
 * then walk the hex output two characters at a time. Or in Python:
 *   b = hmac.new(bytes.fromhex(seed), b'DB:0', hashlib.sha256).digest()
 *   ''.join(str(x % 10) for x in b if x < 250)[:5]
 */
export function drawFromSeed(structure: TStructure, seedHex: string): TResultTable {
  const key = seedBytes(seedHex);
  return STRUCTURES[structure].map(({ prize, count, digits }) => ({
    prize,
    numbers: Array.from({ length: count }, (_, index) => numberFromHmac(key, `${prize}:${index}`, digits)),
  }));
}

function numberFromHmac(key: Buffer, label: string, digits: number): string {
  let out = '';
  for (let counter = 0; out.length < digits; counter += 1) {
    const block = createHmac('sha256', key)
      .update(counter === 0 ? label : `${label}:${counter}`, 'utf8')
      .digest();
    for (let i = 0; i < BLOCK_BYTES && out.length < digits; i += 1) {
      const byte = block[i] as number;
      if (byte < BYTE_LIMIT) out += String(byte % 10);
    }
  }
  return out;
}

const DIGITS = /^[0-9]+$/;

/**
 * Why an operator-entered result table does not fit the structure, or null when it does: every prize of the
 * structure exactly once (any order), nothing else, the right count of numbers, each of exactly the right digits.
 */
export function validateResultTable(structure: TStructure, table: TResultTable): string | null {
  const shapes = STRUCTURES[structure];
  const seen = new Set<string>();
  for (const row of table) {
    const shape = shapes.find((s) => s.prize === row.prize);
    if (!shape) return `${row.prize} is not a prize of a ${structure} draw`;
    if (seen.has(row.prize)) return `${row.prize} is listed twice`;
    seen.add(row.prize);
    if (row.numbers.length !== shape.count) return `${row.prize} needs ${shape.count} number(s), got ${row.numbers.length}`;
    for (const n of row.numbers) {
      if (n.length !== shape.digits || !DIGITS.test(n)) return `${row.prize} numbers have ${shape.digits} digits: "${n}" does not`;
    }
  }
  const missing = shapes.filter((s) => !seen.has(s.prize)).map((s) => s.prize);
  return missing.length > 0 ? `missing prize(s): ${missing.join(', ')}` : null;
}
