import { pickWeighted, uniformInt, type RandomSource } from './fair.ts';
import { checkObject, HouseGameInputError, MAX_STAKE, mulDivFloor, type HouseGame } from './house-game.ts';

/**
 * The data-driven slot engine (issue 21): a title is a `TSlotConfig` (symbols, pays, reel strips, paylines or
 * ways, bet steps, features) and this module plays any of them. One request settles a whole round: the base
 * spin, its cascades, any bonus pick and every free spin it triggers.
 *
 * Money: the member bets `bet` minor units per spin, one of the title's steps; a spin costs `coins` coins, so a
 * coin is bet / coins (a line bet in a line game). Every win is counted in whole coins (pays, ways, multipliers
 * are integers) and paid once at the end as floor(bet × coins won / coins) — the fraction of a minor unit, if
 * any, stays with the house. A round pays at most `maxWin` × the bet; when it gets there it ends.
 *
 * Randomness: one `uniformInt` stop per reel per spin, then (free spins of titles with multiplying wilds) one
 * `uniformInt` per wild in view, in cell order, then (bonus) one `pickWeighted` per pick. Cascades draw nothing:
 * the symbols that fall in are the ones above the stop on the strip.
 */

export type TSlotSymbolKind = 'normal' | 'wild' | 'scatter' | 'bonus';

export interface TSlotSymbol {
  /** Stable id: the page draws the art by it. */
  id: string;
  kind: TSlotSymbolKind;
  /**
   * Normal symbols (and a line game's wild): coins for `count` of a kind, left to right — on a line game a coin is
   * the line bet, on a ways game the coins per way. Scatters and bonus symbols pay through `features`.
   */
  pays?: Readonly<Record<number, number>>;
}

export interface TSlotPrize {
  /** × the total bet. */
  multiplier: number;
  weight: number;
}

export interface TSlotFeatures {
  /** Scatter: pays anywhere in view, × the total bet, by the count in view (after the spin's cascades). */
  scatter?: { pays: Readonly<Record<number, number>> };
  /** Free spins, triggered (and retriggered, if allowed) by scatters in view: spins awarded by scatter count. */
  freeSpins?: {
    award: Readonly<Record<number, number>>;
    /** Every win of a free spin (lines/ways, scatter pays) is multiplied by this. */
    multiplier: number;
    retrigger: boolean;
    /** Ways games without cascades: each wild in view in a free spin multiplies by one of these, drawn uniformly. */
    wildMultipliers?: readonly number[];
    /** No round plays more free spins than this (keeps the record small). */
    max: number;
  };
  /** Bonus pick: `count` bonus symbols in view give `picks[count]` picks from the prize table (× total bet). */
  bonus?: { picks: Readonly<Record<number, number>>; prizes: readonly TSlotPrize[]; /** tiles the page shows */ tiles: number };
  /**
   * Cascades (ways games): winning symbols (and the wilds in them) vanish, the rest fall, new ones fall in from
   * the strip; the n-th win of a chain is multiplied by multipliers[min(n, last)]. With `keepInFreeSpins` the
   * chain's multiplier does not reset between free spins.
   */
  cascade?: { multipliers: readonly number[]; keepInFreeSpins: boolean };
}

export interface TSlotConfig {
  /** The catalogue's gameId (`titles-slots.ts`). */
  id: string;
  /** The engine code, `SLOT_<ID>`. */
  engine: string;
  name: string;
  /** One line for the info panel and the art. */
  theme: string;
  volatility: 'low' | 'low-medium' | 'medium' | 'medium-high' | 'high';
  reels: number;
  rows: number;
  /** High to low, then the specials. */
  symbols: readonly TSlotSymbol[];
  /** Symbol ids per reel, top to bottom as they scroll; the strip wraps. `free` defaults to `base`. */
  strips: { base: readonly (readonly string[])[]; free?: readonly (readonly string[])[] };
  /** Line game: each payline's row per reel (0 = top). Exactly one of `lines` and `ways`. */
  lines?: readonly (readonly number[])[];
  /** Ways game: a symbol pays for every way across adjacent reels from the left (any row). */
  ways?: true;
  bet: {
    /** Coins per spin: the number of lines, or a ways game's coin cost. */
    coins: number;
    /** The allowed bets per spin in minor units, ascending, each a multiple of `coins`. */
    steps: readonly number[];
    /** The page's first bet (one of the steps). */
    default: number;
  };
  features: TSlotFeatures;
  /** The largest round win, × the total bet. */
  maxWin: number;
  /** The published return to player (a fraction), with how it was found. */
  rtp: number;
  rtpMethod: string;
  /** When `rtp` comes from a simulation: its rounds and the standard deviation of a round's return (its own error). */
  rtpRun?: { rounds: number; sd: number };
}

export interface TSlotInput {
  /** Minor units per spin, one of the title's `bet.steps`. */
  bet: number;
}

