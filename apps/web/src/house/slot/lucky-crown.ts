import { STAKES } from '@playhall/contract/stakes';
import type { TSlotArt } from './art/kit.ts';
import { SLOT_DEFS, SLOT_LOGO, SYMBOL_ART } from './slot-art.ts';
import { BETS_PER_LINE, LINE_PAYS, PAYLINES, SCATTER_PAYS, SYMBOLS, type TSlotDetail } from './slot-rules.ts';
import type { TRoundView, TSlotView } from './slot-view.ts';

/** Lucky Crown (issue 5's own engine, input `{ betPerLine }`) in the page's shape. */
const LINES = PAYLINES.length;

export const LUCKY_CROWN_VIEW: TSlotView = {
  id: 'lucky-crown',
  engine: 'HOUSE_SLOT_LUCKY_CROWN',
  name: 'Lucky Crown',
  reels: 5,
  rows: 3,
  symbols: SYMBOLS.map((s) => ({
    id: s,
    kind: s === 'W' ? 'wild' : s === 'S' ? 'scatter' : 'normal',
    pays: s === 'S' ? [] : LINE_PAYS[s].map((pay, i) => [i + 3, pay] as [number, number]),
  })),
  lines: PAYLINES.map((l) => [...l]),
  ways: null,
  coins: LINES,
  steps: BETS_PER_LINE.map((b) => b * LINES),
  defaultBet: STAKES.slotDefault * LINES,
  stepsPerLine: true,
  input: (bet) => ({ betPerLine: bet / LINES }),
  scatterPays: SCATTER_PAYS.flatMap((pay, count) => (pay > 0 ? [[count, pay] as [number, number]] : [])),
  freeSpins: null,
  bonus: null,
  cascade: null,
  maxWin: 600,
  volatility: 'medium',
};

export function luckyCrownRound(detail: TSlotDetail): TRoundView {
  const rows = 3;
  const grid = Array.from({ length: 5 * rows }, (_, cell) => detail.grid[cell % rows]?.[Math.floor(cell / rows)] ?? 'J');
  const scatterCells = grid.flatMap((s, cell) => (s === 'S' ? [cell] : []));
  const wins = detail.lineWins.map((w) => ({
    symbol: w.symbol,
    count: w.count,
    line: w.line,
    cells: Array.from({ length: w.count }, (_, reel) => reel * rows + (PAYLINES[w.line - 1]?.[reel] ?? 0)),
    amount: w.multiplier * detail.betPerLine,
  }));
  const lineAmount = wins.reduce((a, w) => a + w.amount, 0);
  const scatterAmount = detail.scatter.multiplier * detail.betPerLine * LINES;
  return {
    capped: false,
    spins: [{
      free: 0,
      steps: [{ grid, wins, multiplier: 1, amount: lineAmount }],
      wilds: [],
      scatter: { count: detail.scatter.count, cells: detail.scatter.count >= 3 ? scatterCells : [], amount: scatterAmount },
      bonus: null,
      freeSpinsAwarded: 0,
      amount: lineAmount + scatterAmount,
    }],
  };
}

/** Lucky Crown's art in the kit's shape: the page's purple and gold cabinet. */
export const LUCKY_CROWN_ART: TSlotArt = {
  defs: SLOT_DEFS,
  symbols: SYMBOL_ART,
  logo: SLOT_LOGO,
  backdrop: '<rect width="800" height="500" fill="#160c38"/><g fill="#f2c14e" opacity=".12">' +
    Array.from({ length: 30 }, (_, i) => `<circle cx="${(i * 137) % 800}" cy="${(i * 71) % 500}" r="${2 + (i % 3)}"/>`).join('') + '</g>',
  theme: {
    frame: 'linear-gradient(180deg, #f2c14e, #a86d0c 45%, #f2c14e)',
    reels: 'linear-gradient(180deg, #1c1148 0%, #2d1a6b 50%, #1c1148 100%)',
    marquee: 'linear-gradient(180deg, #3a2380, #1c1148)',
    ink: '#fff4b8',
    accent: '#f2c14e',
    glow: 'rgb(97 66 191 / 45%)',
    font: 'system-ui, sans-serif',
  },
};
