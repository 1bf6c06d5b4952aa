import { LINES_5X4, SLOT_STEPS, stripsOf, type TSlotConfig } from '../slot-engine.ts';

/** Viking Thunder: 5 × 4, 40 lines, medium-high; 3+ bonus symbols open the rune pick (12 runes). */
export const VIKING_THUNDER: TSlotConfig = {
  id: 'viking-thunder',
  engine: 'SLOT_VIKING_THUNDER',
  name: 'Viking Thunder',
  theme: 'Longships, storm clouds and runes struck by lightning on a northern fjord.',
  volatility: 'medium-high',
  reels: 5,
  rows: 4,
  symbols: [
    { id: 'viking', kind: 'normal', pays: { 3: 53, 4: 211, 5: 1055 } },
    { id: 'valkyrie', kind: 'normal', pays: { 3: 42, 4: 158, 5: 633 } },
    { id: 'axe', kind: 'normal', pays: { 3: 32, 4: 105, 5: 316 } },
    { id: 'shield', kind: 'normal', pays: { 3: 21, 4: 64, 5: 211 } },
    { id: 'horn', kind: 'normal', pays: { 3: 17, 4: 53, 5: 158 } },
    { id: 'A', kind: 'normal', pays: { 3: 11, 4: 32, 5: 105 } },
    { id: 'K', kind: 'normal', pays: { 3: 11, 4: 25, 5: 84 } },
    { id: 'Q', kind: 'normal', pays: { 3: 8, 4: 21, 5: 64 } },
    { id: 'J', kind: 'normal', pays: { 3: 8, 4: 21, 5: 53 } },
    { id: 'wild', kind: 'wild', pays: { 3: 105, 4: 526, 5: 2110 } },
    { id: 'bonus', kind: 'bonus' },
  ],
  strips: {
    base: stripsOf({
      viking: [2, 2, 2, 2, 2], valkyrie: [2, 2, 2, 2, 2], axe: [3, 3, 3, 3, 3], shield: [3, 3, 3, 3, 3], horn: [4, 4, 4, 4, 4],
      A: [5, 5, 5, 5, 5], K: [5, 5, 5, 5, 5], Q: [6, 6, 6, 6, 6], J: [6, 6, 6, 6, 6], wild: [1, 2, 2, 2, 1], bonus: [1, 1, 1, 1, 1],
    }, 5, 1401),
  },
  lines: LINES_5X4,
  bet: { coins: 40, steps: SLOT_STEPS, default: 500_000 },
  features: {
    bonus: {
      picks: { 3: 1, 4: 2, 5: 3 },
      prizes: [
        { multiplier: 4, weight: 30 }, { multiplier: 11, weight: 30 }, { multiplier: 21, weight: 20 },
        { multiplier: 53, weight: 10 }, { multiplier: 105, weight: 6 }, { multiplier: 211, weight: 3 }, { multiplier: 429, weight: 1 },
      ],
      tiles: 12,
    },
  },
  maxWin: 5000,
  rtp: 0.9631,
  rtpMethod: 'simulation: 40,000,000 rounds on xoshiro128** (seed feedface76696b696e672d7468756e64), 96.310 % ± 0.106 (one standard error), rounded',
  rtpRun: { rounds: 40_000_000, sd: 6.7306 },
};