export interface TSlotWin {
  /** Index into `config.symbols`. */
  symbol: number;
  count: number;
  /** Line games: the payline, 1-based. */
  line?: number;
  /** Ways games: how many ways (wild multipliers included). */
  ways?: number;
  /** Coins before the step's multiplier: pay × ways (ways) or the line's pay. */
  coins: number;
  /** Cells of the win: reel × rows + row. */
  cells: number[];
}

export interface TSlotStep {
  /** Symbol indices by cell (reel × rows + row), as the step starts. */
  grid: number[];
  wins: TSlotWin[];
  /** The multiplier on this step's wins (free spins × cascade level). */
  multiplier: number;
  /** Coins won by this step, multiplier applied. */
  win: number;
}

export interface TSlotSpin {
  /** Stop per reel: the strip index shown on the top row. */
  stops: number[];
  /** Free spins with multiplying wilds: the multiplier of each wild cell. */
  wilds?: { cell: number; multiplier: number }[];
  /** The first step is the spin; each further one a cascade. */
  steps: TSlotStep[];
  scatter: { count: number; cells: number[]; win: number };
  bonus?: { count: number; picks: { prize: number; multiplier: number }[]; win: number };
  /** Free spins this spin awarded (after the round's cap on free spins). */
  freeSpins: number;
  /** Coins won by this spin in all. */
  win: number;
}

export interface TSlotDetail {
  title: string;
  bet: number;
  coins: number;
  base: TSlotSpin;
  freeSpins: TSlotSpin[];
  /** Coins won in the round (capped). */
  winCoins: number;
  /** The round hit the max win and ended there. */
  capped: boolean;
}

/** What a simulation counts; `spinFast` adds one round to it. */
export interface TSlotCounters {
  rounds: number;
  /** Coins staked and won. */
  staked: number;
  won: number;
  /** Sum of squared round returns (coins won / coins staked)², for the volatility. */
  sumSq: number;
  hits: number;
  freeSpinTriggers: number;
  bonusTriggers: number;
  freeSpinsPlayed: number;
  capped: number;
  maxWinCoins: number;
}

export const newSlotCounters = (): TSlotCounters => ({ rounds: 0, staked: 0, won: 0, sumSq: 0, hits: 0, freeSpinTriggers: 0, bonusTriggers: 0, freeSpinsPlayed: 0, capped: 0, maxWinCoins: 0 });

/** The usual ladder of total bets (VND minor units: 1,000 ₫ to 1,000,000 ₫); multiples of 5, 10, 20, 25, 40, 50 coins. */
export const SLOT_STEPS: readonly number[] = [100_000, 200_000, 500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000, 20_000_000, 50_000_000, 100_000_000];

/** The largest max win a title may have: with MAX_STAKE a payout stays below 10^12 minor units. */
export const SLOT_MAX_WIN_LIMIT = 10_000;

const newSpin = (): TSlotSpin => ({ stops: [], steps: [], scatter: { count: 0, cells: [], win: 0 }, freeSpins: 0, win: 0 });

