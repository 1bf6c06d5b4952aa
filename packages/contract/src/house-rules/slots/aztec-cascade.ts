import { SLOT_STEPS, stripsOf, type TSlotConfig } from '../slot-engine.ts';

/** Aztec Cascade: 6 × 5 ways with cascades (×1, ×2, ×3, ×5); in free spins the multiplier never resets. */
export const AZTEC_CASCADE: TSlotConfig = {
  id: 'aztec-cascade',
  engine: 'SLOT_AZTEC_CASCADE',
  name: 'Aztec Cascade',
  theme: 'Carved stones tumble down a jungle pyramid under a blazing sun.',
  volatility: 'medium-high',
  reels: 6,
  rows: 5,
  symbols: [
    { id: 'mask', kind: 'normal', pays: { 3: 10, 4: 25, 5: 60, 6: 150 } },
    { id: 'sun', kind: 'normal', pays: { 3: 8, 4: 20, 5: 40, 6: 100 } },
    { id: 'jaguar', kind: 'normal', pays: { 3: 5, 4: 12, 5: 25, 6: 60 } },
    { id: 'idol', kind: 'normal', pays: { 3: 4, 4: 10, 5: 20, 6: 40 } },
    { id: 'blue', kind: 'normal', pays: { 3: 2, 4: 4, 5: 8, 6: 20 } },
    { id: 'green', kind: 'normal', pays: { 3: 2, 4: 4, 5: 8, 6: 15 } },
    { id: 'red', kind: 'normal', pays: { 3: 1, 4: 3, 5: 6, 6: 12 } },
    { id: 'purple', kind: 'normal', pays: { 3: 1, 4: 2, 5: 5, 6: 10 } },
    { id: 'wild', kind: 'wild' },
    { id: 'scatter', kind: 'scatter' },
  ],
  strips: {
    base: stripsOf({
      mask: [3, 3, 3, 3, 3, 3], sun: [4, 4, 4, 4, 4, 4], jaguar: [5, 5, 5, 5, 5, 5], idol: [6, 6, 6, 6, 6, 6],
      blue: [8, 8, 8, 8, 8, 8], green: [8, 8, 8, 8, 8, 8], red: [9, 9, 9, 9, 9, 9], purple: [9, 9, 9, 9, 9, 9],
      wild: [0, 1, 1, 1, 1, 1], scatter: [1, 1, 1, 1, 1, 1],
    }, 6, 101),
  },
  ways: true,
  bet: { coins: 20, steps: SLOT_STEPS, default: 500_000 },
  features: {
    scatter: { pays: { 4: 3, 5: 10, 6: 50 } },
    freeSpins: { award: { 4: 10, 5: 12, 6: 15 }, multiplier: 1, retrigger: true, max: 60 },
    cascade: { multipliers: [1, 2, 3, 5], keepInFreeSpins: true },
  },
  maxWin: 5000,
  rtp: 0.96,
  rtpMethod: 'tuning',
};
