import { SLOT_STEPS, stripsOf, type TSlotConfig } from '../slot-engine.ts';

/** Golden Buffalo: 5 × 4, 1024 ways, high volatility; 8–20 free spins where every wild multiplies by 2 or 3. */
export const GOLDEN_BUFFALO: TSlotConfig = {
  id: 'golden-buffalo',
  engine: 'SLOT_GOLDEN_BUFFALO',
  name: 'Golden Buffalo',
  theme: 'A buffalo stampede across the prairie at sunset.',
  volatility: 'high',
  reels: 5,
  rows: 4,
  symbols: [
    { id: 'buffalo', kind: 'normal', pays: { 3: 34, 4: 168, 5: 842 } },
    { id: 'eagle', kind: 'normal', pays: { 3: 20, 4: 67, 5: 202 } },
    { id: 'wolf', kind: 'normal', pays: { 3: 17, 4: 43, 5: 136 } },
    { id: 'cougar', kind: 'normal', pays: { 3: 14, 4: 34, 5: 101 } },
    { id: 'A', kind: 'normal', pays: { 3: 5, 4: 12, 5: 34 } },
    { id: 'K', kind: 'normal', pays: { 3: 5, 4: 12, 5: 34 } },
    { id: 'Q', kind: 'normal', pays: { 3: 3, 4: 9, 5: 28 } },
    { id: 'J', kind: 'normal', pays: { 3: 3, 4: 9, 5: 28 } },
    { id: '10', kind: 'normal', pays: { 3: 2, 4: 7, 5: 22 } },
    { id: 'wild', kind: 'wild' },
    { id: 'scatter', kind: 'scatter' },
  ],
  strips: {
    base: stripsOf({
      buffalo: [3, 3, 3, 3, 3], eagle: [3, 3, 3, 3, 3], wolf: [4, 4, 4, 4, 4], cougar: [4, 4, 4, 4, 4],
      A: [6, 6, 6, 6, 6], K: [6, 6, 6, 6, 6], Q: [7, 7, 7, 7, 7], J: [7, 7, 7, 7, 7], '10': [7, 7, 7, 7, 7],
      wild: [0, 2, 2, 2, 0], scatter: [1, 1, 1, 1, 1],
    }, 5, 401),
    free: stripsOf({
      buffalo: [4, 4, 4, 4, 4], eagle: [3, 3, 3, 3, 3], wolf: [4, 4, 4, 4, 4], cougar: [4, 4, 4, 4, 4],
      A: [6, 6, 6, 6, 6], K: [6, 6, 6, 6, 6], Q: [7, 7, 7, 7, 7], J: [7, 7, 7, 7, 7], '10': [7, 7, 7, 7, 7],
      wild: [0, 3, 3, 3, 0], scatter: [1, 1, 1, 1, 1],
    }, 5, 402),
  },
  ways: true,
  bet: { coins: 50, steps: SLOT_STEPS, default: 500_000 },
  features: {
    scatter: { pays: { 3: 9, 4: 34, 5: 168 } },
    freeSpins: { award: { 3: 8, 4: 15, 5: 20 }, multiplier: 1, retrigger: true, wildMultipliers: [2, 3, 3], max: 100 },
  },
  maxWin: 5000,
  rtp: 0.9614,
  rtpMethod: 'simulation: 40,000,000 rounds on xoshiro128** (seed feedface676f6c64656e2d6275666661), 96.139 % ± 0.118 (one standard error), rounded',
  rtpRun: { rounds: 40_000_000, sd: 7.4736 },
};
