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
    { id: 'pharaoh', kind: 'normal', pays: { 2: 5, 3: 50, 4: 500, 5: 2500 } },
    { id: 'ankh', kind: 'normal', pays: { 2: 2, 3: 30, 4: 200, 5: 1000 } },
    { id: 'scarab', kind: 'normal', pays: { 3: 20, 4: 100, 5: 500 } },
    { id: 'eye', kind: 'normal', pays: { 3: 15, 4: 60, 5: 250 } },
    { id: 'A', kind: 'normal', pays: { 3: 5, 4: 25, 5: 100 } },
    { id: 'K', kind: 'normal', pays: { 3: 5, 4: 25, 5: 100 } },
    { id: 'Q', kind: 'normal', pays: { 3: 5, 4: 20, 5: 80 } },
    { id: 'J', kind: 'normal', pays: { 3: 5, 4: 20, 5: 80 } },
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
    scatter: { pays: { 3: 2, 4: 20, 5: 200 } },
    freeSpins: { award: { 3: 10 }, multiplier: 3, retrigger: true, max: 100 },
  },
  maxWin: 5000,
  rtp: 0.96,
  rtpMethod: 'tuning',
};
