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
    { id: 'dragon', kind: 'normal', pays: { 3: 45, 4: 181, 5: 723 } },
    { id: 'pearl', kind: 'normal', pays: { 3: 36, 4: 135, 5: 452 } },
    { id: 'phoenix', kind: 'normal', pays: { 3: 27, 4: 91, 5: 271 } },
    { id: 'lantern', kind: 'normal', pays: { 3: 19, 4: 55, 5: 181 } },
    { id: 'coin', kind: 'normal', pays: { 3: 15, 4: 45, 5: 143 } },
    { id: 'A', kind: 'normal', pays: { 3: 9, 4: 27, 5: 91 } },
    { id: 'K', kind: 'normal', pays: { 3: 9, 4: 22, 5: 73 } },
    { id: 'Q', kind: 'normal', pays: { 3: 7, 4: 19, 5: 55 } },
    { id: 'J', kind: 'normal', pays: { 3: 7, 4: 15, 5: 45 } },
    { id: 'wild', kind: 'wild', pays: { 3: 91, 4: 360, 5: 1805 } },
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
    scatter: { pays: { 3: 4, 4: 19, 5: 91 } },
    freeSpins: { award: { 3: 10 }, multiplier: 2, retrigger: false, max: 10 },
  },
  maxWin: 5000,
  rtp: 0.9659,
  rtpMethod: 'simulation: 40,000,000 rounds on xoshiro128** (seed feedface647261676f6e2d706561726c), 96.589 % ± 0.059 (one standard error), rounded',
  rtpRun: { rounds: 40_000_000, sd: 3.7236 },
};
