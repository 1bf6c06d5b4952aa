import { STAKES } from '../stakes.ts';
import { uniformInt, type RandomSource } from './fair.ts';
import { checkObject, HouseGameInputError, ratio, type ExactRatio, type HouseGame } from './house-game.ts';

/**
 * European roulette (issue 21): one zero, 37 pockets, one ball `uniformInt(37)` per round, any number of bets on
 * the full board in one round. A bet covering k numbers returns 36/k times its stake (stake included): straight
 * 35:1, split 17:1, street and trio 11:1, corner and the first four (0-1-2-3) 8:1, six line 5:1, dozen and column
 * 2:1, red/black, even/odd, low/high 1:1. Every bet returns 36/37 of its stake on average. Zero loses every outside
 * bet (no la partage). Inside bets name their numbers; the board's groups are checked (a split is two adjacent
 * numbers, a corner four that meet at one point, …).
 */

export const ROULETTE_POCKETS = 37;
export const RED_NUMBERS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export type TRouletteColour = 'red' | 'black' | 'green';
export const colourOf = (n: number): TRouletteColour => (n === 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black');

export const INSIDE_BETS = ['straight', 'split', 'street', 'trio', 'corner', 'basket', 'sixline'] as const;
export const GROUP_BETS = ['dozen', 'column'] as const;
export const EVEN_BETS = ['red', 'black', 'even', 'odd', 'low', 'high'] as const;
export const ROULETTE_BET_TYPES = [...INSIDE_BETS, ...GROUP_BETS, ...EVEN_BETS] as const;
export type TRouletteBetType = (typeof ROULETTE_BET_TYPES)[number];

/** How many numbers each bet covers; the payout is 36 / k times the stake. */
export const ROULETTE_COVERS: Record<TRouletteBetType, number> = {
  straight: 1, split: 2, street: 3, trio: 3, corner: 4, basket: 4, sixline: 6, dozen: 12, column: 12,
  red: 18, black: 18, even: 18, odd: 18, low: 18, high: 18,
};

/** The "x : 1" a winning bet pays (besides the stake back). */
export const roulettePaysToOne = (type: TRouletteBetType): number => 36 / ROULETTE_COVERS[type] - 1;

export interface TTableLimit {
  /** Smallest stake of one bet, minor units. */
  min: number;
  /** Largest stake of one bet, minor units. */
  max: number;
}

/**
 * Table limits per bet (minor units): the currency's smallest stake (1,000 ₫) up to a maximum that keeps the
 * largest win of one bet at about 7,000,000 ₫ inside and 10,000,000 ₫ outside; a round's bets together at most
 * `ROULETTE_MAX_TOTAL`.
 */
const insideMax = (k: number) => Math.min(20_000_000 * k, 100_000_000);
export const ROULETTE_LIMITS: Record<TRouletteBetType, TTableLimit> = Object.fromEntries(
  ROULETTE_BET_TYPES.map((type) => [type, { min: STAKES.minStake, max: ROULETTE_COVERS[type] <= 6 ? insideMax(ROULETTE_COVERS[type]) : 100_000_000 }]),
) as Record<TRouletteBetType, TTableLimit>;
export const ROULETTE_MAX_TOTAL = 500_000_000;
/** At most this many bets in a round (the board has 157 spots). */
export const ROULETTE_MAX_BETS = 160;

const key = (numbers: readonly number[]) => numbers.join('-');

/** Every valid inside group, by bet type, as sorted number lists ("17-20" is a split). */
function insideGroups(): Record<(typeof INSIDE_BETS)[number], string[]> {
  const straight: string[] = [];
  const split: string[] = ['0-1', '0-2', '0-3'];
  const street: string[] = [];
  const corner: string[] = [];
  const sixline: string[] = [];
  for (let n = 0; n <= 36; n += 1) straight.push(String(n));
  for (let n = 1; n <= 36; n += 1) {
    if (n % 3 !== 0) split.push(key([n, n + 1]));
    if (n <= 33) split.push(key([n, n + 3]));
    if (n % 3 !== 0 && n <= 32) corner.push(key([n, n + 1, n + 3, n + 4]));
  }
  for (let row = 0; row < 12; row += 1) {
    const a = row * 3 + 1;
    street.push(key([a, a + 1, a + 2]));
    if (row < 11) sixline.push(key([a, a + 1, a + 2, a + 3, a + 4, a + 5]));
  }
  return { straight, split, street, trio: ['0-1-2', '0-2-3'], corner, basket: ['0-1-2-3'], sixline };
}

export const ROULETTE_GROUPS = insideGroups();
const GROUP_SETS = Object.fromEntries(Object.entries(ROULETTE_GROUPS).map(([type, list]) => [type, new Set(list)])) as Record<(typeof INSIDE_BETS)[number], Set<string>>;

export interface TRouletteBet {
  type: TRouletteBetType;
  /** Inside bets: the numbers covered (any order); dozen and column: 1, 2 or 3; even-money bets: none. */
  selection?: number[] | number;
  amount: number;
}

export type TRouletteInput = { bets: TRouletteBet[] };

/** A bet as the round records it: numbers sorted (inside), the group number (dozen/column). */
export interface TRouletteSettledBet {
  type: TRouletteBetType;
  selection: number[] | number | null;
  stake: number;
  payout: number;
  win: boolean;
}

export interface RouletteDetail {
  number: number;
  colour: TRouletteColour;
  bets: TRouletteSettledBet[];
}

/** Whether the bet (as recorded) wins on the number. */
export function rouletteWins(type: TRouletteBetType, selection: number[] | number | null, n: number): boolean {
  switch (type) {
    case 'dozen': return n !== 0 && Math.ceil(n / 12) === selection;
    case 'column': return n !== 0 && ((n - 1) % 3) + 1 === selection;
    case 'red': return RED_NUMBERS.has(n);
    case 'black': return n !== 0 && !RED_NUMBERS.has(n);
    case 'even': return n !== 0 && n % 2 === 0;
    case 'odd': return n % 2 === 1;
    case 'low': return n >= 1 && n <= 18;
    case 'high': return n >= 19;
    default: return Array.isArray(selection) && selection.includes(n);
  }
}

/** Numbers a bet covers (for highlighting on the page and the tests). */
export function rouletteCovered(type: TRouletteBetType, selection: number[] | number | null): number[] {
  const out: number[] = [];
  for (let n = 0; n < ROULETTE_POCKETS; n += 1) if (rouletteWins(type, selection, n)) out.push(n);
  return out;
}

/** A checked bet's recorded selection; throws `unknown_option` for a bet the board does not have. */
function checkSelection(type: TRouletteBetType, selection: unknown): number[] | number | null {
  if ((INSIDE_BETS as readonly string[]).includes(type)) {
    if (!Array.isArray(selection) || !selection.every((n) => Number.isInteger(n))) throw new HouseGameInputError('unknown_option', `a ${type} bet names its numbers`);
    const sorted = [...(selection as number[])].sort((a, b) => a - b);
    if (!GROUP_SETS[type as (typeof INSIDE_BETS)[number]].has(key(sorted))) throw new HouseGameInputError('unknown_option', `${key(sorted)} is not a ${type} on the board`);
    return sorted;
  }
  if ((GROUP_BETS as readonly string[]).includes(type)) {
    if (selection !== 1 && selection !== 2 && selection !== 3) throw new HouseGameInputError('unknown_option', `a ${type} bet names 1, 2 or 3`);
    return selection;
  }
  if (selection !== undefined && selection !== null) throw new HouseGameInputError('unknown_option', `a ${type} bet names no numbers`);
  return null;
}

/** Refuses a stake outside the bet's table limit. */
export function checkLimit(amount: unknown, limit: TTableLimit, what: string): number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < limit.min || amount > limit.max) {
    throw new HouseGameInputError('bad_amount', `${what} must be a whole number of minor units from ${limit.min} to ${limit.max}`);
  }
  return amount;
}

