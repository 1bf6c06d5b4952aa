import { STAKES } from '../stakes.ts';
import { uniformInt, type RandomSource } from './fair.ts';
import type { HandGame, HandRound } from './hand-game.ts';
import { checkAmount, checkObject, HouseGameInputError, mulDivFloor } from './house-game.ts';

/**
 * Mines (issue 21), a `hand` game: a 5 × 5 grid hides 1 to 24 mines, placed at the start from the round's fair
 * stream (a partial Fisher–Yates over the 25 cells: the first `mines` cells it picks). Each safe reveal raises the
 * multiplier to the fair one times 0.99: after k safe picks with m mines, 0.99 × C(25, k) / C(25 − m, k), so the
 * return is 99 % for every number of mines and every moment of cashing out (E[payout] = 0.99 × stake at any
 * stopping time after the first reveal). Cash out any time after a reveal; a mine ends the round with 0; the last
 * safe cell cashes out by itself. A round whose next reveal could pay more than MINES_MAX_WIN cashes out by itself
 * at the multiplier reached (a stopping rule like any other, so the 99 % holds). Payouts round down to the minor unit.
 */

export const MINES_CELLS = 25;
export const MINES_RTP = 0.99;
/** One round's stake: 1,000 ₫ to 100,000 ₫. */
export const MINES_LIMITS = { min: STAKES.minStake, max: 100 * STAKES.minStake } as const;
/** The most one round pays (100,000,000 ₫): far under the ledger's posting limit. */
export const MINES_MAX_WIN = 10_000_000_000;

export interface TMinesInput {
  stake: number;
  mines: number;
}
/** A cell to reveal (0..24, row by row) or cashing out. */
export type TMinesAction = number | 'cashout';

/** C(n, k) exactly (n ≤ 25 keeps it far inside a double's integers). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i += 1) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** The multiplier after `picks` safe reveals with `mines` mines, as the exact fraction numerator / denominator. */
export function minesMultiplier(mines: number, picks: number): { numerator: number; denominator: number; value: number } {
  if (picks === 0) return { numerator: 1, denominator: 1, value: 1 };
  const numerator = 99 * choose(MINES_CELLS, picks);
  const denominator = 100 * choose(MINES_CELLS - mines, picks);
  return { numerator, denominator, value: numerator / denominator };
}

/** What `stake` is worth after `picks` safe reveals. */
export const minesPayout = (stake: number, mines: number, picks: number): number => {
  const m = minesMultiplier(mines, picks);
  return mulDivFloor(stake, m.numerator, m.denominator);
};

/** The mine cells of a round (sorted), drawn from its stream. */
export function placeMines(mines: number, source: RandomSource): number[] {
  const cells = Array.from({ length: MINES_CELLS }, (_, i) => i);
  for (let i = 0; i < mines; i += 1) {
    const j = i + uniformInt(source, MINES_CELLS - i);
    const c = cells[j] as number;
    cells[j] = cells[i] as number;
    cells[i] = c;
  }
  return cells.slice(0, mines).sort((a, b) => a - b);
}

export interface TMinesView {
  stake: number;
  mines: number;
  /** Cells revealed safe, in the order picked. */
  revealed: number[];
  /** The mine that ended the round, if one did. */
  hit: number | null;
  /** Every mine, once the round is over (empty while it is open). */
  mineCells: number[];
  multiplier: number;
  /** The multiplier the next safe reveal would give (null once over or when no safe cell is left). */
  nextMultiplier: number | null;
  over: boolean;
  cashedOut: boolean;
  staked: number;
  payout: number;
  validBet: number;
}

export class MinesRound implements HandRound<TMinesAction, TMinesView> {
  readonly revealed: number[] = [];
  hit: number | null = null;
  over = false;
  cashedOut = false;
  payout = 0;
  validBet = 0;
  private readonly isMine = new Uint8Array(MINES_CELLS);

  constructor(readonly stake: number, readonly mines: number, private readonly mineCells: readonly number[]) {
    for (const c of mineCells) this.isMine[c] = 1;
  }

  get staked(): number {
    return this.stake;
  }

  get legal(): TMinesAction[] {
    if (this.over) return [];
    const out: TMinesAction[] = [];
    for (let c = 0; c < MINES_CELLS; c += 1) if (!this.revealed.includes(c)) out.push(c);
    if (this.revealed.length > 0) out.push('cashout');
    return out;
  }

  costOf(): number {
    return 0;
  }

  act(action: TMinesAction): void {
    if (this.over) throw new HouseGameInputError('unknown_option', 'This round is over');
    if (action === 'cashout') {
      if (this.revealed.length === 0) throw new HouseGameInputError('unknown_option', 'Reveal a tile before cashing out');
      this.cashOut();
      return;
    }
    if (this.revealed.includes(action)) throw new HouseGameInputError('unknown_option', 'That tile is already revealed');
    if (this.isMine[action]) {
      this.hit = action;
      this.over = true;
      this.payout = 0;
      this.validBet = this.stake;
      return;
    }
    this.revealed.push(action);
    const k = this.revealed.length;
    if (k === MINES_CELLS - this.mines || minesPayout(this.stake, this.mines, k + 1) > MINES_MAX_WIN) this.cashOut();
  }

  private cashOut(): void {
    this.over = true;
    this.cashedOut = true;
    this.payout = minesPayout(this.stake, this.mines, this.revealed.length);
    this.validBet = this.stake;
  }

  view(): TMinesView {
    const k = this.revealed.length;
    return {
      stake: this.stake,
      mines: this.mines,
      revealed: [...this.revealed],
      hit: this.hit,
      mineCells: this.over ? [...this.mineCells] : [],
      multiplier: minesMultiplier(this.mines, k).value,
      nextMultiplier: this.over || k >= MINES_CELLS - this.mines ? null : minesMultiplier(this.mines, k + 1).value,
      over: this.over,
      cashedOut: this.cashedOut,
      staked: this.stake,
      payout: this.payout,
      validBet: this.validBet,
    };
  }
}

export const minesGame: HandGame<TMinesInput, TMinesAction, TMinesView> = {
  code: 'HOUSE_MINES',
  limits: MINES_LIMITS,
  checkStart(input) {
    const o = checkObject(input as object) as Record<string, unknown>;
    for (const k of Object.keys(o)) if (k !== 'stake' && k !== 'mines') throw new HouseGameInputError('bad_input', `unknown field ${k}`);
    const stake = checkAmount(o.stake, 'the stake', MINES_LIMITS.min);
    if (stake > MINES_LIMITS.max) throw new HouseGameInputError('bad_amount', `the stake must be at most ${MINES_LIMITS.max}`);
    const mines = o.mines;
    if (typeof mines !== 'number' || !Number.isInteger(mines) || mines < 1 || mines > 24) throw new HouseGameInputError('unknown_option', 'the mines must be a whole number from 1 to 24');
    return { stake, mines };
  },
  checkAction(action) {
    if (action === 'cashout') return action;
    if (typeof action === 'number' && Number.isInteger(action) && action >= 0 && action < MINES_CELLS) return action;
    throw new HouseGameInputError('unknown_option', 'the action must be a tile 0 to 24 or cashout');
  },
  replay(input, actions, stream) {
    const round = new MinesRound(input.stake, input.mines, placeMines(input.mines, stream));
    for (const a of actions) round.act(a);
    return round;
  },
  abandon(round) {
    return (round as MinesRound).revealed.length > 0 ? 'cashout' : 'refund';
  },
};
