import { LINES_5X3, SLOT_STEPS, stripsOf, type TSlotConfig } from '../slot-engine.ts';

/** Lotus Temple: 5 × 3, 20 lines, medium; 3+ bonus symbols open a pick of temple offerings. */
export const LOTUS_TEMPLE: TSlotConfig = {
  id: 'lotus-temple',
  engine: 'SLOT_LOTUS_TEMPLE',
  name: 'Lotus Temple',
  theme: 'Incense and golden bells in a mountain temple at dawn.',
  volatility: 'medium',
  reels: 5,
  rows: 3,
  symbols: [
    { id: 'buddha', kind: 'normal', pays: { 3: 66, 4: 264, 5: 1056 } },
    { id: 'lotus', kind: 'normal', pays: { 3: 53, 4: 158, 5: 528 } },
    { id: 'elephant', kind: 'normal', pays: { 3: 40, 4: 106, 5: 396 } },
    { id: 'incense', kind: 'normal', pays: { 3: 26, 4: 79, 5: 264 } },
    { id: 'bell', kind: 'normal', pays: { 3: 21, 4: 53, 5: 211 } },
    { id: 'A', kind: 'normal', pays: { 3: 13, 4: 40, 5: 132 } },
    { id: 'K', kind: 'normal', pays: { 3: 13, 4: 32, 5: 106 } },
    { id: 'Q', kind: 'normal', pays: { 3: 11, 4: 26, 5: 79 } },
    { id: 'J', kind: 'normal', pays: { 3: 11, 4: 26, 5: 66 } },
    { id: 'wild', kind: 'wild', pays: { 3: 106, 4: 396, 5: 1584 } },
    { id: 'bonus', kind: 'bonus' },
  ],
  strips: {
    base: stripsOf({
      buddha: [2, 2, 2, 2, 2], lotus: [2, 2, 2, 2, 2], elephant: [3, 3, 3, 3, 3], incense: [3, 3, 3, 3, 3], bell: [4, 4, 4, 4, 4],
      A: [5, 5, 5, 5, 5], K: [5, 5, 5, 5, 5], Q: [5, 5, 5, 5, 5], J: [5, 5, 5, 5, 5], wild: [1, 2, 2, 2, 1], bonus: [1, 1, 1, 1, 1],
    }, 5, 801),
  },
  lines: LINES_5X3.slice(0, 20),
  bet: { coins: 20, steps: SLOT_STEPS, default: 500_000 },
  features: {
    bonus: {
      picks: { 3: 1, 4: 2, 5: 3 },
      prizes: [
        { multiplier: 8, weight: 40 }, { multiplier: 13, weight: 30 }, { multiplier: 26, weight: 20 },
        { multiplier: 53, weight: 8 }, { multiplier: 132, weight: 3 }, { multiplier: 264, weight: 1 },
      ],
      tiles: 9,
    },
  },
  maxWin: 3000,
  rtp: 0.9663,
  rtpMethod: 'simulation: 40,000,000 rounds on xoshiro128** (seed feedface6c6f7475732d74656d706c65), 96.627 % ± 0.057 (one standard error), rounded',
  rtpRun: { rounds: 40_000_000, sd: 3.6341 },
};