/** The opposite even-money pairs: a round's stake covering both sides of one is no turnover (validBet). */
const OPPOSITES = [['red', 'black'], ['even', 'odd'], ['low', 'high']] as const;

/** Checks a round's bets and returns them as they are recorded (unsettled). */
export function checkRouletteBets(input: unknown): Omit<TRouletteSettledBet, 'payout' | 'win'>[] {
  const { bets } = checkObject(input as TRouletteInput);
  if (!Array.isArray(bets) || bets.length === 0) throw new HouseGameInputError('bad_input', 'place at least one bet');
  if (bets.length > ROULETTE_MAX_BETS) throw new HouseGameInputError('bad_input', `at most ${ROULETTE_MAX_BETS} bets in a round`);
  const seen = new Set<string>();
  let total = 0;
  const out = bets.map((bet: TRouletteBet) => {
    checkObject(bet);
    const type = bet.type;
    if (!(ROULETTE_BET_TYPES as readonly string[]).includes(type)) throw new HouseGameInputError('unknown_option', `unknown roulette bet "${String(type)}"`);
    const selection = checkSelection(type, bet.selection);
    const spot = `${type}:${Array.isArray(selection) ? key(selection) : String(selection)}`;
    if (seen.has(spot)) throw new HouseGameInputError('bad_input', `the ${type} bet is placed twice`);
    seen.add(spot);
    const stake = checkLimit(bet.amount, ROULETTE_LIMITS[type], `the ${type} bet`);
    total += stake;
    return { type, selection, stake };
  });
  if (total > ROULETTE_MAX_TOTAL) throw new HouseGameInputError('bad_amount', `a round's bets are at most ${ROULETTE_MAX_TOTAL} minor units together`);
  return out;
}

/** The turnover of a round: its stakes less both sides of any hedged even-money pair. */
export function hedgedValidBet(total: number, stakeOf: (type: string) => number, pairs: readonly (readonly [string, string])[]): number {
  let valid = total;
  for (const [a, b] of pairs) valid -= 2 * Math.min(stakeOf(a), stakeOf(b));
  return valid;
}

export const spinBall = (stream: RandomSource): number => uniformInt(stream, ROULETTE_POCKETS);

export const rouletteGame: HouseGame<TRouletteInput, RouletteDetail> = {
  code: 'HOUSE_ROULETTE_EU',
  name: 'European Roulette',
  play(input, stream) {
    const bets = checkRouletteBets(input);
    const number = spinBall(stream);
    let stake = 0;
    let payout = 0;
    const settled = bets.map((b) => {
      const win = rouletteWins(b.type, b.selection, number);
      const paid = win ? (b.stake * 36) / ROULETTE_COVERS[b.type] : 0;
      stake += b.stake;
      payout += paid;
      return { ...b, payout: paid, win };
    });
    const stakeOf = (type: string) => bets.reduce((s, b) => s + (b.type === type ? b.stake : 0), 0);
    // Red and black (or even/odd, low/high) together: the covered part is no turnover (docs: decisions, T1).
    return { stake, payout, validBet: hedgedValidBet(stake, stakeOf, OPPOSITES), detail: { number, colour: colourOf(number), bets: settled } };
  },
};

/** Every roulette bet's exact return: (36/k)·(k/37) = 36/37. */
export function rouletteRtp(type: TRouletteBetType): ExactRatio {
  const k = BigInt(ROULETTE_COVERS[type]);
  return ratio(36n * k, k * 37n);
}
