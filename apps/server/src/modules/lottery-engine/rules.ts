import type { LOTTERY_BET_TYPES } from '@playhall/contract/calls/games';
import { loCount, STRUCTURES, validateResultTable, type TResultTable, type TStructure } from './structures.ts';

/**
 * Bet types, what a ticket may pick, what it is charged and how it is settled (shared/domain/lottery.md,
 * "Bet types" and "SEA"). Stakes are per number, except for combinations (xiên, lô trượt), staked once.
 */

export type TLotteryBetType = (typeof LOTTERY_BET_TYPES)[number];

export interface TBetRule {
  code: TLotteryBetType;
  /** Digits of each picked number (1 for đầu/đuôi and run bets). */
  digits: number;
  minNumbers: number;
  maxNumbers: number;
  /** The numbers form one combination, staked and charged once. */
  combo: boolean;
  structures: TStructure[];
}

const VN: TStructure[] = ['north', 'southCentral'];
const SEA: TStructure[] = ['sea'];

function rule(code: TLotteryBetType, digits: number, minNumbers: number, maxNumbers: number, combo: boolean, structures: TStructure[]): TBetRule {
  return { code, digits, minNumbers, maxNumbers, combo, structures };
}

/**
 * Non-combination bets may pick every value of their digits, capped at 1,000 numbers — the most a bet of
 * `lottery.placeBets` carries (so lô 4 and 3 càng stop at 1,000 of their 10,000 / 1,000 values).
 */
export const BET_RULES: Record<TLotteryBetType, TBetRule> = {
  lo2: rule('lo2', 2, 1, 100, false, VN),
  lo3: rule('lo3', 3, 1, 1000, false, VN),
  lo4: rule('lo4', 4, 1, 1000, false, VN),
  de: rule('de', 2, 1, 100, false, VN),
  deHead: rule('deHead', 1, 1, 10, false, VN),
  deTail: rule('deTail', 1, 1, 10, false, VN),
  deFirst: rule('deFirst', 2, 1, 100, false, ['north']),
  threeCang: rule('threeCang', 3, 1, 1000, false, VN),
  xien2: rule('xien2', 2, 2, 2, true, VN),
  xien3: rule('xien3', 2, 3, 3, true, VN),
  xien4: rule('xien4', 2, 4, 4, true, VN),
  loTruot4: rule('loTruot4', 2, 4, 4, true, VN),
  loTruot8: rule('loTruot8', 2, 8, 8, true, VN),
  loTruot10: rule('loTruot10', 2, 10, 10, true, VN),
  sea3Top: rule('sea3Top', 3, 1, 1000, false, SEA),
  sea3Tod: rule('sea3Tod', 3, 1, 1000, false, SEA),
  sea2Top: rule('sea2Top', 2, 1, 100, false, SEA),
  sea2Bottom: rule('sea2Bottom', 2, 1, 100, false, SEA),
  seaRunTop: rule('seaRunTop', 1, 1, 10, false, SEA),
  seaRunBottom: rule('seaRunBottom', 1, 1, 10, false, SEA),
};

/** Display names, as players know them. */
export const BET_NAMES: Record<TLotteryBetType, string> = {
  lo2: 'Lô 2 số',
  lo3: 'Lô 3 số',
  lo4: 'Lô 4 số',
  de: 'Đề đặc biệt',
  deHead: 'Đề đầu',
  deTail: 'Đề đuôi',
  deFirst: 'Đề giải nhất',
  threeCang: '3 càng',
  xien2: 'Xiên 2',
  xien3: 'Xiên 3',
  xien4: 'Xiên 4',
  loTruot4: 'Lô trượt 4',
  loTruot8: 'Lô trượt 8',
  loTruot10: 'Lô trượt 10',
  sea3Top: '3 top',
  sea3Tod: '3 tod',
  sea2Top: '2 top',
  sea2Bottom: '2 bottom',
  seaRunTop: 'Run top',
  seaRunBottom: 'Run bottom',
};

export function isOffered(code: TLotteryBetType, structure: TStructure): boolean {
  return BET_RULES[code].structures.includes(structure);
}

/** The bet type's rule; throws a RangeError when the structure does not offer it. */
export function assertOffered(code: TLotteryBetType, structure: TStructure): TBetRule {
  const betRule = BET_RULES[code];
  if (!betRule.structures.includes(structure)) throw new RangeError(`${code} is not offered on ${structure} draws`);
  return betRule;
}

/** Digits of the lô each lô bet counts over; other bets are absent. */
const LO_DIGITS: Partial<Record<TLotteryBetType, number>> = { lo2: 2, lo3: 3, lo4: 4 };

