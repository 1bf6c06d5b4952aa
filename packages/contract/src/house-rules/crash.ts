import type { TRecheck, TRecordedRound } from './registry.ts';
import { hmacSha256, sha256Hex } from './sha256.ts';

/**
 * Crash (issue 21): one shared round for every player, its crash point from a published hash chain.
 *
 * The chain: the server draws a secret seed h_N (64 hex characters) and hashes it down,
 * h_i = sha256(h_{i+1}) (the hex text hashed, hex out), to the terminal hash h_0, which it publishes with a
 * salt before the first round. Round r (1, 2, …) plays h_r, so the chain is used backwards: nobody can compute
 * the next round's hash from the ones revealed, and every revealed hash proves its place by hashing r times down
 * to h_0 (or once to the round before it).
 *
 * The crash point (hundredths): h = the first 52 bits of HMAC-SHA256(key = round hash, message = salt),
 * M = floor(99·2^52 / (2^52 − h)), crash point = min(max(M, 100), CRASH_MAX). For a target m (hundredths,
 * 101 ≤ m ≤ CRASH_MAX): P(M ≥ m) = floor(99·2^52 / m) / 2^52, i.e. 0.99 / x less than 2^-52 — every cash-out
 * target returns 99 % (published). A round crashes at 1.00× with chance 1 − 0.99/1.01 ≈ 1.98 %.
 *
 * The flight: the multiplier t ms after take-off is e^{k·t} with k = CRASH_GROWTH_PER_MS (2× after 11.55 s,
 * 10× after 38.4 s); the server's clock decides: a cash-out request is paid at floor(100·e^{k·t}) if that is
 * still below the crash point, an auto cash-out at its target exactly if the target is at most the crash point.
 */
export const CRASH_GROWTH_PER_MS = 0.00006;
/** The highest crash point (10,000×): targets above it are refused; flights end within 154 s. */
export const CRASH_MAX = 1_000_000;
/** The lowest auto cash-out target (1.01×). */
export const CRASH_MIN_TARGET = 101;
export const CRASH_RTP = 0.99;
/** At most this many hashes are verified (the chain's longest length). */
export const CRASH_CHAIN_MAX = 10_000_000;

const E = 1n << 52n;
const HEX64 = /^[0-9a-f]{64}$/;

/** The first 52 bits of HMAC-SHA256(roundHash, salt), as an exact number below 2^52. */
export function crashBits(roundHash: string, salt: string): number {
  const bytes = hmacSha256(roundHash, salt);
  const view = new DataView(bytes.buffer, bytes.byteOffset, 8);
  return view.getUint32(0) * 0x10_0000 + (view.getUint32(4) >>> 12);
}

/** The crash point (hundredths) of 52 bits. */
export function crashPointOfBits(h: number): number {
  const m = (99n * E) / (E - BigInt(h));
  return m < 100n ? 100 : m > BigInt(CRASH_MAX) ? CRASH_MAX : Number(m);
}

/** The crash point (hundredths) of a round hash under the chain's salt. */
export function crashPointOf(roundHash: string, salt: string): number {
  return crashPointOfBits(crashBits(roundHash, salt));
}

/** The least h whose crash point reaches the target m (hundredths): M ≥ m ⇔ h ≥ 2^52 − floor(99·2^52 / m). */
export function crashThreshold(target: number): number {
  return Number(E - (99n * E) / BigInt(target));
}

/** The exact chance that the crash point reaches `target` (hundredths), numerator over 2^52. */
export function crashChance(target: number): { numerator: bigint; denominator: bigint } {
  return { numerator: (99n * E) / BigInt(target), denominator: E };
}

/** The next hash down the chain (towards the terminal hash). */
export const chainDown = (hash: string): string => sha256Hex(hash);

/** Hashes `roundHash` `steps` times; true when that reaches `terminalHash`. */
export function reachesTerminal(roundHash: string, steps: number, terminalHash: string): boolean {
  if (!HEX64.test(roundHash) || !Number.isSafeInteger(steps) || steps < 1 || steps > CRASH_CHAIN_MAX) return false;
  let h = roundHash;
  for (let i = 0; i < steps; i += 1) h = sha256Hex(h);
  return h === terminalHash;
}

/** The multiplier (hundredths, floored) `elapsedMs` after take-off. */
export function multiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs) + 1e-9);
}

/** How long after take-off the curve reaches `point` (hundredths): the flight's length for a crash point. */
export function flightMs(point: number): number {
  return Math.ceil(Math.log(point / 100) / CRASH_GROWTH_PER_MS);
}

/** A bet's payout: stake × cash-out multiplier, floored (0 without a cash-out). */
export function crashPayout(stake: number, cashOut: number | null): number {
  return cashOut === null ? 0 : Number((BigInt(stake) * BigInt(cashOut)) / 100n);
}

/** One bet in the betting record. */
export interface TCrashDetail {
  chain: { terminalHash: string; salt: string };
  /** r: the round's place in the chain (its hash hashed r times is the terminal hash). */
  roundNo: number;
  roundHash: string;
  /** Hundredths. */
  crashPoint: number;
  stake: number;
  autoCashOut: number | null;
  /** The multiplier paid (hundredths), or null: lost at the crash. */
  cashOut: number | null;
  payout: number;
}

/** The crash re-check: the round hash reaches the published terminal hash, and gives the recorded crash point and payout. */
export function recheckCrash(round: TRecordedRound): TRecheck | null {
  const d = round.detail as Partial<TCrashDetail>;
  if (typeof d.roundHash !== 'string' || !d.chain || typeof d.roundNo !== 'number') return null;
  try {
    const commitMatches = reachesTerminal(d.roundHash, d.roundNo, d.chain.terminalHash);
    const point = crashPointOf(d.roundHash, d.chain.salt);
    const cashOut = d.cashOut ?? null;
    const won = cashOut === null || (cashOut >= CRASH_MIN_TARGET && (cashOut < point || (cashOut === d.autoCashOut && cashOut <= point)));
    const outcomeMatches = point === d.crashPoint && won && crashPayout(d.stake ?? 0, cashOut) === d.payout;
    return { commitMatches, outcomeMatches };
  } catch {
    return { commitMatches: false, outcomeMatches: false };
  }
}
