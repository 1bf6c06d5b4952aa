import { STAKES } from '../stakes.ts';
import { uniformInt, type RandomSource } from './fair.ts';
import { checkObject, HouseGameInputError, ratio, type ExactRatio, type HouseGame } from './house-game.ts';
import { checkLimit, hedgedValidBet, type TTableLimit } from './roulette.ts';

/**
 * Sic bo (issue 21), the Macau table: three dice, each `1 + uniformInt(6)`, any number of bets in one round.
 * Big (11–17) and small (4–10) 1:1, odd and even 1:1 — all four lose on a triple; a specific triple 180:1; any
 * triple 30:1; a specific double 10:1; a total 4–17 by the standard table (60, 30, 17, 12, 8, 6, 6 : 1); a
 * two-dice combination 5:1; a single number 1:1, 2:1 or 3:1 as it shows on one, two or three dice. Published
 * returns are exact, from the 216 equally likely throws (`sicboRtp`).
 */

export const SICBO_BET_TYPES = ['small', 'big', 'odd', 'even', 'triple', 'anyTriple', 'double', 'total', 'combo', 'single'] as const;
export type TSicboBetType = (typeof SICBO_BET_TYPES)[number];

/** "x : 1" of a total (4..17). */
export const SICBO_TOTAL_PAYS: Readonly<Record<number, number>> = { 4: 60, 5: 30, 6: 17, 7: 12, 8: 8, 9: 6, 10: 6, 11: 6, 12: 6, 13: 8, 14: 12, 15: 17, 16: 30, 17: 60 };

/** "x : 1" of the bets with one payout. */
export const SICBO_PAYS: Record<Exclude<TSicboBetType, 'total' | 'single'>, number> = { small: 1, big: 1, odd: 1, even: 1, triple: 180, anyTriple: 30, double: 10, combo: 5 };
/** A single number pays 1, 2 or 3 : 1 when it shows on one, two or three dice. */
export const SICBO_SINGLE_PAYS = [0, 1, 2, 3] as const;

/**
 * Table limits per bet (minor units): from the smallest stake (1,000 ₫) to 1,000,000 ₫ on the even-money bets and
 * less where the payout is higher (a win of one bet stays near 10,000,000 ₫ or below).
 */
export const SICBO_LIMITS: Record<TSicboBetType, TTableLimit> = {
  small: { min: STAKES.minStake, max: 100_000_000 },
  big: { min: STAKES.minStake, max: 100_000_000 },
  odd: { min: STAKES.minStake, max: 100_000_000 },
  even: { min: STAKES.minStake, max: 100_000_000 },
  triple: { min: STAKES.minStake, max: 5_000_000 },
  anyTriple: { min: STAKES.minStake, max: 20_000_000 },
  double: { min: STAKES.minStake, max: 50_000_000 },
  total: { min: STAKES.minStake, max: 10_000_000 },
  combo: { min: STAKES.minStake, max: 100_000_000 },
  single: { min: STAKES.minStake, max: 100_000_000 },
};
export const SICBO_MAX_TOTAL = 500_000_000;
/** The board has 50 spots. */
export const SICBO_MAX_BETS = 60;

export interface TSicboBet {
  type: TSicboBetType;
  /** triple, double, single: a face 1..6; total: 4..17; combo: two different faces; the rest: none. */
  selection?: number | number[];
  amount: number;
}
export type TSicboInput = { bets: TSicboBet[] };

export interface TSicboSettledBet {
  type: TSicboBetType;
  selection: number | number[] | null;
  stake: number;
  payout: number;
  win: boolean;
}

export interface SicboDetail {
  dice: [number, number, number];
  total: number;
  triple: boolean;
  bets: TSicboSettledBet[];
}

const isFace = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 6;

/** The recorded selection of a bet; throws `unknown_option` for a bet the board does not have. */
function checkSelection(type: TSicboBetType, selection: unknown): number | number[] | null {
  switch (type) {
    case 'triple': case 'double': case 'single':
      if (!isFace(selection)) throw new HouseGameInputError('unknown_option', `a ${type} bet names a face from 1 to 6`);
      return selection;
    case 'total':
      if (!Number.isInteger(selection) || (selection as number) < 4 || (selection as number) > 17) throw new HouseGameInputError('unknown_option', 'a total bet names 4 to 17');
      return selection as number;
    case 'combo': {
      if (!Array.isArray(selection) || selection.length !== 2 || !selection.every(isFace) || selection[0] === selection[1]) {
        throw new HouseGameInputError('unknown_option', 'a combination names two different faces');
      }
      return [...(selection as number[])].sort((a, b) => a - b);
    }
    default:
      if (selection !== undefined && selection !== null) throw new HouseGameInputError('unknown_option', `a ${type} bet names nothing`);
      return null;
  }
}

/**
 * What a bet returns per unit staked on a throw (stake included; 0 for a loss). The hot path of the simulation:
 * no allocation.
 */
