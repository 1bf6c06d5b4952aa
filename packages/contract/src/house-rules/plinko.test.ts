import { describe, expect, it } from 'vitest';
import { FairStream } from './fair.ts';
import { HouseGameInputError } from './house-game.ts';
import { dropBall, PLINKO_RISKS, PLINKO_ROWS, plinkoGame, plinkoRtp, plinkoSlotChances, plinkoTable, type TPlinkoRisk } from './plinko.ts';
import { recheckRound } from './registry.ts';
import { fastSource, scriptedSource, wordFor } from './test-support.ts';

const SEEDS = { serverSeed: 'fedcba9876543210'.repeat(4), clientSeed: 'plinko', nonce: 3 };

describe('plinko rules', () => {
  it('has a symmetric table for every (rows, risk) that returns exactly 99 %', () => {
    for (const rows of PLINKO_ROWS) {
      for (const risk of PLINKO_RISKS) {
        const table = plinkoTable(rows, risk);
        expect(table).toHaveLength(rows + 1);
        expect(table).toEqual([...table].reverse());
        const rtp = plinkoRtp(rows, risk);
        expect(rtp.numerator * 100n).toBe(99n * rtp.denominator);
      }
    }
    expect(plinkoSlotChances(8)[4]?.value).toBeCloseTo(70 / 256, 12);
  });

  it('drops the ball one fair bit per row: the slot is the number of rights', () => {
    const words = [wordFor(1, 2), wordFor(0, 2), wordFor(1, 2), wordFor(1, 2), wordFor(0, 2), wordFor(0, 2), wordFor(0, 2), wordFor(1, 2)];
    const round = plinkoGame.play({ amount: 1000, rows: 8, risk: 'high' }, scriptedSource(words));
    expect(round.detail).toEqual({ rows: 8, risk: 'high', path: [1, 0, 1, 1, 0, 0, 0, 1], slot: 4, multiplier: 20 });
    expect(round.payout).toBe(200);
    expect(round.stake).toBe(1000);
  });

  it('replays from the fair stream and re-checks from the record', () => {
    const round = plinkoGame.play({ amount: 150, rows: 16, risk: 'medium' }, new FairStream(SEEDS));
    expect(plinkoGame.play({ amount: 150, rows: 16, risk: 'medium' }, new FairStream(SEEDS))).toEqual(round);
    const fairness = { serverSeedHash: '', serverSeed: SEEDS.serverSeed, clientSeed: SEEDS.clientSeed, nonce: SEEDS.nonce };
    const check = recheckRound('HOUSE_PLINKO', { detail: { input: { amount: 150, rows: 16, risk: 'medium' }, outcome: round.detail }, fairness });
    expect(check?.outcomeMatches).toBe(true);
    const forged = recheckRound('HOUSE_PLINKO', { detail: { input: { amount: 150, rows: 16, risk: 'medium' }, outcome: { ...round.detail, slot: 0 } }, fairness });
    expect(forged?.outcomeMatches).toBe(false);
  });

  it('refuses bad rows, risk and stakes', () => {
    const src = fastSource('00000000000000000000000000000001');
    for (const bad of [{ amount: 100, rows: 7, risk: 'low' }, { amount: 100, rows: 17, risk: 'low' }, { amount: 100, rows: 8.5, risk: 'low' }, { amount: 100, rows: 8, risk: 'extreme' }, { amount: 0, rows: 8, risk: 'low' }, { amount: 1.5, rows: 8, risk: 'low' }]) {
      expect(() => plinkoGame.play(bad as never, src)).toThrow(HouseGameInputError);
    }
  });

  // 1,000,000 drops for each of three tables (8 low, 12 medium, 16 high); every table's RTP is exact above.
  const SIMULATED: [number, TPlinkoRisk, string][] = [
    [8, 'low', '5a17c0de5a17c0de5a17c0de00000008'],
    [12, 'medium', '5a17c0de5a17c0de5a17c0de00000012'],
    [16, 'high', '5a17c0de5a17c0de5a17c0de00000016'],
  ];
  for (const [rows, risk, seed] of SIMULATED) {
    it(`simulates 1,000,000 drops of ${rows} rows at ${risk} risk within the 99 % bound of 99 %`, () => {
      const n = 1_000_000;
      const table = plinkoTable(rows, risk).map((m) => m / 100);
      const src = fastSource(seed);
      let sum = 0;
      let sumSq = 0;
      let hits = 0;
      for (let i = 0; i < n; i += 1) {
        const x = table[dropBall(src, rows)] ?? 0;
        sum += x;
        sumSq += x * x;
        if (x > 1) hits += 1;
      }
      const rtp = sum / n;
      const sd = Math.sqrt(sumSq / n - rtp * rtp);
      // eslint-disable-next-line no-console -- the issue asks for RTP, hit frequency and volatility to be printed
      console.log(`plinko ${rows} ${risk}: RTP ${(rtp * 100).toFixed(3)} % (published 99 %), win (more than the stake back) ${(hits / n * 100).toFixed(2)} %, volatility ${sd.toFixed(3)}`);
      expect(Math.abs(rtp - plinkoRtp(rows, risk).value)).toBeLessThanOrEqual((2.576 * sd) / Math.sqrt(n));
    });
  }
});
