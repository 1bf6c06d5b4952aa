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
    { id: 'buffalo', kind: 'normal', pays: { 3: 35, 4: 172, 5: 864 } },
    { id: 'eagle', kind: 'normal', pays: { 3: 21, 4: 69, 5: 207 } },
    { id: 'wolf', kind: 'normal', pays: { 3: 17, 4: 44, 5: 139 } },
    { id: 'cougar', kind: 'normal', pays: { 3: 14, 4: 35, 5: 104 } },
    { id: 'A', kind: 'normal', pays: { 3: 5, 4: 12, 5: 35 } },
    { id: 'K', kind: 'normal', pays: { 3: 5, 4: 12, 5: 35 } },
    { id: 'Q', kind: 'normal', pays: { 3: 3, 4: 9, 5: 29 } },
    { id: 'J', kind: 'normal', pays: { 3: 3, 4: 9, 5: 29 } },
    { id: '10', kind: 'normal', pays: { 3: 2, 4: 7, 5: 23 } },
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
    scatter: { pays: { 3: 9, 4: 35, 5: 172 } },
    freeSpins: { award: { 3: 8, 4: 15, 5: 20 }, multiplier: 1, retrigger: true, wildMultipliers: [2, 3, 3], max: 100 },
  },
  maxWin: 5000,
  rtp: 0.96,
  rtpMethod: 'tuning',
};