/**
 * How many times the stake per number is charged: lô k is charged once per number of the result it counts
 * (lo2 27 north / 18 southCentral, lo3 23 / 17, lo4 20 / 16); every other bet once.
 * Throws when the bet type is not offered on the structure.
 */
export function chargeMultiplier(code: TLotteryBetType, structure: TStructure): number {
  assertOffered(code, structure);
  const digits = LO_DIGITS[code];
  return digits === undefined ? 1 : loCount(structure, digits);
}

const NUMBER_OF_DIGITS = /^[0-9]+$/;

/**
 * Checks a bet's numbers and gives them in their stored form: each exactly `digits` digits as a string ('07'),
 * no duplicates, a count within the rule's bounds (combinations: exactly 2/3/4 or 4/8/10), a bet type offered
 * on the structure. Combinations come back sorted ascending (one combination, one spelling); other bets keep
 * the player's order.
 */
export function normaliseNumbers(
  code: TLotteryBetType,
  structure: TStructure,
  numbers: readonly string[],
): { ok: true; numbers: string[] } | { ok: false; reason: string } {
  const betRule = BET_RULES[code];
  if (!betRule.structures.includes(structure)) return { ok: false, reason: `${code} is not offered on ${structure} draws` };
  const { minNumbers, maxNumbers, digits } = betRule;
  if (numbers.length < minNumbers || numbers.length > maxNumbers) {
    const wanted = minNumbers === maxNumbers ? `exactly ${minNumbers}` : `${minNumbers} to ${maxNumbers}`;
    return { ok: false, reason: `${code} takes ${wanted} number(s), got ${numbers.length}` };
  }
  const seen = new Set<string>();
  for (const n of numbers) {
    if (n.length !== digits || !NUMBER_OF_DIGITS.test(n)) return { ok: false, reason: `${code} numbers have ${digits} digit(s): "${n}" does not` };
    if (seen.has(n)) return { ok: false, reason: `${n} is picked twice` };
    seen.add(n);
  }
  // Same-length digit strings sort like their values.
  return { ok: true, numbers: betRule.combo ? [...numbers].sort() : [...numbers] };
}

/**
 * A result prepared for settling many tickets: per-value hit counts of the lô and the prizes bets look at.
 * Build it once per draw with `indexResult`.
 */
export interface TResultIndex {
  structure: TStructure;
  /** How many numbers of the result end in each 2-digit value (index = value 0–99). Empty for SEA. */
  lo2: Uint8Array;
  /** The same for the last 3 digits of numbers with at least 3 (index 0–999). Empty for SEA. */
  lo3: Uint8Array;
  /** The same for the last 4 digits of numbers with at least 4 (index 0–9999). Empty for SEA. */
  lo4: Uint8Array;
  /** The special prize (ĐB); '' for SEA. */
  special: string;
  /** The first prize: G1 for VN, 'first' for SEA. */
  first: string;
  /** SEA: the three-digit front and back numbers (no bet type settles on them yet); [] for VN. */
  front3: string[];
  back3: string[];
  /** SEA: the two-digit bottom number; '' for VN. */
  bottom2: string;
  /** SEA: the first prize's last three digits sorted ascending (for 3 tod); '' for VN. */
  firstLast3Sorted: string;
}

const EMPTY = new Uint8Array(0);

function numbersOf(table: TResultTable, prize: string): string[] {
  return table.find((row) => row.prize === prize)?.numbers ?? [];
}

const bump = (counts: Uint8Array, at: number): void => {
  counts[at] = (counts[at] ?? 0) + 1;
};

const sortDigits = (s: string): string => [...s].sort().join('');

/** Indexes a result table; throws a RangeError when the table does not fit the structure. */
export function indexResult(structure: TStructure, table: TResultTable): TResultIndex {
  const problem = validateResultTable(structure, table);
  if (problem) throw new RangeError(problem);
  if (structure === 'sea') {
    const first = numbersOf(table, 'first')[0] as string;
    return {
      structure,
      lo2: EMPTY,
      lo3: EMPTY,
      lo4: EMPTY,
      special: '',
      first,
      front3: [...numbersOf(table, 'front3')],
      back3: [...numbersOf(table, 'back3')],
      bottom2: numbersOf(table, 'bottom2')[0] as string,
      firstLast3Sorted: sortDigits(first.slice(-3)),
    };
  }
  // One allocation for the three count tables: typed-array allocations dominate indexing otherwise.
  const counts = new Uint8Array(100 + 1000 + 10000);
  const lo2 = counts.subarray(0, 100);
  const lo3 = counts.subarray(100, 1100);
  const lo4 = counts.subarray(1100);
  for (const { prize } of STRUCTURES[structure]) {
    for (const n of numbersOf(table, prize)) {
      const value = Number(n);
      bump(lo2, value % 100);
      if (n.length >= 3) bump(lo3, value % 1000);
      if (n.length >= 4) bump(lo4, value % 10000);
    }
  }
  return {
    structure,
    lo2,
    lo3,
    lo4,
    special: numbersOf(table, 'DB')[0] as string,
    first: numbersOf(table, 'G1')[0] as string,
    front3: [],
    back3: [],
    bottom2: '',
    firstLast3Sorted: '',
  };
}

