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
    { id: 'planet', kind: 'normal', pays: { 3: 8, 4: 20, 5: 50 } },
    { id: 'comet', kind: 'normal', pays: { 3: 5, 4: 12, 5: 30 } },
    { id: 'ruby', kind: 'normal', pays: { 3: 3, 4: 8, 5: 20 } },
    { id: 'emerald', kind: 'normal', pays: { 3: 2, 4: 6, 5: 15 } },
    { id: 'sapphire', kind: 'normal', pays: { 3: 2, 4: 5, 5: 12 } },
    { id: 'amethyst', kind: 'normal', pays: { 3: 1, 4: 3, 5: 8 } },
    { id: 'topaz', kind: 'normal', pays: { 3: 1, 4: 3, 5: 6 } },
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
  bet: { coins: 20, steps: SLOT_STEPS, default: 500_000 },
  features: {
    scatter: { pays: { 3: 1, 4: 5, 5: 20 } },
    freeSpins: { award: { 3: 8, 4: 10, 5: 12 }, multiplier: 2, retrigger: false, max: 12 },
    cascade: { multipliers: [1], keepInFreeSpins: false },
  },
  maxWin: 2000,
  rtp: 0.96,
  rtpMethod: 'tuning',
};
