import { describe, expect, it } from 'vitest';
import { commitOf, FairStream } from './fair.ts';
import { HouseGameInputError, MAX_STAKE } from './house-game.ts';
import { titleOfEngine } from './catalog.ts';
import { ENGINES, recheckRound } from './registry.ts';
import { LINES_5X3, slotConfigProblems, slotEngineGame, SlotMachine, validateSlotConfig, type TSlotConfig, type TSlotDetail } from './slot-engine.ts';
import { SLOT_CONFIGS } from './slots/index.ts';
import { NEON_FRUITS } from './slots/neon-fruits.ts';
import { SLOT_LOADERS } from './slots/loaders.ts';
import { fastSource, scriptedSource, wordFor } from './test-support.ts';

// A small line game: every reel is the same 10-stop strip, so a stop k shows strip[k], strip[k+1], strip[k+2].
const STRIP = ['A', 'B', 'C', 'C', 'B', 'W', 'S', 'X', 'C', 'B'];
const LINES: TSlotConfig = {
  id: 'test-lines',
  engine: 'SLOT_TEST_LINES',
  name: 'Test lines',
  theme: 'test',
  volatility: 'medium',
  reels: 5,
  rows: 3,
  symbols: [
    { id: 'A', kind: 'normal', pays: { 3: 10, 4: 20, 5: 50 } },
    { id: 'B', kind: 'normal', pays: { 3: 5, 4: 10, 5: 25 } },
    { id: 'C', kind: 'normal', pays: { 3: 2, 4: 4, 5: 8 } },
    { id: 'W', kind: 'wild', pays: { 3: 20, 4: 50, 5: 200 } },
    { id: 'S', kind: 'scatter' },
    { id: 'X', kind: 'bonus' },
  ],
  strips: { base: [STRIP, STRIP, STRIP, STRIP, STRIP] },
  lines: LINES_5X3.slice(0, 3),
  bet: { coins: 3, steps: [300, 600, 3000], default: 300 },
  features: {
    scatter: { pays: { 3: 5 } },
    freeSpins: { award: { 3: 4 }, multiplier: 2, retrigger: true, max: 6 },
    bonus: { picks: { 3: 1 }, prizes: [{ multiplier: 10, weight: 1 }, { multiplier: 50, weight: 1 }], tiles: 4 },
  },
  maxWin: 1000,
  rtp: 0.96,
  rtpMethod: 'test',
};
const stops = (...s: number[]) => s.map((k) => wordFor(k, 10));
const ALL_ZERO = stops(0, 0, 0, 0, 0); // top A×5 (50), middle B×5 (25), bottom C×5 (8): 83 coins

// A small ways game with cascades: 3 reels × 2 rows of one 6-stop strip.
const WSTRIP = ['A', 'A', 'B', 'C', 'W', 'C'];
const WAYS: TSlotConfig = {
  id: 'test-ways',
  engine: 'SLOT_TEST_WAYS',
  name: 'Test ways',
  theme: 'test',
  volatility: 'low',
  reels: 3,
  rows: 2,
  symbols: [
    { id: 'A', kind: 'normal', pays: { 3: 4 } },
    { id: 'B', kind: 'normal', pays: { 3: 1 } },
    { id: 'C', kind: 'normal', pays: { 3: 1 } },
    { id: 'W', kind: 'wild' },
  ],
  strips: { base: [WSTRIP, WSTRIP, WSTRIP] },
  ways: true,
  bet: { coins: 10, steps: [1000, 2000], default: 1000 },
  features: {},
  maxWin: 1000,
  rtp: 0.96,
  rtpMethod: 'test',
};
const wstops = (...s: number[]) => s.map((k) => wordFor(k, 6));

function play(config: TSlotConfig, words: number[], bet = config.bet.default) {
  const source = scriptedSource(words);
  const outcome = new SlotMachine(config).play({ bet }, source);
  expect(source.left()).toBe(0);
  return outcome;
}
const idsOf = (config: TSlotConfig, grid: number[]) => grid.map((s) => config.symbols[s]!.id).join('');