const isCount = (n: number, reels: number): boolean => Number.isSafeInteger(n) && n >= 1 && n <= reels;
const isNonNegInt = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** Every problem of a configuration, or an empty list. */
export function slotConfigProblems(config: TSlotConfig): string[] {
  const p: string[] = [];
  const { reels, rows, symbols } = config;
  if (!/^[a-z0-9-]+$/.test(config.id)) p.push('the id must be lowercase letters, digits and dashes');
  if (config.engine !== `SLOT_${config.id.toUpperCase().replaceAll('-', '_')}`) p.push('the engine code must be SLOT_<ID>');
  if (!Number.isSafeInteger(reels) || reels < 3 || reels > 6) p.push('3 to 6 reels');
  if (!Number.isSafeInteger(rows) || rows < 1 || rows > 6) p.push('1 to 6 rows');
  const ids = new Set<string>();
  for (const s of symbols) {
    if (ids.has(s.id)) p.push(`symbol ${s.id} twice`);
    ids.add(s.id);
    for (const [count, pay] of Object.entries(s.pays ?? {})) {
      if (!isCount(Number(count), reels) || Number(count) < 2) p.push(`symbol ${s.id} pays for ${count} of a kind`);
      if (!isNonNegInt(pay)) p.push(`symbol ${s.id}: pays must be non-negative integers`);
    }
    if ((s.kind === 'scatter' || s.kind === 'bonus') && s.pays) p.push(`${s.kind} ${s.id} pays through the features`);
    if (s.kind === 'wild' && s.pays && config.ways) p.push('a ways game\'s wild pays nothing by itself');
  }
  if (symbols.length > 15) p.push('at most 15 symbols');
  for (const kind of ['wild', 'scatter', 'bonus'] as const) if (symbols.filter((s) => s.kind === kind).length > 1) p.push(`at most one ${kind}`);
  if (!symbols.some((s) => s.kind === 'normal' && Object.values(s.pays ?? {}).some((v) => v > 0))) p.push('no symbol pays');
  const has = (kind: TSlotSymbolKind) => symbols.some((s) => s.kind === kind);
  const checkStrips = (set: readonly (readonly string[])[] | undefined, name: string) => {
    if (!set) return;
    if (set.length !== reels) p.push(`${name} strips: one per reel`);
    set.forEach((strip, r) => {
      if (strip.length < rows || strip.length > 1000) p.push(`${name} strip ${r + 1}: ${rows} to 1000 stops`);
      for (const id of strip) if (!ids.has(id)) p.push(`${name} strip ${r + 1}: unknown symbol ${id}`);
    });
  };
  checkStrips(config.strips.base, 'base');
  checkStrips(config.strips.free, 'free');
  if (!!config.lines === !!config.ways) p.push('either lines or ways');
  if (config.lines) {
    if (config.lines.length < 1 || config.lines.length > 100) p.push('1 to 100 lines');
    const seen = new Set<string>();
    config.lines.forEach((line, i) => {
      if (line.length !== reels || line.some((row) => !Number.isSafeInteger(row) || row < 0 || row >= rows)) p.push(`line ${i + 1} is out of the grid`);
      if (seen.has(line.join())) p.push(`line ${i + 1} repeats another`);
      seen.add(line.join());
    });
    if (config.bet.coins !== config.lines.length) p.push('a line game costs one coin per line');
    if (symbols.length ** reels > 2_000_000) p.push('too many symbols for the line table');
  }
  const { coins, steps } = config.bet;
  if (!Number.isSafeInteger(coins) || coins < 1) p.push('coins must be a positive integer');
  if (steps.length === 0) p.push('no bet steps');
  steps.forEach((s, i) => {
    if (!Number.isSafeInteger(s) || s < 1 || s > MAX_STAKE || s % coins !== 0) p.push(`step ${s}: a multiple of ${coins} from 1 to ${MAX_STAKE}`);
    if (i > 0 && s <= steps[i - 1]!) p.push('steps must ascend');
  });
  if (!steps.includes(config.bet.default)) p.push('the default bet must be a step');
  if (!Number.isSafeInteger(config.maxWin) || config.maxWin < 1 || config.maxWin > SLOT_MAX_WIN_LIMIT) p.push(`max win from 1 to ${SLOT_MAX_WIN_LIMIT} × the bet`);
  const f = config.features;
  const checkTable = (table: Readonly<Record<number, number>>, what: string) => {
    for (const [count, v] of Object.entries(table)) {
      if (!isCount(Number(count), reels * rows)) p.push(`${what}: count ${count}`);
      if (!isNonNegInt(v)) p.push(`${what}: non-negative integers`);
    }
  };
  if (f.scatter) {
    if (!has('scatter')) p.push('scatter pays without a scatter symbol');
    checkTable(f.scatter.pays, 'scatter pays');
  }
  if (f.freeSpins) {
    if (!has('scatter')) p.push('free spins without a scatter symbol');
    checkTable(f.freeSpins.award, 'free spins award');
    if (!Number.isSafeInteger(f.freeSpins.multiplier) || f.freeSpins.multiplier < 1) p.push('free spin multiplier: a positive integer');
    if (!Number.isSafeInteger(f.freeSpins.max) || f.freeSpins.max < 1 || f.freeSpins.max > 200) p.push('free spins max: 1 to 200');
    const wm = f.freeSpins.wildMultipliers;
    if (wm) {
      if (!config.ways || f.cascade) p.push('multiplying wilds: ways games without cascades');
      if (!has('wild') || wm.length === 0 || wm.some((m) => !Number.isSafeInteger(m) || m < 1)) p.push('wild multipliers: positive integers, with a wild');
    }
  } else if (config.strips.free) p.push('free-spin strips without free spins');
  if (has('scatter') && !f.scatter && !f.freeSpins) p.push('a scatter symbol does nothing');
  if (f.bonus) {
    if (!has('bonus')) p.push('a bonus pick without a bonus symbol');
    checkTable(f.bonus.picks, 'bonus picks');
    if (f.bonus.prizes.length === 0 || f.bonus.prizes.some((x) => !isNonNegInt(x.multiplier) || !isNonNegInt(x.weight)) || !f.bonus.prizes.some((x) => x.weight > 0)) p.push('bonus prizes: non-negative integers, some weight');
    if (!Number.isSafeInteger(f.bonus.tiles) || f.bonus.tiles < Math.max(1, ...Object.values(f.bonus.picks))) p.push('bonus tiles: at least the picks');
  } else if (has('bonus')) p.push('a bonus symbol does nothing');
  if (f.cascade) {
    if (!config.ways) p.push('cascades need a ways game');
    if (f.cascade.multipliers.length === 0 || f.cascade.multipliers.some((m) => !Number.isSafeInteger(m) || m < 1)) p.push('cascade multipliers: positive integers');
  }
  if (!(config.rtp > 0.9 && config.rtp < 0.99)) p.push('the published RTP must be between 90 % and 99 %');
  // Whole coins at every bet: the largest round must stay a safe integer and within the ledger.
  if (p.length === 0 && config.maxWin * Math.max(...steps) > 1e12) p.push('the max win at the largest bet is above 10^12 minor units');
  return p;
}

