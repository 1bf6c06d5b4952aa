import { SLOT_STEPS, stripsOf, type TSlotConfig } from '../slot-engine.ts';

/** Space Gems: 5 × 4 ways with cascades, low volatility; 3+ scatters give 8 free spins at ×2. */
export const SPACE_GEMS: TSlotConfig = {
  id: 'space-gems',
  engine: 'SLOT_SPACE_GEMS',
  name: 'Space Gems',
  theme: 'Crystals drift through a violet nebula past ringed planets.',
  volatility: 'low',
  reels: 5,
  rows: 4,
  symbols: [
    { id: 'planet', kind: 'normal', pays: { 3: 17, 4: 41, 5: 101 } },
    { id: 'comet', kind: 'normal', pays: { 3: 11, 4: 26, 5: 59 } },
    { id: 'ruby', kind: 'normal', pays: { 3: 7, 4: 17, 5: 41 } },
    { id: 'emerald', kind: 'normal', pays: { 3: 4, 4: 13, 5: 32 } },
    { id: 'sapphire', kind: 'normal', pays: { 3: 4, 4: 11, 5: 26 } },
    { id: 'amethyst', kind: 'normal', pays: { 3: 3, 4: 7, 5: 17 } },
    { id: 'topaz', kind: 'normal', pays: { 3: 3, 4: 7, 5: 13 } },
    { id: 'wild', kind: 'wild' },
    { id: 'scatter', kind: 'scatter' },
  ],
  strips: {
    base: stripsOf({
      planet: [3, 3, 3, 3, 3], comet: [4, 4, 4, 4, 4], ruby: [5, 5, 5, 5, 5], emerald: [6, 6, 6, 6, 6],
      sapphire: [6, 6, 6, 6, 6], amethyst: [7, 7, 7, 7, 7], topaz: [7, 7, 7, 7, 7], wild: [0, 1, 1, 1, 1], scatter: [1, 1, 1, 1, 1],
    }, 5, 1201),
  },
  ways: true,
  bet: { coins: 100, steps: SLOT_STEPS, default: 500_000 },
  features: {
    scatter: { pays: { 3: 3, 4: 11, 5: 41 } },
    freeSpins: { award: { 4: 8, 5: 12 }, multiplier: 2, retrigger: false, max: 12 },
    cascade: { multipliers: [1], keepInFreeSpins: false },
  },
  maxWin: 2000,
  rtp: 0.969,
  rtpMethod: 'simulation: 40,000,000 rounds on xoshiro128** (seed feedface73706163652d67656d730000), 96.902 % ± 0.038 (one standard error), rounded',
  rtpRun: { rounds: 40_000_000, sd: 2.4053 },
};
