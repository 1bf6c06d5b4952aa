import { LINES_5X3, stripsOf, type TSlotConfig } from '../slot-engine.ts';

/** Ocean Treasure: 5 × 3, 30 lines, medium; 3+ scatters give 12 free spins at ×2, and they retrigger. */
export const OCEAN_TREASURE: TSlotConfig = {
  id: 'ocean-treasure',
  engine: 'SLOT_OCEAN_TREASURE',
  name: 'Ocean Treasure',
  theme: 'A mermaid guards a sunken chest on a coral reef.',
  volatility: 'medium',
  reels: 5,
  rows: 3,
  symbols: [
    { id: 'mermaid', kind: 'normal', pays: { 3: 33, 4: 130, 5: 521 } },
    { id: 'chest', kind: 'normal', pays: { 3: 27, 4: 78, 5: 325 } },
    { id: 'turtle', kind: 'normal', pays: { 3: 21, 4: 54, 5: 195 } },
    { id: 'shell', kind: 'normal', pays: { 3: 14, 4: 40, 5: 130 } },
    { id: 'starfish', kind: 'normal', pays: { 3: 11, 4: 33, 5: 103 } },
    { id: 'A', kind: 'normal', pays: { 3: 7, 4: 21, 5: 65 } },
    { id: 'K', kind: 'normal', pays: { 3: 7, 4: 16, 5: 54 } },
    { id: 'Q', kind: 'normal', pays: { 3: 5, 4: 14, 5: 40 } },
    { id: 'J', kind: 'normal', pays: { 3: 5, 4: 14, 5: 33 } },
    { id: 'wild', kind: 'wild', pays: { 3: 65, 4: 260, 5: 1042 } },
    { id: 'scatter', kind: 'scatter' },
  ],
  strips: {
    base: stripsOf({
      mermaid: [2, 2, 2, 2, 2], chest: [2, 2, 2, 2, 2], turtle: [3, 3, 3, 3, 3], shell: [3, 3, 3, 3, 3], starfish: [4, 4, 4, 4, 4],
      A: [5, 5, 5, 5, 5], K: [5, 5, 5, 5, 5], Q: [6, 6, 6, 6, 6], J: [6, 6, 6, 6, 6], wild: [1, 2, 2, 2, 1], scatter: [2, 2, 2, 2, 2],
    }, 5, 1001),
  },
  lines: LINES_5X3,
  // 30 coins a spin: the ladder's steps are multiples of 30 (1,200 ₫ to 990,000 ₫).
  bet: { coins: 30, steps: [120_000, 300_000, 600_000, 1_200_000, 3_000_000, 6_000_000, 12_000_000, 30_000_000, 60_000_000, 99_000_000], default: 600_000 },
  features: {
    scatter: { pays: { 3: 3, 4: 14, 5: 65 } },
    freeSpins: { award: { 3: 12 }, multiplier: 2, retrigger: true, max: 120 },
  },
  maxWin: 5000,
  rtp: 0.9666,
  rtpMethod: 'simulation: 40,000,000 rounds on xoshiro128** (seed feedface6f6365616e2d747265617375), 96.662 % ± 0.078 (one standard error), rounded',
  rtpRun: { rounds: 40_000_000, sd: 4.9175 },
};
