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
    { id: 'dragon', kind: 'normal', pays: { 3: 46, 4: 184, 5: 736 } },
    { id: 'pearl', kind: 'normal', pays: { 3: 37, 4: 137, 5: 460 } },
    { id: 'phoenix', kind: 'normal', pays: { 3: 28, 4: 93, 5: 276 } },
    { id: 'lantern', kind: 'normal', pays: { 3: 19, 4: 56, 5: 184 } },
    { id: 'coin', kind: 'normal', pays: { 3: 15, 4: 46, 5: 146 } },
    { id: 'A', kind: 'normal', pays: { 3: 9, 4: 28, 5: 93 } },
    { id: 'K', kind: 'normal', pays: { 3: 9, 4: 22, 5: 74 } },
    { id: 'Q', kind: 'normal', pays: { 3: 7, 4: 19, 5: 56 } },
    { id: 'J', kind: 'normal', pays: { 3: 7, 4: 15, 5: 46 } },
    { id: 'wild', kind: 'wild', pays: { 3: 93, 4: 367, 5: 1838 } },
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
    scatter: { pays: { 3: 4, 4: 19, 5: 93 } },
    freeSpins: { award: { 3: 10 }, multiplier: 2, retrigger: false, max: 10 },
  },
  maxWin: 5000,
  rtp: 0.96,
  rtpMethod: 'tuning',
};
