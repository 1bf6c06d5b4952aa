import { LINES_5X3, SLOT_STEPS, stripsOf, type TSlotConfig } from '../slot-engine.ts';

/** Tết Fortune: 5 × 3, 25 lines, high volatility; free spins at ×2 and a pick of red envelopes (lì xì). */
export const TET_FORTUNE: TSlotConfig = {
  id: 'tet-fortune',
  engine: 'SLOT_TET_FORTUNE',
  name: 'Tết Fortune',
  theme: 'The Lunar New Year: the God of Wealth, red envelopes, apricot blossom and bánh chưng.',
  volatility: 'high',
  reels: 5,
  rows: 3,
  symbols: [
    { id: 'god-of-wealth', kind: 'normal', pays: { 3: 145, 4: 728, 5: 4359 } },
    { id: 'red-envelope', kind: 'normal', pays: { 3: 87, 4: 436, 5: 2179 } },
    { id: 'apricot-blossom', kind: 'normal', pays: { 3: 57, 4: 233, 5: 872 } },
    { id: 'banh-chung', kind: 'normal', pays: { 3: 43, 4: 145, 5: 581 } },
    { id: 'lantern', kind: 'normal', pays: { 3: 29, 4: 116, 5: 436 } },
    { id: 'A', kind: 'normal', pays: { 3: 14, 4: 43, 5: 174 } },
    { id: 'K', kind: 'normal', pays: { 3: 14, 4: 43, 5: 145 } },
    { id: 'Q', kind: 'normal', pays: { 3: 11, 4: 34, 5: 116 } },
    { id: 'J', kind: 'normal', pays: { 3: 11, 4: 29, 5: 87 } },
    { id: 'wild', kind: 'wild', pays: { 3: 291, 4: 1452, 5: 7265 } },
    { id: 'scatter', kind: 'scatter' },
    { id: 'bonus', kind: 'bonus' },
  ],
  strips: {
    base: stripsOf({
      'god-of-wealth': [1, 1, 1, 1, 1], 'red-envelope': [2, 2, 2, 2, 2], 'apricot-blossom': [2, 2, 2, 2, 2], 'banh-chung': [3, 3, 3, 3, 3], lantern: [3, 3, 3, 3, 3],
      A: [6, 6, 6, 6, 6], K: [6, 6, 6, 6, 6], Q: [6, 6, 6, 6, 6], J: [7, 7, 7, 7, 7], wild: [1, 1, 1, 1, 1], scatter: [1, 1, 1, 1, 1], bonus: [1, 0, 1, 0, 1],
    }, 5, 1301),
  },
  lines: LINES_5X3.slice(0, 25),
  bet: { coins: 25, steps: SLOT_STEPS, default: 500_000 },
  features: {
    scatter: { pays: { 3: 9, 4: 57, 5: 291 } },
    freeSpins: { award: { 3: 10, 4: 15, 5: 20 }, multiplier: 2, retrigger: true, max: 100 },
    bonus: {
      picks: { 3: 3 },
      prizes: [
        { multiplier: 3, weight: 40 }, { multiplier: 9, weight: 30 }, { multiplier: 23, weight: 15 },
        { multiplier: 57, weight: 8 }, { multiplier: 257, weight: 2 }, { multiplier: 2581, weight: 1 },
      ],
      tiles: 8,
    },
  },
  maxWin: 8888,
  rtp: 0.96,
  rtpMethod: 'tuning',
};
