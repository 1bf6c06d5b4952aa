import { SLOT_STEPS, stripsOf, type TSlotConfig } from '../slot-engine.ts';

/** Aztec Cascade: 6 × 5 ways with cascades (×1, ×2, ×3, ×5); in free spins the multiplier never resets. */
export const AZTEC_CASCADE: TSlotConfig = {
  id: 'aztec-cascade',
  engine: 'SLOT_AZTEC_CASCADE',
  name: 'Aztec Cascade',
  theme: 'Carved stones tumble down a jungle pyramid under a blazing sun.',
  volatility: 'medium',
  reels: 6,
  rows: 5,
  symbols: [
    { id: 'mask', kind: 'normal', pays: { 3: 15, 4: 38, 5: 92, 6: 229 } },
    { id: 'sun', kind: 'normal', pays: { 3: 12, 4: 31, 5: 61, 6: 153 } },
    { id: 'jaguar', kind: 'normal', pays: { 3: 8, 4: 18, 5: 38, 6: 92 } },
    { id: 'idol', kind: 'normal', pays: { 3: 6, 4: 15, 5: 31, 6: 61 } },
    { id: 'blue', kind: 'normal', pays: { 3: 3, 4: 6, 5: 12, 6: 31 } },
    { id: 'green', kind: 'normal', pays: { 3: 3, 4: 6, 5: 12, 6: 23 } },
    { id: 'red', kind: 'normal', pays: { 3: 2, 4: 5, 5: 9, 6: 18 } },
    { id: 'purple', kind: 'normal', pays: { 3: 2, 4: 3, 5: 8, 6: 15 } },
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
  bet: { coins: 400, steps: SLOT_STEPS, default: 500_000 },
  features: {
    scatter: { pays: { 4: 5, 5: 15, 6: 76 } },
    freeSpins: { award: { 4: 10, 5: 12, 6: 15 }, multiplier: 1, retrigger: true, max: 60 },
    cascade: { multipliers: [1, 2, 3, 5], keepInFreeSpins: true },
  },
  maxWin: 5000,
  rtp: 0.9605,
  rtpMethod: 'simulation: 40,000,000 rounds on xoshiro128** (seed feedface617a7465632d636173636164), 96.046 % ± 0.046 (one standard error), rounded',
  rtpRun: { rounds: 40_000_000, sd: 2.9384 },
};
