/**
 * The draw of a virtual match (issue 20), here so that the server and a member's browser run one implementation.
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

/** Goals per side are cut at this count, the tail folded into it (virtual football). */
export const DEFAULT_MAX_GOALS = 10;

export interface TExpectedGoals {
  home: number;
  away: number;
}

/**
 * P(X = k) for k = 0 … maxGoals − 1 and P(X ≥ maxGoals) last: maxGoals + 1 numbers summing to 1. The terms come
 * from one exp and the recurrence p_k = p_{k−1} × λ / k.
 */
export function poissonTruncated(lambda: number, maxGoals: number): number[] {
  if (!(lambda > 0 && lambda < 50)) throw new RangeError('λ is between 0 and 50');
  if (!Number.isSafeInteger(maxGoals) || maxGoals < 1) throw new RangeError('maxGoals is a positive integer');
  const probabilities: number[] = [];
  let term = Math.exp(-lambda);
  let sum = 0;
  for (let k = 0; k < maxGoals; k += 1) {
    probabilities.push(term);
    sum += term;
    term = (term * lambda) / (k + 1);
  }
  probabilities.push(Math.max(0, 1 - sum));
  return probabilities;
}

/** Inverse CDF: the smallest k with u < P(0) + … + P(k); the last count when rounding leaves u above the sum. */
export function inverseCdf(u: number, probabilities: readonly number[]): number {
  let cumulative = 0;
  for (let k = 0; k < probabilities.length - 1; k += 1) {
    cumulative += probabilities[k] as number;
    if (u < cumulative) return k;
  }
  return probabilities.length - 1;
}

/**
 * The score of a virtual fixture, drawn from the round's seed: home goals = inverseCdf(u("fixture:<id>:home")),
 * away goals = inverseCdf(u("fixture:<id>:away")) over the truncated Poisson of each side (seed.ts defines u).
 * Publish λ (or the ratings and the model) with the fixture before betting closes: the re-run needs them. The
 * cumulative sums use one Math.exp, which engines may round differently in the last bit; a u that close to a
 * boundary (about 1 in 10^15) is the only way a browser could disagree with the server.
 */
export async function drawFootballScore(seedHex: string, fixtureId: string, goals: TExpectedGoals, maxGoals: number = DEFAULT_MAX_GOALS): Promise<{ home: number; away: number }> {
  const key = await seedKey(seedHex);
  const [uHome, uAway] = await Promise.all([seedUniform(key, `fixture:${fixtureId}:home`), seedUniform(key, `fixture:${fixtureId}:away`)]);
  return {
    home: inverseCdf(uHome, poissonTruncated(goals.home, maxGoals)),
    away: inverseCdf(uAway, poissonTruncated(goals.away, maxGoals)),
  };
}

export interface TEsportsModel {
  bestOf: number;
  /** Rating points that make a side 10 times as likely to win a map (Elo: 400). */
  scale: number;
}

export const DEFAULT_ESPORTS_MODEL: TEsportsModel = { bestOf: 3, scale: 400 };

export function checkedEsportsModel(model: TEsportsModel): TEsportsModel {
  if (!Number.isSafeInteger(model.bestOf) || model.bestOf < 1 || model.bestOf > 9 || model.bestOf % 2 === 0) throw new RangeError('a series is best of 1, 3, 5, 7 or 9');
  if (!(model.scale > 0)) throw new RangeError('the rating scale is positive');
  return model;
}

/** The home side's chance of winning one map. */
export function mapWinProbability(homeRating: number, awayRating: number, model: TEsportsModel = DEFAULT_ESPORTS_MODEL): number {
  if (!Number.isFinite(homeRating) || !Number.isFinite(awayRating)) throw new RangeError('ratings are finite numbers');
  return 1 / (1 + 10 ** ((awayRating - homeRating) / checkedEsportsModel(model).scale));
}

/**
 * The map score of a virtual series, drawn from the round's seed: map n (1, 2, …) goes to the home side when
 * u("fixture:<id>:map:<n>") < p (seed.ts defines u), until a side has (N + 1) / 2 maps.
 */
export async function drawSeries(seedHex: string, fixtureId: string, p: number, model: TEsportsModel = DEFAULT_ESPORTS_MODEL): Promise<{ home: number; away: number; maps: ('home' | 'away')[] }> {
  const wins = (checkedEsportsModel(model).bestOf + 1) / 2;
  const key = await seedKey(seedHex);
  const maps: ('home' | 'away')[] = [];
  let home = 0;
  let away = 0;
  while (home < wins && away < wins) {
    const winner = (await seedUniform(key, `fixture:${fixtureId}:map:${maps.length + 1}`)) < p ? 'home' : 'away';
    maps.push(winner);
    if (winner === 'home') home += 1;
    else away += 1;
  }
  return { home, away, maps };
}
