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
    { id: 'buddha', kind: 'normal', pays: { 3: 25, 4: 100, 5: 400 } },
    { id: 'lotus', kind: 'normal', pays: { 3: 20, 4: 60, 5: 200 } },
    { id: 'elephant', kind: 'normal', pays: { 3: 15, 4: 40, 5: 150 } },
    { id: 'incense', kind: 'normal', pays: { 3: 10, 4: 30, 5: 100 } },
    { id: 'bell', kind: 'normal', pays: { 3: 8, 4: 20, 5: 80 } },
    { id: 'A', kind: 'normal', pays: { 3: 5, 4: 15, 5: 50 } },
    { id: 'K', kind: 'normal', pays: { 3: 5, 4: 12, 5: 40 } },
    { id: 'Q', kind: 'normal', pays: { 3: 4, 4: 10, 5: 30 } },
    { id: 'J', kind: 'normal', pays: { 3: 4, 4: 10, 5: 25 } },
    { id: 'wild', kind: 'wild', pays: { 3: 40, 4: 150, 5: 600 } },
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
        { multiplier: 3, weight: 40 }, { multiplier: 5, weight: 30 }, { multiplier: 10, weight: 20 },
        { multiplier: 20, weight: 8 }, { multiplier: 50, weight: 3 }, { multiplier: 100, weight: 1 },
      ],
      tiles: 9,
    },
  },
  maxWin: 3000,
  rtp: 0.96,
  rtpMethod: 'tuning',
};
