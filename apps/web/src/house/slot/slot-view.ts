import type { TSlotConfig, TSlotDetail, TSlotSpin, TSlotSymbolKind } from '@playhall/contract/house-rules/slot-engine';

/**
 * What the slot page draws, for any title: the machine (grid, lines or ways, symbols and pays, bets, features)
 * and a played round as a sequence of spins and their steps. The engine titles (slot-engine.ts) and Lucky Crown
 * (issue 5's own engine, lucky-crown.ts) are each turned into this shape; the page never decides a round, it only
 * shows the server's answer.
 */

export interface TSymbolView {
  id: string;
  kind: TSlotSymbolKind;
  /** [count, pay] ascending by count; in line bets (line games), coins per way (ways games) or total bets (scatter). */
  pays: [number, number][];
}

export interface TSlotView {
  id: string;
  engine: string;
  /** The catalogue's name. */
  name: string;
  reels: number;
  rows: number;
  symbols: TSymbolView[];
  /** Line games: each payline's row per reel. */
  lines: (readonly number[])[] | null;
  /** Ways games: how many ways (rows ^ reels). */
  ways: number | null;
  /** Coins a spin costs (lines, or the ways game's coin cost). */
  coins: number;
  /** Bets per spin, minor units, ascending; the page starts at `defaultBet`. */
  steps: number[];
  defaultBet: number;
  /** Lucky Crown's stepper shows the line bet (its play input); the engine titles' shows the bet per spin. */
  stepsPerLine: boolean;
  /** The play input for a bet per spin. */
  input(bet: number): unknown;
  scatterPays: [number, number][];
  freeSpins: { award: [number, number][]; multiplier: number; retrigger: boolean; wildMultipliers: number[]; max: number } | null;
  bonus: { picks: [number, number][]; prizes: number[]; tiles: number } | null;
  cascade: { multipliers: number[]; keep: boolean } | null;
  maxWin: number;
  volatility: string;
}

export interface TWinView {
  symbol: string;
  count: number;
  line?: number;
  ways?: number;
  cells: number[];
  /** Minor units, after the step's multiplier. */
  amount: number;
}

export interface TStepView {
  /** Symbol ids by cell (reel × rows + row). */
  grid: string[];
  wins: TWinView[];
  multiplier: number;
  amount: number;
}

export interface TSpinView {
  /** 0 for the paid spin, n for the n-th free spin. */
  free: number;
  steps: TStepView[];
  wilds: { cell: number; multiplier: number }[];
  scatter: { count: number; cells: number[]; amount: number };
  bonus: { count: number; picks: { prize: number; multiplier: number; amount: number }[]; amount: number } | null;
  /** Free spins this spin awarded. */
  freeSpinsAwarded: number;
  amount: number;
}

export interface TRoundView {
  spins: TSpinView[];
  capped: boolean;
}

const table = (t: Readonly<Record<number, number>> | undefined): [number, number][] =>
  Object.entries(t ?? {}).map(([k, v]) => [Number(k), v] as [number, number]).sort((a, b) => a[0] - b[0]);

/** The page's view of an engine title. */
export function viewOfConfig(config: TSlotConfig, name: string): TSlotView {
  const f = config.features;
  return {
    id: config.id,
    engine: config.engine,
    name,
    reels: config.reels,
    rows: config.rows,
    symbols: config.symbols.map((s) => ({ id: s.id, kind: s.kind, pays: table(s.pays) })),
    lines: config.lines ? config.lines.map((l) => [...l]) : null,
    ways: config.ways ? config.rows ** config.reels : null,
    coins: config.bet.coins,
    steps: [...config.bet.steps],
    defaultBet: config.bet.default,
    stepsPerLine: false,
    input: (bet) => ({ bet }),
    scatterPays: table(f.scatter?.pays),
    freeSpins: f.freeSpins
      ? { award: table(f.freeSpins.award), multiplier: f.freeSpins.multiplier, retrigger: f.freeSpins.retrigger, wildMultipliers: [...(f.freeSpins.wildMultipliers ?? [])], max: f.freeSpins.max }
      : null,
    bonus: f.bonus ? { picks: table(f.bonus.picks), prizes: f.bonus.prizes.map((p) => p.multiplier), tiles: f.bonus.tiles } : null,
    cascade: f.cascade ? { multipliers: [...f.cascade.multipliers], keep: f.cascade.keepInFreeSpins } : null,
    maxWin: config.maxWin,
    volatility: config.volatility,
  };
}

/** Coins to minor units at a bet (display; the server pays the round's total once, rounded down). */
const amountOf = (coins: number, bet: number, perSpin: number) => Math.floor((coins * bet) / perSpin);

function spinView(view: TSlotView, spin: TSlotSpin, free: number, bet: number, coins: number): TSpinView {
  const id = (i: number) => view.symbols[i]?.id ?? '';
  return {
    free,
    steps: spin.steps.map((step) => ({
      grid: step.grid.map(id),
      multiplier: step.multiplier,
      amount: amountOf(step.win, bet, coins),
      wins: step.wins.map((w) => ({ symbol: id(w.symbol), count: w.count, line: w.line, ways: w.ways, cells: w.cells, amount: amountOf(w.coins * step.multiplier, bet, coins) })),
    })),
    wilds: spin.wilds ?? [],
    scatter: { count: spin.scatter.count, cells: spin.scatter.cells, amount: amountOf(spin.scatter.win, bet, coins) },
    bonus: spin.bonus ? { count: spin.bonus.count, amount: amountOf(spin.bonus.win, bet, coins), picks: spin.bonus.picks.map((p) => ({ ...p, amount: p.multiplier * bet })) } : null,
    freeSpinsAwarded: spin.freeSpins,
    amount: amountOf(spin.win, bet, coins),
  };
}

/** A played round of an engine title as the page shows it. */
export function roundOfDetail(view: TSlotView, detail: TSlotDetail): TRoundView {
  return {
    spins: [spinView(view, detail.base, 0, detail.bet, detail.coins), ...detail.freeSpins.map((s, i) => spinView(view, s, i + 1, detail.bet, detail.coins))],
    capped: detail.capped,
  };
}

/** Cell index of (reel, row). */
export const cellOf = (view: Pick<TSlotView, 'rows'>, reel: number, row: number): number => reel * view.rows + row;
