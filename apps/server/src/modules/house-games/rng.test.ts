import { describe, expect, it } from 'vitest';
import { FairStream as PureFairStream, uniformInt, type RandomSource } from '@playhall/contract/house-rules/fair';
import type { RouletteDetail } from '@playhall/contract/house-rules/roulette';
import type { SicboDetail } from '@playhall/contract/house-rules/sicbo';
import { FairStream } from './fair.ts';
import { playRound } from './index.ts';

/**
 * RNG checks in the spirit of the regulators' rules (GLI-19 §3.3, the testing labs' "chi-square, runs, serial
 * correlation at 99 %"), on the stream every house round draws from: the server's FairStream (node:crypto HMAC)
 * and, on fewer words, the browser's pure-TypeScript one; then on the games' outcomes across successive rounds
 * (nonces 0, 1, 2, … of one seed pair, each played by the game's own `play`), as a lab tests the outcome stream.
 * Fixed seeds, so the run is deterministic; each statistic is printed. A stream of many words is one long round
 * (cursor 0, 1, 2, …) of a fixed seed triple.
 */

/** Chi-square critical values at 99 % for the degrees of freedom used here. */
const CHI2_99: Readonly<Record<number, number>> = { 1: 6.635, 5: 15.086, 36: 58.619, 51: 77.386, 255: 310.457 };
const Z_99 = 2.576;

function log(line: string): void {
  // eslint-disable-next-line no-console -- the issue asks for the statistics to be printed
  console.log(line);
}

function words(source: RandomSource, n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) out[i] = source.nextUint32();
  return out;
}

function bump(counts: Float64Array, i: number): void {
  counts[i] = (counts[i] ?? 0) + 1;
}

function chiSquare(counts: ArrayLike<number>, total: number): number {
  const expected = total / counts.length;
  let chi = 0;
  for (let i = 0; i < counts.length; i += 1) chi += ((counts[i] ?? 0) - expected) ** 2 / expected;
  return chi;
}

/** Byte frequencies of the words (four bytes each), chi-square with 255 degrees of freedom. */
function byteChi(ws: Uint32Array): number {
  const counts = new Float64Array(256);
  for (const w of ws) {
    bump(counts, w >>> 24);
    bump(counts, (w >>> 16) & 0xff);
    bump(counts, (w >>> 8) & 0xff);
    bump(counts, w & 0xff);
  }
  return chiSquare(counts, ws.length * 4);
}

/**
 * Wald–Wolfowitz runs above/below the median: the z score. Values equal to the median are left out (a roulette 18);
 * for words the median is 2^31 − ½, the float w / 2^32 against 0.5.
 */
function runsZ(values: ArrayLike<number>, median: number): number {
  let above = 0;
  let n = 0;
  let runs = 0;
  let last = -1;
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i] ?? median;
    if (v === median) continue;
    const side = v > median ? 1 : 0;
    above += side;
    n += 1;
    if (side !== last) runs += 1;
    last = side;
  }
  const below = n - above;
  const mean = (2 * above * below) / n + 1;
  const variance = ((mean - 1) * (mean - 2)) / (n - 1);
  return (runs - mean) / Math.sqrt(variance);
}

/** Serial correlation of the values at a lag (a word's scale does not change it). */
function serial(values: ArrayLike<number>, lag: number): number {
  const n = values.length;
  let mean = 0;
  for (let i = 0; i < n; i += 1) mean += values[i] ?? 0;
  mean /= n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i += 1) {
    const d = (values[i] ?? 0) - mean;
    den += d * d;
    if (i + lag < n) num += d * ((values[i + lag] ?? 0) - mean);
  }
  return num / den;
}

function check(name: string, make: () => RandomSource, wordCount: number, draws: number): void {
  const started = performance.now();
  const ws = words(make(), wordCount);
  const chi = byteChi(ws);
  log(`${name}: ${wordCount.toLocaleString('en')} words; bytes χ² = ${chi.toFixed(1)} (df 255, 99 % critical ${CHI2_99[255]})`);
  expect(chi).toBeLessThan(CHI2_99[255] ?? 0);

  const z = runsZ(ws, 0x7fff_ffff + 0.5);
  log(`${name}: runs above/below the median z = ${z.toFixed(3)} (|z| < ${Z_99})`);
  expect(Math.abs(z)).toBeLessThan(Z_99);

  const bound = Z_99 / Math.sqrt(ws.length);
  for (let lag = 1; lag <= 5; lag += 1) {
    const r = serial(ws, lag);
    log(`${name}: serial correlation lag ${lag} r = ${r.toExponential(3)} (|r| < ${bound.toExponential(3)})`);
    expect(Math.abs(r)).toBeLessThan(bound);
  }

  // The draws the games make: uniformInt(n) without modulo bias, from a fresh stream of the same seeds' next nonce.
  const source = make();
  for (const n of [2, 6, 37, 52]) {
    const counts = new Float64Array(n);
    for (let i = 0; i < draws; i += 1) bump(counts, uniformInt(source, n));
    const c = chiSquare(counts, draws);
    log(`${name}: uniformInt(${n}) × ${draws.toLocaleString('en')} χ² = ${c.toFixed(2)} (df ${n - 1}, 99 % critical ${CHI2_99[n - 1]})`);
    expect(c).toBeLessThan(CHI2_99[n - 1] ?? 0);
  }
  log(`${name}: ${Math.round(performance.now() - started)} ms`);
}

