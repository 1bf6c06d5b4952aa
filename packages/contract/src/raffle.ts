/**
 * The raffle draw, published so that any member can re-run it in the browser (shared/domain/promotions.md, "Raffle").
 * Web Crypto only, so the server and the web import this one file.
 *
 *   seed      32 random bytes written as 64 lowercase hex characters, kept secret until the period closes
 *   commit    SHA-256 of the seed's bytes (hex-decoded), as hex, shown before the period closes
 *             check: printf '%s' SEED | xxd -r -p | sha256sum
 *   tickets   the ordered ticket list: ticket number i (0-based, in the order earned) is tickets[i], its holder
 *   prize k   (k = 0, 1, …) is drawn among the m = n − k tickets not drawn yet (n: the ticket count). It reads
 *             HMAC-SHA256(key = seed bytes, "prize:k:c") for c = 0, 1, … as big-endian 4-byte words; the first word w
 *             below the largest multiple of m under 2^32 (higher words are skipped: no modulo bias) gives r = w mod m,
 *             and the prize goes to the r-th (0-based) ticket not drawn yet, in ticket-number order
 *             check: printf 'prize:0:0' | openssl dgst -sha256 -mac HMAC -macopt hexkey:SEED
 * A holder of several tickets can win several prizes; prizes beyond the ticket count are not drawn.
 */

export interface TRaffleWinner {
  /** Prize index, 0 first. */
  prize: number;
  /** The winning ticket's number (its index in the ticket list). */
  ticket: number;
  holder: string;
}

const SEED = /^[0-9a-f]{64}$/;
const TWO_POW_32 = 0x1_0000_0000;
/** Blocks tried for one prize before giving up: unreachable (a word is skipped with probability below m / 2^32). */
const MAX_BLOCKS = 1_000;

function seedBytes(seed: string): Uint8Array<ArrayBuffer> {
  if (!SEED.test(seed)) throw new RangeError('a raffle seed is 64 lowercase hex characters');
  return new Uint8Array(seed.match(/../g)?.map((h) => parseInt(h, 16)) ?? []);
}

const toHex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** A fresh seed from the platform's CSPRNG (Node and browsers alike). */
export function newRaffleSeed(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(32)).buffer);
}

/** The commitment to publish before the period closes. */
export async function raffleCommit(seed: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', seedBytes(seed)));
}

/** The winners of `prizes` prizes drawn from the revealed seed and the ordered ticket list. */
export async function drawRaffle(seed: string, tickets: readonly string[], prizes: number): Promise<TRaffleWinner[]> {
  if (!Number.isSafeInteger(prizes) || prizes < 0) throw new RangeError('the prize count must be a non-negative integer');
  const n = tickets.length;
  if (n > TWO_POW_32) throw new RangeError('at most 2^32 tickets');
  const key = await crypto.subtle.importKey('raw', seedBytes(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  /** Tickets drawn so far, ascending. */
  const drawn: number[] = [];
  const winners: TRaffleWinner[] = [];
  for (let prize = 0; prize < Math.min(prizes, n); prize += 1) {
    const remaining = n - prize;
    const limit = Math.floor(TWO_POW_32 / remaining) * remaining;
    let r: number | null = null;
    for (let block = 0; r === null; block += 1) {
      if (block === MAX_BLOCKS) throw new Error(`prize ${prize} found no word in ${MAX_BLOCKS} blocks`);
      const words = new DataView(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`prize:${prize}:${block}`)));
      for (let offset = 0; offset < 32 && r === null; offset += 4) {
        const word = words.getUint32(offset);
        if (word < limit) r = word % remaining;
      }
    }
    // The r-th ticket not drawn yet: step over each drawn ticket at or below the candidate, in ascending order.
    let ticket = r;
    for (const d of drawn) if (d <= ticket) ticket += 1;
    const at = drawn.findIndex((d) => d > ticket);
    drawn.splice(at === -1 ? drawn.length : at, 0, ticket);
    winners.push({ prize, ticket, holder: tickets[ticket] ?? '' });
  }
  return winners;
}

export interface TRaffleCheck {
  /** SHA-256 of the revealed seed is the commitment shown before the period closed. */
  commitMatches: boolean;
  /** Re-running the draw gives exactly the published winners. */
  winnersMatch: boolean;
}

/** What a member's browser runs on a closed raffle: the commitment, and the draw re-run from the revealed seed. */
export async function verifyRaffle(
  draw: { seed: string; commit: string; tickets: readonly string[]; winners: readonly TRaffleWinner[] },
): Promise<TRaffleCheck> {
  if (!SEED.test(draw.seed)) return { commitMatches: false, winnersMatch: false };
  const commitMatches = (await raffleCommit(draw.seed)) === draw.commit.toLowerCase();
  const again = await drawRaffle(draw.seed, draw.tickets, draw.winners.length);
  const winnersMatch =
    again.length === draw.winners.length &&
    again.every((w, i) => w.prize === draw.winners[i]?.prize && w.ticket === draw.winners[i]?.ticket && w.holder === draw.winners[i]?.holder);
  return { commitMatches, winnersMatch };
}
