import { LINES_3X3, SLOT_STEPS, stripsOf, type TSlotConfig } from '../slot-engine.ts';

/** Neon Fruits: a 3 × 3 classic with 5 lines and a wild, low volatility. */
export const NEON_FRUITS: TSlotConfig = {
  id: 'neon-fruits',
  engine: 'SLOT_NEON_FRUITS',
  name: 'Neon Fruits',
  theme: 'A fruit machine in pink and cyan neon, humming in an arcade at midnight.',
  volatility: 'low',
  reels: 3,
  rows: 3,
  symbols: [
    { id: 'seven', kind: 'normal', pays: { 3: 90 } },
    { id: 'bar', kind: 'normal', pays: { 3: 36 } },
    { id: 'bell', kind: 'normal', pays: { 3: 22 } },
    { id: 'melon', kind: 'normal', pays: { 3: 15 } },
    { id: 'plum', kind: 'normal', pays: { 3: 8 } },
    { id: 'cherry', kind: 'normal', pays: { 2: 1, 3: 5 } },
    { id: 'wild', kind: 'wild', pays: { 3: 148 } },
  ],
  strips: {
    base: stripsOf({ seven: [1, 1, 1], bar: [2, 2, 2], bell: [3, 3, 3], melon: [3, 3, 3], plum: [4, 4, 4], cherry: [5, 5, 5], wild: [1, 1, 1] }, 3, 901),
  },
  lines: LINES_3X3,
  bet: { coins: 5, steps: SLOT_STEPS, default: 500_000 },
  features: {},
  maxWin: 500,
  // Exact: every one of the 19³ stop combinations enumerated (SlotMachine.enumerate, held by slot-engine.test.ts).
  rtp: 32835 / 34295,
  rtpMethod: 'exact: all 6,859 stop combinations enumerated; 32,835 coins won over 34,295 staked',
};
