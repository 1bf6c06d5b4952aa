import { LINES_5X3, SLOT_STEPS, stripsOf, type TSlotConfig } from '../slot-engine.ts';

/** Dragon Pearl: 5 × 3, 25 lines, medium; 3+ scatters give 10 free spins at ×2. */
export const DRAGON_PEARL: TSlotConfig = {
  id: 'dragon-pearl',
  engine: 'SLOT_DRAGON_PEARL',
  name: 'Dragon Pearl',
  theme: 'A jade dragon guards the flaming pearl over a night-time river of lanterns.',
  volatility: 'medium',
  reels: 5,
  rows: 3,
  symbols: [
    { id: 'dragon', kind: 'normal', pays: { 3: 25, 4: 100, 5: 400 } },
    { id: 'pearl', kind: 'normal', pays: { 3: 20, 4: 75, 5: 250 } },
    { id: 'phoenix', kind: 'normal', pays: { 3: 15, 4: 50, 5: 150 } },
    { id: 'lantern', kind: 'normal', pays: { 3: 10, 4: 30, 5: 100 } },
    { id: 'coin', kind: 'normal', pays: { 3: 8, 4: 25, 5: 80 } },
    { id: 'A', kind: 'normal', pays: { 3: 5, 4: 15, 5: 50 } },
    { id: 'K', kind: 'normal', pays: { 3: 5, 4: 12, 5: 40 } },
    { id: 'Q', kind: 'normal', pays: { 3: 4, 4: 10, 5: 30 } },
    { id: 'J', kind: 'normal', pays: { 3: 4, 4: 8, 5: 25 } },
    { id: 'wild', kind: 'wild', pays: { 3: 50, 4: 200, 5: 1000 } },
    { id: 'scatter', kind: 'scatter' },
  ],
  strips: {
    base: stripsOf({
      dragon: [2, 2, 2, 2, 2], pearl: [2, 3, 2, 3, 2], phoenix: [3, 3, 3, 3, 3], lantern: [4, 3, 4, 3, 4], coin: [4, 4, 4, 4, 4],
      A: [5, 5, 5, 5, 5], K: [5, 5, 5, 5, 5], Q: [6, 6, 6, 6, 6], J: [6, 6, 6, 6, 6], wild: [1, 2, 2, 2, 1], scatter: [2, 2, 2, 2, 2],
    }, 5, 301),
  },
  lines: LINES_5X3.slice(0, 25),
  bet: { coins: 25, steps: SLOT_STEPS, default: 500_000 },
  features: {
    scatter: { pays: { 3: 2, 4: 10, 5: 50 } },
    freeSpins: { award: { 3: 10 }, multiplier: 2, retrigger: false, max: 10 },
  },
  maxWin: 5000,
  rtp: 0.96,
  rtpMethod: 'tuning',
};
