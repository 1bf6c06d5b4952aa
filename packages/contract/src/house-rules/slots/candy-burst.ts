import { SLOT_STEPS, stripsOf, type TSlotConfig } from '../slot-engine.ts';

/** Candy Burst: 5 × 5 ways with cascades, low-medium; 3+ scatters give 10 free spins at ×2. */
export const CANDY_BURST: TSlotConfig = {
  id: 'candy-burst',
  engine: 'SLOT_CANDY_BURST',
  name: 'Candy Burst',
  theme: 'Sweets pop and rain down in a pastel candy shop.',
  volatility: 'low-medium',
  reels: 5,
  rows: 5,
  symbols: [
    { id: 'lollipop', kind: 'normal', pays: { 3: 40, 4: 86, 5: 291 } },
    { id: 'cupcake', kind: 'normal', pays: { 3: 25, 4: 55, 5: 144 } },
    { id: 'donut', kind: 'normal', pays: { 3: 15, 4: 40, 5: 86 } },
    { id: 'gummy', kind: 'normal', pays: { 3: 10, 4: 30, 5: 64 } },
    { id: 'heart', kind: 'normal', pays: { 3: 8, 4: 15, 5: 40 } },
    { id: 'star', kind: 'normal', pays: { 3: 5, 4: 10, 5: 30 } },
    { id: 'drop', kind: 'normal', pays: { 3: 5, 4: 10, 5: 25 } },
    { id: 'wild', kind: 'wild' },
    { id: 'scatter', kind: 'scatter' },
  ],
  strips: {
    base: stripsOf({
      lollipop: [3, 3, 3, 3, 3], cupcake: [4, 4, 4, 4, 4], donut: [5, 5, 5, 5, 5], gummy: [6, 6, 6, 6, 6],
      heart: [8, 8, 8, 8, 8], star: [9, 9, 9, 9, 9], drop: [9, 9, 9, 9, 9], wild: [0, 1, 1, 1, 1], scatter: [1, 1, 1, 1, 1],
    }, 5, 201, 2),
  },
  ways: true,
  bet: { coins: 500, steps: SLOT_STEPS, default: 500_000 },
  features: {
    scatter: { pays: { 3: 5, 4: 20, 5: 64 } },
    freeSpins: { award: { 3: 8, 4: 10, 5: 15 }, multiplier: 2, retrigger: false, max: 15 },
    cascade: { multipliers: [1], keepInFreeSpins: false },
  },
  maxWin: 2500,
  rtp: 0.9694,
  rtpMethod: 'simulation: 80,000,000 rounds on xoshiro128** (two runs of 40,000,000, seeds feedface63616e64792d627572737400 and 0badcafe63616e64792d627572737400: 96.929 % and 96.954 %), 96.941 % ± 0.038 (one standard error), rounded',
  rtpRun: { rounds: 80_000_000, sd: 3.4089 },
};
