import { LINES_5X3, SLOT_STEPS, stripsOf, type TSlotConfig } from '../slot-engine.ts';

/** Pharaoh's Sands: 5 × 3, 10 lines, high volatility; 3+ scatters give 10 free spins at ×3. */
export const PHARAOH_SANDS: TSlotConfig = {
  id: 'pharaoh-sands',
  engine: 'SLOT_PHARAOH_SANDS',
  name: "Pharaoh's Sands",
  theme: 'Gold and lapis in a torch-lit tomb beneath the dunes.',
  volatility: 'high',
  reels: 5,
  rows: 3,
  symbols: [
    { id: 'pharaoh', kind: 'normal', pays: { 2: 11, 3: 111, 4: 1098, 5: 8235 } },
    { id: 'ankh', kind: 'normal', pays: { 2: 6, 3: 67, 4: 439, 5: 2744 } },
    { id: 'scarab', kind: 'normal', pays: { 3: 32, 4: 158, 5: 788 } },
    { id: 'eye', kind: 'normal', pays: { 3: 24, 4: 95, 5: 394 } },
    { id: 'A', kind: 'normal', pays: { 3: 5, 4: 23, 5: 88 } },
    { id: 'K', kind: 'normal', pays: { 3: 5, 4: 23, 5: 88 } },
    { id: 'Q', kind: 'normal', pays: { 3: 3, 4: 17, 5: 67 } },
    { id: 'J', kind: 'normal', pays: { 3: 3, 4: 17, 5: 67 } },
    { id: 'wild', kind: 'wild' },
    { id: 'scatter', kind: 'scatter' },
  ],
  strips: {
    base: stripsOf({
      pharaoh: [2, 2, 2, 2, 2], ankh: [2, 2, 2, 2, 2], scarab: [3, 3, 3, 3, 3], eye: [3, 3, 3, 3, 3],
      A: [5, 5, 5, 5, 5], K: [5, 5, 5, 5, 5], Q: [6, 6, 6, 6, 6], J: [6, 6, 6, 6, 6], wild: [1, 1, 1, 1, 1], scatter: [1, 1, 1, 1, 1],
    }, 5, 1101),
  },
  lines: LINES_5X3.slice(0, 10),
  bet: { coins: 10, steps: SLOT_STEPS, default: 500_000 },
  features: {
    scatter: { pays: { 3: 6, 4: 55, 5: 549 } },
    freeSpins: { award: { 3: 10 }, multiplier: 3, retrigger: true, max: 100 },
  },
  maxWin: 5000,
  rtp: 0.9626,
  rtpMethod: 'simulation: 40,000,000 rounds on xoshiro128** (seed feedface70686172616f682d73616e64), 96.260 % ± 0.155 (one standard error), rounded',
  rtpRun: { rounds: 40_000_000, sd: 9.7715 },
};
