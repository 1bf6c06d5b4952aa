import { SLOT_STEPS, stripsOf, type TSlotConfig } from '../slot-engine.ts';

/** Jade Koi: 5 × 3, 243 ways, low volatility; 3+ scatters give 8 free spins. */
export const JADE_KOI: TSlotConfig = {
  id: 'jade-koi',
  engine: 'SLOT_JADE_KOI',
  name: 'Jade Koi',
  theme: 'Golden koi glide between lotus leaves in a quiet jade pond.',
  volatility: 'low',
  reels: 5,
  rows: 3,
  symbols: [
    { id: 'koi', kind: 'normal', pays: { 3: 40, 4: 118, 5: 391 } },
    { id: 'lotus', kind: 'normal', pays: { 3: 32, 4: 79, 5: 233 } },
    { id: 'frog', kind: 'normal', pays: { 3: 24, 4: 60, 5: 158 } },
    { id: 'jade', kind: 'normal', pays: { 3: 20, 4: 48, 5: 118 } },
    { id: 'A', kind: 'normal', pays: { 3: 12, 4: 24, 5: 60 } },
    { id: 'K', kind: 'normal', pays: { 3: 12, 4: 24, 5: 48 } },
    { id: 'Q', kind: 'normal', pays: { 3: 8, 4: 20, 5: 40 } },
    { id: 'J', kind: 'normal', pays: { 3: 8, 4: 16, 5: 40 } },
    { id: '10', kind: 'normal', pays: { 3: 8, 4: 16, 5: 32 } },
    { id: 'wild', kind: 'wild' },
    { id: 'scatter', kind: 'scatter' },
  ],
  strips: {
    base: stripsOf({
      koi: [2, 2, 2, 2, 2], lotus: [3, 3, 3, 3, 3], frog: [3, 3, 3, 3, 3], jade: [4, 4, 4, 4, 4],
      A: [4, 4, 4, 4, 4], K: [4, 4, 4, 4, 4], Q: [5, 5, 5, 5, 5], J: [5, 5, 5, 5, 5], '10': [5, 5, 5, 5, 5],
      wild: [0, 2, 2, 2, 2], scatter: [1, 1, 1, 1, 1],
    }, 5, 601),
  },
  ways: true,
  bet: { coins: 25, steps: SLOT_STEPS, default: 500_000 },
  features: {
    scatter: { pays: { 3: 8, 4: 20, 5: 79 } },
    freeSpins: { award: { 3: 8 }, multiplier: 1, retrigger: true, max: 80 },
  },
  maxWin: 2000,
  rtp: 0.9632,
  rtpMethod: 'simulation: 40,000,000 rounds on xoshiro128** (seed feedface6a6164652d6b6f6900000000), 96.320 % ± 0.041 (one standard error), rounded',
  rtpRun: { rounds: 40_000_000, sd: 2.5894 },
};
