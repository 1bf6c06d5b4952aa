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
    { id: 'god-of-wealth', kind: 'normal', pays: { 3: 148, 4: 743, 5: 4446 } },
    { id: 'red-envelope', kind: 'normal', pays: { 3: 89, 4: 445, 5: 2223 } },
    { id: 'apricot-blossom', kind: 'normal', pays: { 3: 58, 4: 238, 5: 889 } },
    { id: 'banh-chung', kind: 'normal', pays: { 3: 44, 4: 148, 5: 593 } },
    { id: 'lantern', kind: 'normal', pays: { 3: 30, 4: 118, 5: 445 } },
    { id: 'A', kind: 'normal', pays: { 3: 14, 4: 44, 5: 177 } },
    { id: 'K', kind: 'normal', pays: { 3: 14, 4: 44, 5: 148 } },
    { id: 'Q', kind: 'normal', pays: { 3: 11, 4: 35, 5: 118 } },
    { id: 'J', kind: 'normal', pays: { 3: 11, 4: 30, 5: 89 } },
    { id: 'wild', kind: 'wild', pays: { 3: 297, 4: 1481, 5: 7410 } },
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
    scatter: { pays: { 3: 9, 4: 58, 5: 297 } },
    freeSpins: { award: { 3: 10, 4: 15, 5: 20 }, multiplier: 2, retrigger: true, max: 100 },
    bonus: {
      picks: { 3: 3 },
      prizes: [
        { multiplier: 3, weight: 40 }, { multiplier: 9, weight: 30 }, { multiplier: 23, weight: 15 },
        { multiplier: 58, weight: 8 }, { multiplier: 262, weight: 2 }, { multiplier: 2633, weight: 1 },
      ],
      tiles: 8,
    },
  },
  maxWin: 8888,
  rtp: 0.9568,
  rtpMethod: 'simulation: 80,000,000 rounds on xoshiro128** (two runs of 40,000,000, seeds feedface7465742d666f7274756e6500 and 0badcafe7465742d666f7274756e6500: 95.816 % and 95.538 %), 95.677 % ± 0.123 (one standard error), rounded',
  rtpRun: { rounds: 80_000_000, sd: 11.0146 },
};