/** Refuses a configuration with any problem (a RangeError listing them). */
export function validateSlotConfig(config: TSlotConfig): TSlotConfig {
  const problems = slotConfigProblems(config);
  if (problems.length > 0) throw new RangeError(`slot ${config.id}: ${problems.join('; ')}`);
  return config;
}

/** The machine for one title: lookup tables built once, typed arrays reused by every spin. */
export class SlotMachine {
  readonly reels: number;
  readonly rows: number;
  readonly cells: number;
  readonly nSymbols: number;
  readonly wild: number;
  readonly scatter: number;
  readonly bonus: number;
  private readonly maxCount: number;
  /** pays[symbol × (reels + 1) + count] in coins. */
  private readonly pays: Int32Array;
  private readonly payingSymbols: Int32Array;
  private readonly base: Uint8Array[];
  private readonly free: Uint8Array[];
  /** Each line's cells (reel × rows + row), line after line. */
  private readonly lineCells: Int32Array | null;
  private readonly lineCount: number;
  private readonly lineTable: Int32Array | null;
  private readonly scatterPays: Int32Array;
  private readonly freeAward: Int32Array;
  private readonly bonusPicks: Int32Array;
  private readonly prizeWeights: number[];
  private readonly cascadeMults: Int32Array;
  // Scratch space of one spin.
  private readonly grid: Uint8Array;
  private readonly wildMult: Int32Array;
  private readonly counts: Int32Array;
  private readonly wildWeight: Int32Array;
  private readonly remove: Uint8Array;
  private readonly stops: Int32Array;
  private readonly refill: Int32Array;
  private readonly column: Uint8Array;
  // The config's numbers the hot path needs, as fields.
  private readonly coins: number;
  private readonly capCoins: number;
  private readonly fsMultiplier: number;
  private readonly fsRetrigger: boolean;
  private readonly fsMax: number;
  private readonly wildMultipliers: Int32Array | null;
  private readonly cascades: boolean;
  private readonly keepLevel: boolean;
  private readonly prizeMultipliers: Int32Array;
  /** The cascade level (carried between free spins with keepInFreeSpins). */
  private level = 0;
  private lastScatters = 0;
  private lastBonus = false;

  constructor(readonly config: TSlotConfig) {
    validateSlotConfig(config);
    const { reels, rows, symbols } = config;
    this.reels = reels;
    this.rows = rows;
    this.cells = reels * rows;
    this.nSymbols = symbols.length;
    this.wild = symbols.findIndex((s) => s.kind === 'wild');
    this.scatter = symbols.findIndex((s) => s.kind === 'scatter');
    this.bonus = symbols.findIndex((s) => s.kind === 'bonus');
    this.maxCount = reels + 1;
    this.pays = new Int32Array(symbols.length * this.maxCount);
    symbols.forEach((s, i) => {
      for (const [count, pay] of Object.entries(s.pays ?? {})) this.pays[i * this.maxCount + Number(count)] = pay;
    });
    this.payingSymbols = Int32Array.from(symbols.flatMap((s, i) => (s.kind === 'normal' && Object.values(s.pays ?? {}).some((v) => v > 0) ? [i] : [])));
    const index = new Map(symbols.map((s, i) => [s.id, i]));
    const toStrip = (strip: readonly string[]) => Uint8Array.from(strip, (id) => index.get(id)!);
    this.base = config.strips.base.map(toStrip);
    this.free = (config.strips.free ?? config.strips.base).map(toStrip);
    const table = (t: Readonly<Record<number, number>> | undefined) => {
      const a = new Int32Array(this.cells + 1);
      for (const [count, v] of Object.entries(t ?? {})) a[Number(count)] = v;
      // "n or more": a count above the table's largest pays as its largest.
      let last = 0;
      for (let k = 0; k <= this.cells; k += 1) if (t && t[k] !== undefined) last = k;
      for (let k = last + 1; k <= this.cells && last > 0; k += 1) a[k] = a[last]!;
      return a;
    };
    this.scatterPays = table(config.features.scatter?.pays);
    this.freeAward = table(config.features.freeSpins?.award);
    this.bonusPicks = table(config.features.bonus?.picks);
    this.prizeWeights = (config.features.bonus?.prizes ?? []).map((x) => x.weight);
    this.cascadeMults = Int32Array.from(config.features.cascade?.multipliers ?? [1]);
    this.lineCount = config.lines?.length ?? 0;
    this.lineCells = config.lines ? Int32Array.from(config.lines.flatMap((line) => line.map((row, r) => r * rows + row))) : null;
    if (config.lines) {
      const n = symbols.length;
      this.lineTable = new Int32Array(n ** reels);
      const line = new Uint8Array(reels);
      for (let code = 0; code < this.lineTable.length; code += 1) {
        for (let r = reels - 1, rest = code; r >= 0; r -= 1, rest = Math.floor(rest / n)) line[r] = rest % n;
        this.lineTable[code] = this.lineWin(line)[0];
      }
    } else this.lineTable = null;
    this.grid = new Uint8Array(this.cells);
    this.wildMult = new Int32Array(this.cells).fill(1);
    this.counts = new Int32Array(reels * symbols.length);
    this.wildWeight = new Int32Array(reels);
    this.remove = new Uint8Array(this.cells);
    this.stops = new Int32Array(reels);
    this.refill = new Int32Array(reels);
    this.column = new Uint8Array(rows);
    const { freeSpins, cascade, bonus } = config.features;
    this.coins = config.bet.coins;
    this.capCoins = config.maxWin * config.bet.coins;
    this.fsMultiplier = freeSpins?.multiplier ?? 1;
    this.fsRetrigger = freeSpins?.retrigger ?? false;
    this.fsMax = freeSpins?.max ?? 0;
    this.wildMultipliers = freeSpins?.wildMultipliers && this.wild >= 0 ? Int32Array.from(freeSpins.wildMultipliers) : null;
    this.cascades = !!cascade;
    this.keepLevel = cascade?.keepInFreeSpins ?? false;
    this.prizeMultipliers = Int32Array.from(bonus?.prizes ?? [], (x) => x.multiplier);
  }