describe('RNG checks of the fair stream (frequency, runs, serial correlation at 99 %)', () => {
  const seeds = { serverSeed: '3c9a5b1e7d2f4a6c8e0b1d3f5a7c9e2b4d6f8a0c2e4b6d8f1a3c5e7b9d0f2a4c', clientSeed: 'rng-check' };

  it('server stream (node:crypto HMAC): 4,000,000 words and 500,000 draws of each uniformInt', () => {
    let nonce = 0;
    check('server FairStream', () => new FairStream({ ...seeds, nonce: nonce++ }), 4_000_000, 500_000);
  }, 60_000);

  it('browser stream (pure SHA-256): 400,000 words and 100,000 draws of each uniformInt', () => {
    let nonce = 100;
    check('browser FairStream', () => new PureFairStream({ ...seeds, nonce: nonce++ }), 400_000, 100_000);
  }, 60_000);
});

/**
 * The outcome stream of a game: `rounds` successive rounds of one seed pair (nonce 0, 1, 2, …, as a member's rounds
 * are numbered), each played by the server's `playRound` with the same slip; `pick` reads the outcome's values.
 */
function outcomeStream(code: string, input: unknown, rounds: number, pick: (detail: unknown) => readonly number[]): number[] {
  const seeds = { serverSeed: '7e1f0c3a9b5d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f2a4c6e8b0d1f', clientSeed: 'outcome-stream' };
  const out: number[] = [];
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    const outcome = playRound(code, input, { ...seeds, nonce });
    if (!outcome) throw new Error(`no game ${code}`);
    out.push(...pick(outcome.detail));
  }
  return out;
}

/** Frequency over the `k` outcomes `first`…`first + k − 1`, runs above/below `median`, serial correlation lag 1. */
function checkOutcomes(name: string, values: readonly number[], first: number, k: number, median: number): void {
  const counts = new Float64Array(k);
  for (const v of values) bump(counts, v - first);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(values.length);
  const chi = chiSquare(counts, values.length);
  log(`${name}: ${values.length.toLocaleString('en')} outcomes; χ² = ${chi.toFixed(2)} (df ${k - 1}, 99 % critical ${CHI2_99[k - 1]})`);
  expect(chi).toBeLessThan(CHI2_99[k - 1] ?? 0);
  const z = runsZ(values, median);
  log(`${name}: runs above/below the median ${median} z = ${z.toFixed(3)} (|z| < ${Z_99})`);
  expect(Math.abs(z)).toBeLessThan(Z_99);
  const r = serial(values, 1);
  const bound = Z_99 / Math.sqrt(values.length);
  log(`${name}: serial correlation lag 1 r = ${r.toExponential(3)} (|r| < ${bound.toExponential(3)})`);
  expect(Math.abs(r)).toBeLessThan(bound);
}

describe('RNG checks of the outcome stream across rounds (successive nonces, the games\' own play)', () => {
  it('European roulette: the number of 200,000 successive rounds', () => {
    const started = performance.now();
    const numbers = outcomeStream('HOUSE_ROULETTE_EU', { bets: [{ type: 'red', amount: 100_000 }] }, 200_000, (d) => [(d as RouletteDetail).number]);
    checkOutcomes('roulette numbers', numbers, 0, 37, 18);
    log(`roulette numbers: ${Math.round(performance.now() - started)} ms`);
  }, 60_000);

  it('sic bo: the three faces of 100,000 successive throws, in throw order', () => {
    const started = performance.now();
    const faces = outcomeStream('HOUSE_SICBO', { bets: [{ type: 'big', amount: 100_000 }] }, 100_000, (d) => (d as SicboDetail).dice);
    checkOutcomes('sic bo faces', faces, 1, 6, 3.5);
    log(`sic bo faces: ${Math.round(performance.now() - started)} ms`);
  }, 60_000);
});
