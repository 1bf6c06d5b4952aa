import { describe, expect, it } from 'vitest';
import { FairStream } from './fair.ts';
import { captureChance, checkFishingConfig, fishingGame, OCEAN_HUNTER, shoot } from './fishing.ts';
import { HouseGameInputError } from './house-game.ts';
import { fastSource, scriptedSource, wordFor } from './test-support.ts';

describe('fishing maths', () => {
  it('gives every fish a capture chance of exactly RTP / multiplier', () => {
    for (const fish of OCEAN_HUNTER.fish) {
      const [num, den] = captureChance(OCEAN_HUNTER, fish);
      // p × m = 0.95, as integers: num × m × 10,000 = 9,500 × den.
      expect(num * fish.multiplier * 10_000).toBe(OCEAN_HUNTER.rtpBasisPoints * den);
    }
  });

  it('captures below the chance and pays multiplier × bet; misses otherwise', () => {
    const shark = OCEAN_HUNTER.fish.find((f) => f.code === 'shark');
    const [num, den] = captureChance(OCEAN_HUNTER, shark!);
    expect(shoot(OCEAN_HUNTER, { bet: 50, target: 'shark' }, scriptedSource([wordFor(num - 1, den)]))).toEqual({
      stake: 50, payout: 5000, detail: { bet: 50, target: 'shark', multiplier: 100, captured: true },
    });
    expect(shoot(OCEAN_HUNTER, { bet: 50, target: 'shark' }, scriptedSource([wordFor(num, den)])).payout).toBe(0);
  });

  it('loses a shot that hit nothing without drawing anything', () => {
    const source = scriptedSource([]);
    expect(fishingGame.play({ bet: 10, target: null }, source)).toEqual({
      stake: 10, payout: 0, validBet: 10, detail: { bet: 10, target: null, multiplier: 0, captured: false },
    });
  });

  it('refuses unknown fish, bad bets and impossible configurations', () => {
    const stream = new FairStream({ serverSeed: 'cd'.repeat(32), clientSeed: 'c', nonce: 0 });
    expect(() => fishingGame.play({ bet: 10, target: 'whale' }, stream)).toThrow(HouseGameInputError);
    expect(() => fishingGame.play({ bet: 0, target: 'shark' }, stream)).toThrow(/bet/);
    expect(() => checkFishingConfig({ rtpBasisPoints: 9_500, fish: [{ code: 'x', name: 'x', multiplier: 0 }] })).toThrow(RangeError);
    expect(() => checkFishingConfig({ rtpBasisPoints: 10_001, fish: [] })).toThrow(RangeError);
  });

  it('replays fixed shots from the fair stream (nonces 0–19 at a clownfish)', () => {
    const seeds = { serverSeed: '0123456789abcdef'.repeat(4), clientSeed: 'playhall' };
    const captures = (): string => Array.from({ length: 20 }, (_, nonce) =>
      (fishingGame.play({ bet: 100, target: 'clownfish' }, new FairStream({ ...seeds, nonce })).payout === 200 ? 'x' : '.')).join('');
    expect(captures()).toBe(captures());
    expect(captures()).toMatchInlineSnapshot(`"x.....x....xxx......"`);
  });

  it('returns the configured 95 % per fish within 4.5 standard errors (250,000 shots at each fish)', () => {
    const shots = 250_000;
    const rtp = OCEAN_HUNTER.rtpBasisPoints / 10_000;
    const source = fastSource();
    let allPaid = 0;
    for (const fish of OCEAN_HUNTER.fish) {
      let paid = 0;
      for (let i = 0; i < shots; i += 1) paid += shoot(OCEAN_HUNTER, { bet: 1, target: fish.code }, source).payout;
      allPaid += paid;
      const measured = paid / shots;
      // A shot returns m with probability rtp / m: variance rtp·m − rtp².
      const tolerance = (4.5 * Math.sqrt(rtp * fish.multiplier - rtp ** 2)) / Math.sqrt(shots);
      // eslint-disable-next-line no-console -- the issue asks for the measured return to be printed
      console.log(`fishing ${fish.code} (×${fish.multiplier}): configured ${(rtp * 100).toFixed(2)} %, measured ${(measured * 100).toFixed(3)} % (±${(tolerance * 100).toFixed(2)})`);
      expect(Math.abs(measured - rtp)).toBeLessThan(tolerance);
    }
    const n = shots * OCEAN_HUNTER.fish.length;
    const pooledVariance = OCEAN_HUNTER.fish.reduce((s, f) => s + rtp * f.multiplier - rtp ** 2, 0) / OCEAN_HUNTER.fish.length;
    const tolerance = (4.5 * Math.sqrt(pooledVariance)) / Math.sqrt(n);
    // eslint-disable-next-line no-console -- as above
    console.log(`fishing overall: configured ${(rtp * 100).toFixed(2)} %, measured ${((allPaid / n) * 100).toFixed(3)} % over ${n} shots (±${(tolerance * 100).toFixed(2)}, seed ${source.seedHex})`);
    expect(Math.abs(allPaid / n - rtp)).toBeLessThan(tolerance);
  }, 120_000);
});
