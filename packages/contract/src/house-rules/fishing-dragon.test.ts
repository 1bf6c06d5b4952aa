import { describe, expect, it } from 'vitest';
import { FairStream, uniformInt } from './fair.ts';
import { checkWeapons, dragonFishingGame, DRAGON_FISHING, fishingGame, OCEAN_HUNTER, shoot, shootWith, weaponCaptureChance } from './fishing.ts';
import { HouseGameInputError } from './house-game.ts';
import { fastSource, scriptedSource, wordFor } from './test-support.ts';

const fishOf = (code: string) => {
  const fish = DRAGON_FISHING.fish.find((f) => f.code === code);
  if (!fish) throw new Error(code);
  return fish;
};
const weaponOf = (code: string) => {
  const weapon = DRAGON_FISHING.weapons?.find((w) => w.code === code);
  if (!weapon) throw new Error(code);
  return weapon;
};

describe('Dragon Fishing maths', () => {
  it('has ten creatures up to a 500× golden dragon and three weapons', () => {
    expect(DRAGON_FISHING.fish).toHaveLength(10);
    expect(Math.max(...DRAGON_FISHING.fish.map((f) => f.multiplier))).toBe(500);
    expect(DRAGON_FISHING.weapons?.map((w) => w.code)).toEqual(['cannon', 'net', 'lightning']);
  });

  it('returns exactly rtp × stake in expectation for every weapon, level and set of fish hit', () => {
    // E[payout] / (bet × level) = Σ p_i × m_i = k × rtp × cost / k: as integers, Σ num_i × m_i × (Π den) … per fish
    // num_i × m_i / den_i = rtp × cost / (k × 10,000), the same for every fish.
    for (const weapon of DRAGON_FISHING.weapons ?? []) {
      for (let k = 1; k <= weapon.maxTargets; k += 1) {
        for (const fish of DRAGON_FISHING.fish) {
          const [num, den] = weaponCaptureChance(DRAGON_FISHING, weapon, fish, k);
          expect(num * fish.multiplier * k * 10_000).toBe(DRAGON_FISHING.rtpBasisPoints * weapon.cost * den);
          expect(num).toBeLessThanOrEqual(den);
        }
      }
    }
  });

  it('charges bet × level × cost and pays m × bet × level per captured fish', () => {
    const net = weaponOf('net');
    const [numKoi, denKoi] = weaponCaptureChance(DRAGON_FISHING, net, fishOf('koi'), 2);
    const [numWhale, denWhale] = weaponCaptureChance(DRAGON_FISHING, net, fishOf('whale'), 2);
    const shot = shootWith(DRAGON_FISHING, { bet: 100, weapon: 'net', level: 5, targets: ['koi', 'whale'] }, scriptedSource([wordFor(numKoi - 1, denKoi), wordFor(numWhale, denWhale)]));
    expect(shot).toEqual({
      stake: 1_000,
      payout: 1_500,
      detail: {
        bet: 100, weapon: 'net', level: 5, stake: 1_000,
        hits: [
          { target: 'koi', multiplier: 3, captured: true, payout: 1_500 },
          { target: 'whale', multiplier: 40, captured: false, payout: 0 },
        ],
      },
    });
  });

  it('loses a shot at water without drawing anything', () => {
    expect(dragonFishingGame.play({ bet: 100, weapon: 'lightning', level: 2, targets: [] }, scriptedSource([]))).toEqual({
      stake: 600, payout: 0, validBet: 600, detail: { bet: 100, weapon: 'lightning', level: 2, stake: 600, hits: [] },
    });
  });

  it('refuses unknown weapons, levels and fish, too many targets and bad bets', () => {
    const stream = () => new FairStream({ serverSeed: 'ab'.repeat(32), clientSeed: 'c', nonce: 0 });
    const bad = (input: unknown) => () => dragonFishingGame.play(input as never, stream());
    expect(bad({ bet: 100, weapon: 'harpoon', level: 1, targets: ['koi'] })).toThrow(HouseGameInputError);
    expect(bad({ bet: 100, weapon: 'cannon', level: 4, targets: ['koi'] })).toThrow(/level/);
    expect(bad({ bet: 100, weapon: 'cannon', level: 1, targets: ['clownfish'] })).toThrow(/unknown fish/);
    expect(bad({ bet: 100, weapon: 'cannon', level: 1, targets: ['koi', 'koi'] })).toThrow(/0 to 1 fish/);
    expect(bad({ bet: 100, weapon: 'net', level: 1, targets: 'koi' })).toThrow(/0 to 2 fish/);
    expect(bad({ bet: 0, weapon: 'cannon', level: 1, targets: ['koi'] })).toThrow(/bet/);
    expect(bad({ bet: 40_000_000, weapon: 'lightning', level: 1, targets: ['koi'] })).toThrow(/the shot/);
    expect(() => checkWeapons({ rtpBasisPoints: 9_600, fish: [{ code: 'x', name: 'x', multiplier: 2 }], weapons: [{ code: 'bomb', name: 'Bomb', cost: 3, maxTargets: 3 }] })).toThrow(/smallest multiplier/);
  });

  it('keeps Ocean Hunter as it was (no weapons, one fish a shot)', () => {
    expect(OCEAN_HUNTER.weapons).toBeUndefined();
    expect(fishingGame.play({ bet: 10, target: null }, scriptedSource([])).stake).toBe(10);
  });

  it('replays fixed shots from the fair stream', () => {
    const seeds = { serverSeed: 'fedcba9876543210'.repeat(4), clientSeed: 'dragon' };
    const captures = (): string => Array.from({ length: 20 }, (_, nonce) =>
      (dragonFishingGame.play({ bet: 100, weapon: 'net', level: 1, targets: ['koi', 'crab'] }, new FairStream({ ...seeds, nonce })).detail.hits.map((h) => (h.captured ? 'x' : '.')).join(''))).join(' ');
    expect(captures()).toBe(captures());
    expect(captures()).toMatch(/x/);
  });
});