export function sicboReturn(type: TSicboBetType, selection: number | number[] | null, a: number, b: number, c: number): number {
  const total = a + b + c;
  const triple = a === b && b === c;
  switch (type) {
    case 'small': return !triple && total <= 10 ? 2 : 0;
    case 'big': return !triple && total >= 11 ? 2 : 0;
    case 'odd': return !triple && total % 2 === 1 ? 2 : 0;
    case 'even': return !triple && total % 2 === 0 ? 2 : 0;
    case 'triple': return triple && a === selection ? 181 : 0;
    case 'anyTriple': return triple ? 31 : 0;
    case 'double': {
      const n = (a === selection ? 1 : 0) + (b === selection ? 1 : 0) + (c === selection ? 1 : 0);
      return n >= 2 ? 11 : 0;
    }
    case 'total': return total === selection ? (SICBO_TOTAL_PAYS[total] as number) + 1 : 0;
    case 'combo': {
      const [x, y] = selection as number[];
      const hasX = a === x || b === x || c === x;
      const hasY = a === y || b === y || c === y;
      return hasX && hasY ? 6 : 0;
    }
    case 'single': {
      const n = (a === selection ? 1 : 0) + (b === selection ? 1 : 0) + (c === selection ? 1 : 0);
      return n === 0 ? 0 : (SICBO_SINGLE_PAYS[n] as number) + 1;
    }
  }
}

/** Checks a round's bets and returns them as they are recorded (unsettled). */
export function checkSicboBets(input: unknown): Omit<TSicboSettledBet, 'payout' | 'win'>[] {
  const { bets } = checkObject(input as TSicboInput);
  if (!Array.isArray(bets) || bets.length === 0) throw new HouseGameInputError('bad_input', 'place at least one bet');
  if (bets.length > SICBO_MAX_BETS) throw new HouseGameInputError('bad_input', `at most ${SICBO_MAX_BETS} bets in a round`);
  const seen = new Set<string>();
  let total = 0;
  const out = bets.map((bet: TSicboBet) => {
    checkObject(bet);
    const type = bet.type;
    if (!(SICBO_BET_TYPES as readonly string[]).includes(type)) throw new HouseGameInputError('unknown_option', `unknown sic bo bet "${String(type)}"`);
    const selection = checkSelection(type, bet.selection);
    const spot = `${type}:${Array.isArray(selection) ? selection.join('-') : String(selection)}`;
    if (seen.has(spot)) throw new HouseGameInputError('bad_input', `the ${type} bet is placed twice`);
    seen.add(spot);
    const stake = checkLimit(bet.amount, SICBO_LIMITS[type], `the ${type} bet`);
    total += stake;
    return { type, selection, stake };
  });
  if (total > SICBO_MAX_TOTAL) throw new HouseGameInputError('bad_amount', `a round's bets are at most ${SICBO_MAX_TOTAL} minor units together`);
  return out;
}

export const rollDie = (stream: RandomSource): number => 1 + uniformInt(stream, 6);

export const sicboGame: HouseGame<TSicboInput, SicboDetail> = {
  code: 'HOUSE_SICBO',
  name: 'Sic Bo',
  play(input, stream) {
    const bets = checkSicboBets(input);
    const dice: [number, number, number] = [rollDie(stream), rollDie(stream), rollDie(stream)];
    const [a, b, c] = dice;
    let stake = 0;
    let payout = 0;
    const settled = bets.map((bet) => {
      const paid = bet.stake * sicboReturn(bet.type, bet.selection, a, b, c);
      stake += bet.stake;
      payout += paid;
      return { ...bet, payout: paid, win: paid > 0 };
    });
    const stakeOf = (type: string) => bets.reduce((s, x) => s + (x.type === type ? x.stake : 0), 0);
    return {
      stake,
      payout,
      // Big with small (odd with even) covers both sides: that part is no turnover, like roulette's red and black.
      validBet: hedgedValidBet(stake, stakeOf, [['big', 'small'], ['odd', 'even']]),
      detail: { dice, total: a + b + c, triple: a === b && b === c, bets: settled },
    };
  },
};

/** The selections a bet type offers, in board order (for the RTP table and the page). */
export function sicboSelections(type: TSicboBetType): (number | number[] | null)[] {
  switch (type) {
    case 'triple': case 'double': case 'single': return [1, 2, 3, 4, 5, 6];
    case 'total': return Array.from({ length: 14 }, (_, i) => i + 4);
    case 'combo': {
      const out: number[][] = [];
      for (let x = 1; x <= 6; x += 1) for (let y = x + 1; y <= 6; y += 1) out.push([x, y]);
      return out;
    }
    default: return [null];
  }
}

/** A bet's exact return to player over the 216 throws: Σ return / 216. */
export function sicboRtp(type: TSicboBetType, selection: number | number[] | null): ExactRatio {
  let sum = 0;
  for (let a = 1; a <= 6; a += 1) for (let b = 1; b <= 6; b += 1) for (let c = 1; c <= 6; c += 1) sum += sicboReturn(type, selection, a, b, c);
  return ratio(BigInt(sum), 216n);
}

/** A bet's chance of winning over the 216 throws, as a count of throws. */
export function sicboWinningThrows(type: TSicboBetType, selection: number | number[] | null): number {
  let n = 0;
  for (let a = 1; a <= 6; a += 1) for (let b = 1; b <= 6; b += 1) for (let c = 1; c <= 6; c += 1) if (sicboReturn(type, selection, a, b, c) > 0) n += 1;
  return n;
}