export interface TTicketToSettle {
  betType: TLotteryBetType;
  /** As `normaliseNumbers` returned them. */
  numbers: readonly string[];
  /** Minor units: per number, or for the whole combination. */
  stake: number;
  oddsX1000: number;
}

/** Hits of one picked number of a non-combination bet. */
function hitsOf(index: TResultIndex, code: TLotteryBetType, n: string): number {
  switch (code) {
    case 'lo2':
      return index.lo2[Number(n)] ?? 0;
    case 'lo3':
      return index.lo3[Number(n)] ?? 0;
    case 'lo4':
      return index.lo4[Number(n)] ?? 0;
    case 'de':
      return index.special.endsWith(n) ? 1 : 0;
    case 'deHead':
      return index.special.at(-2) === n ? 1 : 0;
    case 'deTail':
      return index.special.at(-1) === n ? 1 : 0;
    case 'deFirst':
      return index.first.endsWith(n) ? 1 : 0;
    case 'threeCang':
      return index.special.endsWith(n) ? 1 : 0;
    case 'sea3Top':
    case 'sea2Top':
      return index.first.endsWith(n) ? 1 : 0;
    case 'sea3Tod':
      return sortDigits(n) === index.firstLast3Sorted ? 1 : 0;
    case 'sea2Bottom':
      return index.bottom2 === n ? 1 : 0;
    case 'seaRunTop':
      return index.first.slice(-3).includes(n) ? 1 : 0;
    case 'seaRunBottom':
      return index.bottom2.includes(n) ? 1 : 0;
    default:
      throw new RangeError(`${code} is settled as a combination`);
  }
}

/** Hits of a combination: xiên wins (1) when every number is among the lô, lô trượt when none is. */
function comboHits(index: TResultIndex, code: TLotteryBetType, numbers: readonly string[]): number {
  const present = (n: string): boolean => (index.lo2[Number(n)] ?? 0) > 0;
  return (code.startsWith('xien') ? numbers.every(present) : !numbers.some(present)) ? 1 : 0;
}

/**
 * Settles a ticket: `hits` as lottery.md counts them, and payout = floor(stake × oddsX1000 × hits / 1000) in minor
 * units (non-combination bets: the hits of all picked numbers summed, the stake being per number).
 * Lô counts every result number that ends in the pick, so one pick can hit several times.
 * Throws a RangeError for a bet type the index's structure does not offer, a malformed number or stake.
 */
export function settleTicket(index: TResultIndex, t: TTicketToSettle): { hits: number; payout: number } {
  const betRule = assertOffered(t.betType, index.structure);
  if (!Number.isSafeInteger(t.stake) || t.stake < 0) throw new RangeError('the stake must be a non-negative integer of minor units');
  if (!Number.isSafeInteger(t.oddsX1000) || t.oddsX1000 < 0) throw new RangeError('oddsX1000 must be a non-negative integer');
  for (const n of t.numbers) {
    if (n.length !== betRule.digits || !NUMBER_OF_DIGITS.test(n)) throw new RangeError(`${t.betType} numbers have ${betRule.digits} digit(s): "${n}" does not`);
  }
  let hits = 0;
  if (betRule.combo) hits = comboHits(index, t.betType, t.numbers);
  else for (const n of t.numbers) hits += hitsOf(index, t.betType, n);
  return { hits, payout: payoutOf(t.stake, t.oddsX1000, hits) };
}

/** floor(stake × oddsX1000 × hits / 1000), exactly: in BigInt when the product leaves the safe-integer range. */
export function payoutOf(stake: number, oddsX1000: number, hits: number): number {
  const product = stake * oddsX1000 * hits;
  if (Number.isSafeInteger(product)) return (product - (product % 1000)) / 1000;
  const payout = Number((BigInt(stake) * BigInt(oddsX1000) * BigInt(hits)) / 1000n);
  if (!Number.isSafeInteger(payout)) throw new RangeError('the payout is beyond the safe integer range');
  return payout;
}