describe('slot engine: lines', () => {
  it('pays each line left to right in line bets; the payout is bet × coins won / coins', () => {
    const { stake, payout, detail } = play(LINES, ALL_ZERO);
    expect(stake).toBe(300);
    expect(detail.base.steps[0]!.wins.map((w) => [w.line, LINES.symbols[w.symbol]!.id, w.count, w.coins])).toEqual([[1, 'B', 5, 25], [2, 'A', 5, 50], [3, 'C', 5, 8]]);
    expect(detail.base.steps[0]!.wins[0]!.cells).toEqual([1, 4, 7, 10, 13]);
    expect(detail.winCoins).toBe(83);
    expect(payout).toBe(8_300);
    expect(detail.freeSpins).toEqual([]);
  });

  it('lets the wild stand in; a scatter breaks a line', () => {
    // Reel 3 at stop 4 shows B, W, S: the middle line is B B W B B, the bottom line C C S C C.
    const { detail } = play(LINES, stops(0, 0, 4, 0, 0));
    expect(idsOf(LINES, detail.base.steps[0]!.grid).slice(6, 9)).toBe('BWS');
    expect(detail.base.steps[0]!.wins.map((w) => [w.line, LINES.symbols[w.symbol]!.id, w.count])).toEqual([[1, 'B', 5]]);
    expect(detail.winCoins).toBe(25);
  });

  it('pays scatters anywhere, in total bets, and 3 of them start free spins at ×2 that retrigger up to the cap', () => {
    const trigger = stops(6, 5, 4, 0, 0); // scatters at reel 1 top, reel 2 middle, reel 3 bottom: no line win
    const { detail, payout } = play(LINES, [...trigger, ...trigger, ...ALL_ZERO, ...ALL_ZERO, ...ALL_ZERO, ...ALL_ZERO, ...ALL_ZERO]);
    expect(detail.base.scatter).toEqual({ count: 3, cells: [0, 4, 8], win: 15 });
    expect(detail.base.steps[0]!.win).toBe(0);
    expect(detail.base.freeSpins).toBe(4);
    // The first free spin retriggers, but only 2 more fit under the cap of 6.
    expect(detail.freeSpins.map((s) => s.freeSpins)).toEqual([2, 0, 0, 0, 0, 0]);
    expect(detail.freeSpins[0]!.scatter.win).toBe(30);
    expect(detail.freeSpins[1]!.steps[0]!.multiplier).toBe(2);
    expect(detail.freeSpins[1]!.win).toBe(166);
    expect(detail.winCoins).toBe(15 + 30 + 5 * 166);
    expect(payout).toBe(875 * 100);
  });

  it('plays a bonus pick for 3 bonus symbols: the prize is in total bets', () => {
    const { detail } = play(LINES, [...stops(7, 6, 5, 0, 0), wordFor(1, 2)]);
    expect(detail.base.bonus).toEqual({ count: 3, picks: [{ prize: 1, multiplier: 50 }], win: 150 });
    expect(detail.winCoins).toBe(150);
  });

  it('caps a round at the max win and ends it there', () => {
    const capped: TSlotConfig = { ...LINES, maxWin: 20 };
    const { detail, payout } = play(capped, ALL_ZERO);
    expect(detail).toMatchObject({ winCoins: 60, capped: true });
    expect(payout).toBe(6_000);
    // Free spins stop once the cap is reached: the trigger's free spins never play.
    const early = play({ ...LINES, maxWin: 5 }, stops(6, 5, 4, 0, 0));
    expect(early.detail).toMatchObject({ winCoins: 15, capped: true, freeSpins: [] });
  });

  it('refuses a bet that is not a step, below the minimum, above the maximum or not a whole number', () => {
    const game = slotEngineGame(LINES);
    const refuse = (input: unknown, message: RegExp) => {
      const source = scriptedSource([]);
      expect(() => game.play(input as never, source)).toThrow(message);
      try {
        game.play(input as never, source);
      } catch (err) {
        expect(err).toBeInstanceOf(HouseGameInputError);
      }
    };
    refuse({ bet: 301 }, /one of the steps/);
    refuse({ bet: 200 }, /below the table's minimum/);
    refuse({ bet: 6_000 }, /above the table's maximum/);
    refuse({ bet: 300.5 }, /whole number/);
    refuse({ bet: '300' }, /whole number/);
    refuse({}, /whole number/);
    refuse(null, /must be an object/);
    refuse([300], /must be an object/);
  });
});

describe('slot engine: ways and cascades', () => {
  it('pays every way across adjacent reels, the wild standing in', () => {
    // Reels show A A | A A | A B: 2 × 2 × 1 = 4 ways of A at 4 coins.
    const { detail } = play(WAYS, wstops(0, 0, 1));
    expect(detail.base.steps[0]!.wins).toEqual([{ symbol: 0, count: 3, ways: 4, coins: 16, cells: [0, 1, 2, 3, 4] }]);
    // Reel 1 shows C W: W stands for A, and C + W make 2 ways on reel 1 for C.
    const wild = play(WAYS, wstops(3, 0, 1)).detail.base.steps[0]!;
    expect(wild.wins.map((w) => [WAYS.symbols[w.symbol]!.id, w.ways])).toEqual([['A', 2]]);
  });

  it('cascades: winners vanish, the rest fall, new symbols come from above the stop, the multiplier rises', () => {
    const cascading: TSlotConfig = { ...WAYS, features: { cascade: { multipliers: [1, 2, 3], keepInFreeSpins: false } } };
    const { detail, payout } = play(cascading, wstops(0, 0, 1));
    const steps = detail.base.steps;
    expect(steps[0]!).toMatchObject({ win: 16, multiplier: 1 });
    // A's cells go; reels 1 and 2 refill with strip[5], strip[4] (C under W), reel 3 (stop 1) keeps B and gets strip[0].
    expect(idsOf(cascading, steps[1]!.grid)).toBe('WCWCAB');
    // A through W, W, A (4 coins) and B through W, W, B (1 coin), at ×2.
    expect(steps[1]!).toMatchObject({ multiplier: 2, win: (4 + 1) * 2 });
    expect(steps[2]!.multiplier).toBe(3);
    expect(steps.at(-1)!.win).toBe(0);
    expect(steps.slice(3).every((s) => s.multiplier === 3)).toBe(true);
    expect(detail.winCoins).toBe(steps.reduce((a, s) => a + s.win, 0));
    expect(payout).toBe(detail.winCoins * 100);
  });

  it('multiplies ways by the wilds of a free spin, each drawn from the list', () => {
    const fs: TSlotConfig = {
      ...WAYS,
      symbols: [...WAYS.symbols, { id: 'S', kind: 'scatter' }],
      strips: { base: [['S', 'A', 'A'], ['S', 'A', 'A'], ['S', 'A', 'A']], free: [WSTRIP, WSTRIP, WSTRIP] },
      features: { freeSpins: { award: { 3: 1 }, multiplier: 1, retrigger: false, wildMultipliers: [2, 3], max: 1 } },
    };
    // Base: S A on every reel (3 scatters, A pays 1 way), then one free spin with reel 1 at C W, W drawn ×3.
    const { detail } = play(fs, [...[0, 0, 0].map((k) => wordFor(k, 3)), ...wstops(3, 0, 1), wordFor(1, 2)]);
    expect(detail.base.freeSpins).toBe(1);
    expect(detail.freeSpins[0]!.wilds).toEqual([{ cell: 1, multiplier: 3 }]);
    expect(detail.freeSpins[0]!.steps[0]!.wins.map((w) => [fs.symbols[w.symbol]!.id, w.ways, w.coins])).toEqual([['A', 6, 24]]);
  });
});

describe('slot configs', () => {
  it('refuses broken configurations', () => {
    const broken = (patch: Partial<TSlotConfig>) => slotConfigProblems({ ...LINES, ...patch });
    expect(broken({})).toEqual([]);
    expect(broken({ strips: { base: [STRIP, STRIP, STRIP, STRIP, [...STRIP, 'Z']] } })).toContain('base strip 5: unknown symbol Z');
    expect(broken({ lines: [[0, 1, 3, 1, 0], [0, 0, 0, 0, 0], [1, 1, 1, 1, 1]] })).toContain('line 1 is out of the grid');
    expect(broken({ lines: [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [1, 1, 1, 1, 1]] })).toContain('line 2 repeats another');
    expect(broken({ symbols: [{ id: 'A', kind: 'normal', pays: { 3: -1 } }, ...LINES.symbols.slice(1)] })).toContain('symbol A: pays must be non-negative integers');
    expect(broken({ symbols: [{ id: 'A', kind: 'normal', pays: { 3: 1.5 } }, ...LINES.symbols.slice(1)] })).toContain('symbol A: pays must be non-negative integers');
    expect(broken({ bet: { coins: 3, steps: [300, 601], default: 300 } })).toContain(`step 601: a multiple of 3 from 1 to ${MAX_STAKE}`);
    expect(broken({ bet: { coins: 3, steps: [600, 300], default: 300 } })).toContain('steps must ascend');
    expect(broken({ bet: { coins: 4, steps: [400], default: 400 } })).toContain('a line game costs one coin per line');
    expect(broken({ maxWin: 20_000 })).toContain('max win from 1 to 10000 × the bet');
    expect(broken({ ways: true })).toContain('either lines or ways');
    expect(broken({ features: { ...LINES.features, cascade: { multipliers: [1], keepInFreeSpins: false } } })).toContain('cascades need a ways game');
    expect(broken({ features: { scatter: LINES.features.scatter, freeSpins: LINES.features.freeSpins } })).toContain('a bonus symbol does nothing');
    expect(() => validateSlotConfig({ ...LINES, engine: 'NOPE' })).toThrow(/SLOT_<ID>/);
    expect(() => new SlotMachine({ ...LINES, reels: 7 })).toThrow(RangeError);
  });

  it('has the twelve titles, each valid, registered, in the catalogue with its published RTP, and lazily loadable', async () => {
    expect(SLOT_CONFIGS.map((c) => c.id)).toEqual([
      'dragon-pearl', 'jade-koi', 'golden-buffalo', 'pharaoh-sands', 'neon-fruits', 'aztec-cascade',
      'viking-thunder', 'candy-burst', 'lotus-temple', 'ocean-treasure', 'space-gems', 'tet-fortune',
    ]);
    for (const config of SLOT_CONFIGS) {
      expect(slotConfigProblems(config), config.id).toEqual([]);
      expect(ENGINES.get(config.engine)?.name).toBe(config.name);
      const title = titleOfEngine(config.engine);
      expect(title).toMatchObject({ houseGame: `slot-${config.id}`, gameId: config.id, name: config.name, page: 'slot', kind: 'solo', rtp: config.rtp });
      expect(config.rtp).toBeGreaterThanOrEqual(0.955);
      expect(config.rtp).toBeLessThanOrEqual(0.97);
      expect(config.maxWin * Math.max(...config.bet.steps)).toBeLessThanOrEqual(1e12);
      expect(await SLOT_LOADERS[config.id]!()).toBe(config);
    }
    expect(new Set(SLOT_CONFIGS.map((c) => c.rtp)).size).toBe(12);
  });

  it('publishes the exact RTP of the title without features (Neon Fruits: all 19³ stop combinations)', () => {
    const exact = new SlotMachine(NEON_FRUITS).enumerate()!;
    expect(exact).toEqual({ won: 32835n, squares: 1031947n, combinations: 6859n });
    expect(NEON_FRUITS.rtp).toBe(Number(exact.won) / Number(exact.combinations * 5n));
    expect(new SlotMachine(LINES).enumerate()).toBeNull();
  });

  it('keeps the symbol ids the page draws', () => {
    const ids = Object.fromEntries(SLOT_CONFIGS.map((c) => [c.id, c.symbols.map((s) => s.id).join(' ')]));
    expect(ids).toEqual({
      'dragon-pearl': 'dragon pearl phoenix lantern coin A K Q J wild scatter',
      'jade-koi': 'koi lotus frog jade A K Q J 10 wild scatter',
      'golden-buffalo': 'buffalo eagle wolf cougar A K Q J 10 wild scatter',
      'pharaoh-sands': 'pharaoh ankh scarab eye A K Q J wild scatter',
      'neon-fruits': 'seven bar bell melon plum cherry wild',
      'aztec-cascade': 'mask sun jaguar idol blue green red purple wild scatter',
      'viking-thunder': 'viking valkyrie axe shield horn A K Q J wild bonus',
      'candy-burst': 'lollipop cupcake donut gummy heart star drop wild scatter',
      'lotus-temple': 'buddha lotus elephant incense bell A K Q J wild bonus',
      'ocean-treasure': 'mermaid chest turtle shell starfish A K Q J wild scatter',
      'space-gems': 'planet comet ruby emerald sapphire amethyst topaz wild scatter',
      'tet-fortune': 'god-of-wealth red-envelope apricot-blossom banh-chung lantern A K Q J wild scatter bonus',
    });
  });

  it('records exactly what it pays: the record adds up, and the simulation path pays the same rounds', () => {
    for (const config of SLOT_CONFIGS) {
      const recorded = new SlotMachine(config);
      const fast = new SlotMachine(config);
      const a = fastSource('5eed5eed5eed5eed5eed5eed5eed5eed');
      const b = fastSource('5eed5eed5eed5eed5eed5eed5eed5eed');
      for (let i = 0; i < 300; i += 1) {
        const { detail } = recorded.play({ bet: config.bet.default }, a);
        expect(fast.round(b, null, null), config.id).toBe(detail.winCoins);
        let total = 0;
        for (const spin of [detail.base, ...detail.freeSpins]) {
          for (const step of spin.steps) expect(step.win).toBe(step.wins.reduce((sum, w) => sum + w.coins, 0) * step.multiplier);
          expect(spin.win).toBe(spin.steps.reduce((sum, st) => sum + st.win, 0) + spin.scatter.win + (spin.bonus?.win ?? 0));
          total += spin.win;
        }
        expect(detail.winCoins).toBe(Math.min(total, config.maxWin * config.bet.coins));
        expect(detail.freeSpins.length).toBeLessThanOrEqual(config.features.freeSpins?.max ?? 0);
      }
    }
  });

  it('plays every title on the fair stream, and the record re-checks from the revealed seeds after a jsonb round trip', () => {
    for (const config of SLOT_CONFIGS) {
      const seeds = { serverSeed: 'ab'.repeat(32), clientSeed: `check-${config.id}`, nonce: 7 };
      const game = ENGINES.get(config.engine)!;
      const input = { bet: config.bet.default };
      const outcome = game.play(input, new FairStream(seeds));
      const detail = outcome.detail as TSlotDetail;
      expect(outcome.stake).toBe(config.bet.default);
      expect(outcome.payout).toBe(Math.floor((config.bet.default * detail.winCoins) / config.bet.coins));
      // Small enough for a jsonb column even with free spins.
      expect(JSON.stringify(detail).length).toBeLessThan(200_000);
      const stored = JSON.parse(JSON.stringify({ input, outcome: detail })) as Record<string, unknown>;
      const fairness = { ...seeds, serverSeedHash: commitOf(seeds.serverSeed) };
      expect(recheckRound(config.engine, { detail: stored, fairness })).toEqual({ commitMatches: true, outcomeMatches: true });
    }
  });
});