  /** Reel lengths of the base (or free-spin) strips. */
  reelLengths(free = false): number[] {
    return (free ? this.free : this.base).map((s) => s.length);
  }

  /**
   * A line's best win: [coins, symbol, count]. The wild stands for any normal symbol; the line pays the better of
   * its wild run (if the wild pays) and its substituted run. Scatter and bonus symbols break a line.
   */
  lineWin(line: ArrayLike<number>): [number, number, number] {
    const w = this.wild;
    let wilds = 0;
    while (wilds < this.reels && line[wilds] === w) wilds += 1;
    const first = wilds < this.reels ? line[wilds]! : w;
    let run = wilds;
    const kind = this.config.symbols[first]!.kind;
    if (kind === 'normal') while (run < this.reels && (line[run] === w || line[run] === first)) run += 1;
    const basePay = kind === 'normal' ? this.pays[first * this.maxCount + run]! : 0;
    const wildPay = w >= 0 && wilds > 0 ? this.pays[w * this.maxCount + wilds]! : 0;
    return basePay >= wildPay ? [basePay, first, run] : [wildPay, w, wilds];
  }

  /** Fills the grid from the stops of `strips`. */
  private show(strips: Uint8Array[], stops: Int32Array): void {
    const { rows, grid } = this;
    for (let r = 0; r < this.reels; r += 1) {
      const strip = strips[r]!;
      const len = strip.length;
      let i = stops[r]!;
      for (let row = 0; row < rows; row += 1) {
        grid[r * rows + row] = strip[i]!;
        i += 1;
        if (i === len) i = 0;
      }
    }
  }

  /** Coins of the line wins on the grid (no multipliers); with `wins`, lists them. */
  private evalLines(wins: TSlotWin[] | null): number {
    const grid = this.grid;
    const cells = this.lineCells!;
    const table = this.lineTable!;
    const n = this.nSymbols;
    const end = cells.length;
    let total = 0;
    if (this.reels === 5) {
      // The common shape, unrolled.
      for (let o = 0; o < end; o += 5) {
        total += table[(((grid[cells[o]!]! * n + grid[cells[o + 1]!]!) * n + grid[cells[o + 2]!]!) * n + grid[cells[o + 3]!]!) * n + grid[cells[o + 4]!]!]!;
      }
    } else {
      const reels = this.reels;
      for (let o = 0; o < end; o += reels) {
        let code = 0;
        for (let r = 0; r < reels; r += 1) code = code * n + grid[cells[o + r]!]!;
        total += table[code]!;
      }
    }
    if (wins && total > 0) this.listLineWins(wins);
    return total;
  }

  private listLineWins(wins: TSlotWin[]): void {
    const { grid, reels } = this;
    const cells = this.lineCells!;
    for (let l = 0, o = 0; l < this.lineCount; l += 1, o += reels) {
      const line = Array.from({ length: reels }, (_, r) => grid[cells[o + r]!]!);
      const [coins, symbol, count] = this.lineWin(line);
      if (coins > 0) wins.push({ symbol, count, line: l + 1, coins, cells: Array.from({ length: count }, (_, r) => cells[o + r]!) });
    }
  }

  /**
   * Coins of the ways wins on the grid (no step multiplier; wild multipliers in the ways); marks the winning cells
   * in `remove` when `mark`; with `wins`, lists them.
   */
  private evalWays(mark: boolean, wins: TSlotWin[] | null): number {
    const { grid, rows, reels, nSymbols, counts, wildWeight, wildMult } = this;
    const w = this.wild;
    for (let i = counts.length - 1; i >= 0; i -= 1) counts[i] = 0;
    for (let r = 0; r < reels; r += 1) {
      let ww = 0;
      for (let row = 0; row < rows; row += 1) {
        const cell = r * rows + row;
        const s = grid[cell]!;
        if (s === w) ww += wildMult[cell]!;
        else counts[r * nSymbols + s]! += 1;
      }
      wildWeight[r] = ww;
    }
    let total = 0;
    const paying = this.payingSymbols;
    for (let i = 0; i < paying.length; i += 1) {
      const s = paying[i]!;
      let ways = 1;
      let run = 0;
      while (run < reels) {
        const c = counts[run * nSymbols + s]! + wildWeight[run]!;
        if (c === 0) break;
        ways *= c;
        run += 1;
      }
      const pay = this.pays[s * this.maxCount + run]!;
      if (pay === 0) continue;
      total += pay * ways;
      if (mark) {
        const remove = this.remove;
        const last = run * rows;
        for (let cell = 0; cell < last; cell += 1) {
          const g = grid[cell];
          if (g === s || g === w) remove[cell] = 1;
        }
      }
      if (wins) this.listWaysWin(wins, s, run, ways, pay * ways);
    }
    return total;
  }

