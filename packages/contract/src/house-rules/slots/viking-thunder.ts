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
    { id: 'viking', kind: 'normal', pays: { 3: 25, 4: 100, 5: 500 } },
    { id: 'valkyrie', kind: 'normal', pays: { 3: 20, 4: 75, 5: 300 } },
    { id: 'axe', kind: 'normal', pays: { 3: 15, 4: 50, 5: 150 } },
    { id: 'shield', kind: 'normal', pays: { 3: 10, 4: 30, 5: 100 } },
    { id: 'horn', kind: 'normal', pays: { 3: 8, 4: 25, 5: 75 } },
    { id: 'A', kind: 'normal', pays: { 3: 5, 4: 15, 5: 50 } },
    { id: 'K', kind: 'normal', pays: { 3: 5, 4: 12, 5: 40 } },
    { id: 'Q', kind: 'normal', pays: { 3: 4, 4: 10, 5: 30 } },
    { id: 'J', kind: 'normal', pays: { 3: 4, 4: 10, 5: 25 } },
    { id: 'wild', kind: 'wild', pays: { 3: 50, 4: 250, 5: 1000 } },
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
        { multiplier: 2, weight: 30 }, { multiplier: 5, weight: 30 }, { multiplier: 10, weight: 20 },
        { multiplier: 25, weight: 10 }, { multiplier: 50, weight: 6 }, { multiplier: 100, weight: 3 }, { multiplier: 500, weight: 1 },
      ],
      tiles: 12,
    },
  },
  maxWin: 5000,
  rtp: 0.96,
  rtpMethod: 'tuning',
};