/** Mean, hit rate and standard deviation of the return per unit stake over n rounds. */
function summary(n: number, sum: number, sumSq: number, hits: number) {
  const mean = sum / n;
  const sd = Math.sqrt(Math.max(0, sumSq / n - mean * mean));
  return { mean, sd, hitRate: hits / n, bound: (2.576 * sd) / Math.sqrt(n) };
}

describe('fishing RTP simulations (1,000,000 shots per title, fixed seeds)', () => {
  const SHOTS = 1_000_000;

  it('Ocean Hunter: a shot at a fish chosen uniformly returns 95 % (exact) within the 99 % bound', () => {
    const game = fastSource('0c3a4e1f9b7d2c5a8e6f1b3d5c7a9e0f');
    const scene = fastSource('5a1e2b3c4d6f708192a3b4c5d6e7f801');
    const fish = OCEAN_HUNTER.fish;
    let sum = 0, sumSq = 0, hits = 0;
    const started = performance.now();
    for (let i = 0; i < SHOTS; i += 1) {
      const target = fish[uniformInt(scene, fish.length)]?.code ?? null;
      const x = shoot(OCEAN_HUNTER, { bet: 1, target }, game).payout;
      sum += x;
      sumSq += x * x;
      if (x > 0) hits += 1;
    }
    const s = summary(SHOTS, sum, sumSq, hits);
    const published = OCEAN_HUNTER.rtpBasisPoints / 10_000;
    // eslint-disable-next-line no-console -- the issue asks for the figures to be printed
    console.log(`Ocean Hunter: RTP ${(s.mean * 100).toFixed(3)} % (published ${published * 100} %, 99 % bound ±${(s.bound * 100).toFixed(3)}), hit rate ${(s.hitRate * 100).toFixed(2)} %, volatility σ ${s.sd.toFixed(3)}, ${Math.round(performance.now() - started)} ms`);
    expect(Math.abs(s.mean - published)).toBeLessThanOrEqual(s.bound);
  });

  it('Dragon Fishing: shots of every weapon, level and number of fish return 96 % (exact) within the 99 % bound', () => {
    const game = fastSource('d7a9c1e3f5b7092b4d6f8a1c3e5a7c9e');
    const scene = fastSource('1f2e3d4c5b6a79881726354453627180');
    const { fish, levels = [1] } = DRAGON_FISHING;
    const weapons = DRAGON_FISHING.weapons ?? [];
    const targets: string[][] = Array.from({ length: 6 }, () => []);
    let sum = 0, sumSq = 0, hits = 0;
    const perWeapon = new Map(weapons.map((w) => [w.code, { n: 0, sum: 0, sumSq: 0 }]));
    const started = performance.now();
    for (let i = 0; i < SHOTS; i += 1) {
      const weapon = weapons[uniformInt(scene, weapons.length)]!;
      const level = levels[uniformInt(scene, levels.length)]!;
      const k = 1 + uniformInt(scene, weapon.maxTargets);
      const hit = targets[k]!;
      for (let j = 0; j < k; j += 1) hit[j] = fish[uniformInt(scene, fish.length)]!.code;
      hit.length = k;
      const shot = shootWith(DRAGON_FISHING, { bet: 1, weapon: weapon.code, level, targets: hit }, game);
      const x = shot.payout / shot.stake;
      sum += x;
      sumSq += x * x;
      if (shot.payout > 0) hits += 1;
      const w = perWeapon.get(weapon.code)!;
      w.n += 1;
      w.sum += x;
      w.sumSq += x * x;
    }
    const s = summary(SHOTS, sum, sumSq, hits);
    const published = DRAGON_FISHING.rtpBasisPoints / 10_000;
    // eslint-disable-next-line no-console -- the issue asks for the figures to be printed
    console.log(`Dragon Fishing: RTP ${(s.mean * 100).toFixed(3)} % (published ${published * 100} %, 99 % bound ±${(s.bound * 100).toFixed(3)}), hit rate ${(s.hitRate * 100).toFixed(2)} %, volatility σ ${s.sd.toFixed(3)}, ${Math.round(performance.now() - started)} ms`);
    expect(Math.abs(s.mean - published)).toBeLessThanOrEqual(s.bound);
    for (const [code, w] of perWeapon) {
      const ws = summary(w.n, w.sum, w.sumSq, 0);
      // eslint-disable-next-line no-console -- per weapon
      console.log(`  ${code}: ${w.n} shots, RTP ${(ws.mean * 100).toFixed(3)} % ±${(ws.bound * 100).toFixed(3)}, σ ${ws.sd.toFixed(3)}`);
      // Each weapon alone within its own 99 % bound, widened for three looks (Bonferroni: 2.94 σ).
      expect(Math.abs(ws.mean - published)).toBeLessThanOrEqual((ws.bound * 2.94) / 2.576);
    }
  });
});