  private listWaysWin(wins: TSlotWin[], symbol: number, count: number, ways: number, coins: number): void {
    const cells: number[] = [];
    for (let cell = 0; cell < count * this.rows; cell += 1) {
      const g = this.grid[cell];
      if (g === symbol || g === this.wild) cells.push(cell);
    }
    wins.push({ symbol, count, ways, coins, cells });
  }

  /** Removes the marked cells: the rest fall, new symbols come from the strip above each reel's stop. */
  private tumble(strips: Uint8Array[]): void {
    const { grid, rows, remove, refill, column } = this;
    for (let r = 0; r < this.reels; r += 1) {
      const o = r * rows;
      let kept = 0;
      for (let row = rows - 1; row >= 0; row -= 1) if (!remove[o + row]) column[kept++] = grid[o + row]!;
      if (kept === rows) continue;
      for (let k = 0; k < kept; k += 1) grid[o + rows - 1 - k] = column[k]!;
      const strip = strips[r]!;
      let p = refill[r]!;
      for (let row = rows - kept - 1; row >= 0; row -= 1) {
        p = p === 0 ? strip.length - 1 : p - 1;
        grid[o + row] = strip[p]!;
      }
      refill[r] = p;
    }
    remove.fill(0);
  }

  private cellsOf(symbol: number): number[] {
    const cells: number[] = [];
    for (let c = 0; c < this.cells; c += 1) if (this.grid[c] === symbol) cells.push(c);
    return cells;
  }

  /**
   * One spin (base or free): draws, evaluates, cascades, scatter, bonus. Returns the coins won (multiplied);
   * `this.lastScatters` holds the scatters in view at the end and `this.lastBonus` whether a bonus played.
   * The hot path reads only the machine's own fields (one shape for every title), never the config.
   */
  private spin(source: RandomSource, freeSpin: boolean, record: TSlotSpin | null): number {
    const strips = freeSpin ? this.free : this.base;
    const { stops, refill, grid, cells } = this;
    for (let r = 0; r < this.reels; r += 1) {
      const stop = uniformInt(source, strips[r]!.length);
      stops[r] = stop;
      refill[r] = stop;
    }
    this.show(strips, stops);
    if (record) record.stops = Array.from(stops);
    const spinMult = freeSpin ? this.fsMultiplier : 1;
    const wm = freeSpin ? this.wildMultipliers : null;
    if (wm) {
      for (let c = 0; c < cells; c += 1) {
        if (grid[c] === this.wild) {
          const m = wm[uniformInt(source, wm.length)]!;
          this.wildMult[c] = m;
          if (record) (record.wilds ??= []).push({ cell: c, multiplier: m });
        }
      }
    }
    let win = 0;
    const cascade = this.cascades;
    if (!freeSpin || !this.keepLevel) this.level = 0;
    const lastLevel = this.cascadeMults.length - 1;
    for (;;) {
      const wins: TSlotWin[] | null = record ? [] : null;
      const gridCopy = record ? Array.from(grid) : null;
      const coins = this.lineTable ? this.evalLines(wins) : this.evalWays(cascade, wins);
      const levelMult = cascade ? this.cascadeMults[this.level < lastLevel ? this.level : lastLevel]! : 1;
      const stepWin = coins * levelMult * spinMult;
      win += stepWin;
      if (record) record.steps.push({ grid: gridCopy!, wins: wins!, multiplier: levelMult * spinMult, win: stepWin });
      if (!cascade || coins === 0) break;
      this.level += 1;
      this.tumble(strips);
      // The cap ends a round anyway: no point in tumbling on past it.
      if (win >= this.capCoins) break;
    }
    if (wm) this.wildMult.fill(1);
    let scatters = 0;
    let bonuses = 0;
    for (let c = 0; c < cells; c += 1) {
      const g = grid[c];
      if (g === this.scatter) scatters += 1;
      else if (g === this.bonus) bonuses += 1;
    }
    const scatterWin = this.scatterPays[scatters]! * this.coins * spinMult;
    win += scatterWin;
    if (record) record.scatter = { count: scatters, cells: this.cellsOf(this.scatter), win: scatterWin };
    this.lastScatters = scatters;
    this.lastBonus = false;
    const picks = this.bonusPicks[bonuses]!;
    if (picks > 0) {
      this.lastBonus = true;
      let bonusWin = 0;
      const list: { prize: number; multiplier: number }[] = [];
      for (let k = 0; k < picks; k += 1) {
        const prize = pickWeighted(source, this.prizeWeights);
        const multiplier = this.prizeMultipliers[prize]!;
        bonusWin += multiplier * this.coins;
        if (record) list.push({ prize, multiplier });
      }
      win += bonusWin;
      if (record) record.bonus = { count: bonuses, picks: list, win: bonusWin };
    }
    if (record) record.win = win;
    return win;
  }

