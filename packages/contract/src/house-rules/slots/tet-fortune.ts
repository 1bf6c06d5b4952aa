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
    { id: 'god-of-wealth', kind: 'normal', pays: { 3: 50, 4: 250, 5: 1500 } },
    { id: 'red-envelope', kind: 'normal', pays: { 3: 30, 4: 150, 5: 750 } },
    { id: 'apricot-blossom', kind: 'normal', pays: { 3: 20, 4: 80, 5: 300 } },
    { id: 'banh-chung', kind: 'normal', pays: { 3: 15, 4: 50, 5: 200 } },
    { id: 'lantern', kind: 'normal', pays: { 3: 10, 4: 40, 5: 150 } },
    { id: 'A', kind: 'normal', pays: { 3: 5, 4: 15, 5: 60 } },
    { id: 'K', kind: 'normal', pays: { 3: 5, 4: 15, 5: 50 } },
    { id: 'Q', kind: 'normal', pays: { 3: 4, 4: 12, 5: 40 } },
    { id: 'J', kind: 'normal', pays: { 3: 4, 4: 10, 5: 30 } },
    { id: 'wild', kind: 'wild', pays: { 3: 100, 4: 500, 5: 2500 } },
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
    scatter: { pays: { 3: 3, 4: 20, 5: 100 } },
    freeSpins: { award: { 3: 10, 4: 15, 5: 20 }, multiplier: 2, retrigger: true, max: 100 },
    bonus: {
      picks: { 3: 3 },
      prizes: [
        { multiplier: 1, weight: 40 }, { multiplier: 3, weight: 30 }, { multiplier: 8, weight: 15 },
        { multiplier: 20, weight: 8 }, { multiplier: 88, weight: 2 }, { multiplier: 888, weight: 1 },
      ],
      tiles: 8,
    },
  },
  maxWin: 8888,
  rtp: 0.96,
  rtpMethod: 'tuning',
};