  /**
   * One round (base spin and its free spins) in coins, capped at the max win. With `detail` given it is filled
   * in; with `counters` the round is counted. Both the server's `play` and the simulations call this.
   */
  round(source: RandomSource, detail: TSlotDetail | null, counters: TSlotCounters | null): number {
    const cap = this.capCoins;
    const baseRecord = detail ? newSpin() : null;
    let total = this.spin(source, false, baseRecord);
    let bonusTriggered = this.lastBonus;
    let left = this.freeAward[this.lastScatters]!;
    if (left > this.fsMax) left = this.fsMax;
    const triggered = left > 0;
    let awarded = left;
    if (baseRecord) {
      baseRecord.freeSpins = left;
      detail!.base = baseRecord;
    }
    let played = 0;
    this.level = 0;
    while (left > 0 && total < cap) {
      left -= 1;
      played += 1;
      const record = detail ? newSpin() : null;
      total += this.spin(source, true, record);
      if (this.lastBonus) bonusTriggered = true;
      let more = this.fsRetrigger ? this.freeAward[this.lastScatters]! : 0;
      if (awarded + more > this.fsMax) more = this.fsMax - awarded;
      awarded += more;
      left += more;
      if (record) {
        record.freeSpins = more;
        detail!.freeSpins.push(record);
      }
    }
    const capped = total >= cap;
    if (capped) total = cap;
    if (detail) {
      detail.winCoins = total;
      detail.capped = capped;
    }
    if (counters) {
      counters.rounds += 1;
      counters.staked += this.coins;
      counters.won += total;
      const x = total / this.coins;
      counters.sumSq += x * x;
      if (total > 0) counters.hits += 1;
      if (triggered) counters.freeSpinTriggers += 1;
      if (bonusTriggered) counters.bonusTriggers += 1;
      counters.freeSpinsPlayed += played;
      if (capped) counters.capped += 1;
      if (total > counters.maxWinCoins) counters.maxWinCoins = total;
    }
    return total;
  }

  /**
   * The exact RTP and the variance of a round's return of a title without features (no scatter, bonus, free spins
   * or cascades), by enumerating every combination of stops (at most 10^7): [coins won over all combinations,
   * sum of squared coins, combinations]. Null for a title this cannot be done for.
   */
  enumerate(): { won: bigint; squares: bigint; combinations: bigint } | null {
    const f = this.config.features;
    if (f.scatter || f.freeSpins || f.bonus || f.cascade) return null;
    const lengths = this.base.map((s) => s.length);
    const combinations = lengths.reduce((a, b) => a * b, 1);
    if (combinations > 10_000_000) return null;
    let won = 0n;
    let squares = 0n;
    for (let code = 0; code < combinations; code += 1) {
      let rest = code;
      for (let r = this.reels - 1; r >= 0; r -= 1) {
        this.stops[r] = rest % lengths[r]!;
        rest = Math.floor(rest / lengths[r]!);
      }
      this.show(this.base, this.stops);
      const coins = Math.min(this.lineTable ? this.evalLines(null) : this.evalWays(false, null), this.capCoins);
      won += BigInt(coins);
      squares += BigInt(coins) * BigInt(coins);
    }
    return { won, squares, combinations: BigInt(combinations) };
  }

  /** Refuses a bet that is not one of the title's steps. */
  checkBet(input: unknown): number {
    const bet = checkObject(input as TSlotInput).bet as unknown;
    const { steps, coins } = this.config.bet;
    if (typeof bet !== 'number' || !Number.isSafeInteger(bet)) throw new HouseGameInputError('bad_amount', 'the bet must be a whole number of minor units');
    if (bet < steps[0]!) throw new HouseGameInputError('bad_amount', `the bet is below the table's minimum of ${steps[0]}`);
    if (bet > steps[steps.length - 1]!) throw new HouseGameInputError('bad_amount', `the bet is above the table's maximum of ${steps[steps.length - 1]}`);
    if (!steps.includes(bet)) throw new HouseGameInputError('bad_amount', `the bet must be one of the steps (${steps.join(', ')}), ${coins} coins a spin`);
    return bet;
  }

  /** A paid round: stake = the bet, payout = floor(bet × coins won / coins). */
  play(input: TSlotInput, source: RandomSource): { stake: number; payout: number; detail: TSlotDetail } {
    const bet = this.checkBet(input);
    const detail: TSlotDetail = { title: this.config.id, bet, coins: this.config.bet.coins, base: null as unknown as TSlotSpin, freeSpins: [], winCoins: 0, capped: false };
    const coins = this.round(source, detail, null);
    return { stake: bet, payout: mulDivFloor(bet, coins, this.config.bet.coins), detail };
  }
}

/** The `HouseGame` of a title (the registry's engine; the server plays it, the record replays it). */
export function slotEngineGame(config: TSlotConfig): HouseGame<TSlotInput, TSlotDetail> & { machine: SlotMachine; config: TSlotConfig } {
  const machine = new SlotMachine(config);
  return {
    code: config.engine,
    name: config.name,
    machine,
    config,
    play(input, stream) {
      const { stake, payout, detail } = machine.play(input, stream);
      return { stake, payout, validBet: stake, detail };
    },
  };
}

/**
 * Lays a strip out from symbol counts in a fixed shuffled order (Fisher–Yates on a small seeded generator): the
 * strip is data like any other, derived once at load, the same on the server and in the browser.
 */
export function shuffledStrip(counts: Readonly<Record<string, number>>, seed: number, stack = 1): string[] {
  // Blocks of up to `stack` equal symbols are shuffled, so a symbol lands in stacks (fewer distinct symbols in view).
  const blocks = Object.entries(counts).flatMap(([id, n]) =>
    Array.from({ length: Math.ceil(n / stack) }, (_, b) => Array.from({ length: Math.min(stack, n - b * stack) }, () => id)));
  let state = seed >>> 0;
  const next = (): number => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  };
  for (let i = blocks.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [blocks[i], blocks[j]] = [blocks[j]!, blocks[i]!];
  }
  return blocks.flat();
}

/** Strips from per-reel counts: `{ dragon: [2, 2, 3, 3, 3], … }` gives each reel a `shuffledStrip` (seed + reel). */
export function stripsOf(counts: Readonly<Record<string, readonly number[]>>, reels: number, seed: number, stack = 1): string[][] {
  return Array.from({ length: reels }, (_, r) => shuffledStrip(Object.fromEntries(Object.entries(counts).map(([id, n]) => [id, n[r] ?? 0])), seed * 31 + r, stack));
}

/** Paylines of a 5-reel game: the usual first 50 shapes, on 3 or 4 rows. */
export const LINES_5X3: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1], [0, 0, 0, 0, 0], [2, 2, 2, 2, 2], [0, 1, 2, 1, 0], [2, 1, 0, 1, 2],
  [0, 0, 1, 0, 0], [2, 2, 1, 2, 2], [1, 2, 2, 2, 1], [1, 0, 0, 0, 1], [1, 0, 1, 0, 1],
  [1, 2, 1, 2, 1], [0, 1, 0, 1, 0], [2, 1, 2, 1, 2], [1, 1, 0, 1, 1], [1, 1, 2, 1, 1],
  [0, 1, 1, 1, 0], [2, 1, 1, 1, 2], [0, 2, 0, 2, 0], [2, 0, 2, 0, 2], [0, 2, 2, 2, 0],
  [2, 0, 0, 0, 2], [0, 0, 2, 0, 0], [2, 2, 0, 2, 2], [1, 0, 2, 0, 1], [1, 2, 0, 2, 1],
  [0, 1, 2, 2, 2], [2, 1, 0, 0, 0], [0, 0, 0, 1, 2], [2, 2, 2, 1, 0], [0, 0, 1, 2, 2],
];

/** 40 paylines on 5 reels × 4 rows. */
export const LINES_5X4: readonly (readonly number[])[] = [
  [0, 0, 0, 0, 0], [1, 1, 1, 1, 1], [2, 2, 2, 2, 2], [3, 3, 3, 3, 3], [0, 1, 2, 1, 0],
  [1, 2, 3, 2, 1], [3, 2, 1, 2, 3], [2, 1, 0, 1, 2], [0, 1, 0, 1, 0], [1, 2, 1, 2, 1],
  [2, 3, 2, 3, 2], [3, 2, 3, 2, 3], [2, 1, 2, 1, 2], [1, 0, 1, 0, 1], [0, 0, 1, 0, 0],
  [1, 1, 2, 1, 1], [2, 2, 3, 2, 2], [3, 3, 2, 3, 3], [2, 2, 1, 2, 2], [1, 1, 0, 1, 1],
  [0, 1, 1, 1, 0], [1, 2, 2, 2, 1], [2, 3, 3, 3, 2], [3, 2, 2, 2, 3], [2, 1, 1, 1, 2],
  [1, 0, 0, 0, 1], [0, 0, 0, 1, 2], [1, 1, 1, 2, 3], [3, 3, 3, 2, 1], [2, 2, 2, 1, 0],
  [0, 1, 2, 3, 3], [3, 2, 1, 0, 0], [0, 0, 1, 2, 3], [3, 3, 2, 1, 0], [1, 0, 0, 1, 2],
  [2, 3, 3, 2, 1], [0, 2, 0, 2, 0], [3, 1, 3, 1, 3], [1, 3, 1, 3, 1], [2, 0, 2, 0, 2],
];

/** 5 paylines of a 3 × 3 classic. */
export const LINES_3X3: readonly (readonly number[])[] = [[1, 1, 1], [0, 0, 0], [2, 2, 2], [0, 1, 2], [2, 1, 0]];
