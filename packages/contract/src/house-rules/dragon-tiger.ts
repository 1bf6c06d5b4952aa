import { STAKES } from '../stakes.ts';
import { uniformInt, type RandomSource } from './fair.ts';
import { checkAmount, checkObject, HouseGameInputError, MAX_STAKE, mulDivFloor, ratio, type ExactRatio, type HouseGame } from './house-game.ts';

/**
 * Dragon tiger from a fresh 8-deck shoe each round: one card to the Dragon, then one to the Tiger, drawn by a
 * partial Fisher–Yates over the virtual shoe (as baccarat deals). Aces are low (A = 1 … K = 13), suits do not rank.
 *
 * - Dragon / Tiger: the higher card wins, 1:1; on a tie the bet loses half (the common rule: half the stake
 *   comes back, rounded down to the minor unit, in the house's favour).
 * - Tie: 11:1. Suited tie (same rank and suit): 50:1.
 * - Side bets on each side's card: big (8–K) / small (A–6), odd / even, red / black, each 1:1; a 7 loses them all.
 */

export const DT_DECKS = 8;
const SHOE = DT_DECKS * 52;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
const SUITS = ['s', 'h', 'd', 'c'] as const;

export const DT_SIDES = ['dragon', 'tiger'] as const;
export type TDtSide = (typeof DT_SIDES)[number];
export const DT_SIDE_KINDS = ['Big', 'Small', 'Odd', 'Even', 'Red', 'Black'] as const;
export type TDtSideKind = (typeof DT_SIDE_KINDS)[number];

export const DT_BETS = [
  'dragon', 'tie', 'tiger', 'suitedTie',
  'dragonBig', 'dragonSmall', 'dragonOdd', 'dragonEven', 'dragonRed', 'dragonBlack',
  'tigerBig', 'tigerSmall', 'tigerOdd', 'tigerEven', 'tigerRed', 'tigerBlack',
] as const;
export type TDtBet = (typeof DT_BETS)[number];

/** Payout per unit staked when the bet wins, stake included, in hundredths (200 = 1:1). */
export const DT_WIN_RETURN: Record<TDtBet, number> = Object.fromEntries(
  DT_BETS.map((bet) => [bet, bet === 'tie' ? 1200 : bet === 'suitedTie' ? 5100 : 200]),
) as Record<TDtBet, number>;

/** The table limits of each bet, minor units: the currency's smallest stake up to a maximum that shrinks as the odds grow. */
export const DT_LIMITS: Record<TDtBet, { min: number; max: number }> = Object.fromEntries(
  DT_BETS.map((bet) => [bet, { min: STAKES.minStake, max: bet === 'tie' ? MAX_STAKE / 10 : bet === 'suitedTie' ? MAX_STAKE / 50 : bet === 'dragon' || bet === 'tiger' ? MAX_STAKE : MAX_STAKE / 2 }]),
) as Record<TDtBet, { min: number; max: number }>;

export type TDtInput = Partial<Record<TDtBet, number>>;
export type TDtResult = 'dragon' | 'tiger' | 'tie';

export interface DragonTigerDetail {
  /** The cards as rank + suit ("Ts" is the ten of spades). */
  dragon: string;
  tiger: string;
  result: TDtResult;
  /** A tie of the same rank and suit. */
  suited: boolean;
  /** `half`: a Dragon or Tiger bet on a tie, half the stake back. */
  bets: { bet: TDtBet; stake: number; payout: number; outcome: 'win' | 'lose' | 'half' }[];
}

/** A card id 0..415 (id mod 52 = rank × 4 + suit) as its rank 1..13 and suit 0..3 (s, h, d, c). */
export const rankOf = (card: number): number => Math.floor((card % 52) / 4) + 1;
export const suitOf = (card: number): number => card % 4;
export const cardName = (card: number): string => `${RANKS[rankOf(card) - 1]}${SUITS[suitOf(card)]}`;

/** Deals the round: Dragon's card, then Tiger's, distinct cards of the 416. */
export function dealDragonTiger(source: RandomSource): { dragon: number; tiger: number } {
  const dragon = uniformInt(source, SHOE);
  // Position 0 took card `dragon`; position 1 takes a uniform card of positions 1..415, where the card that sat at
  // position 0 now sits at `dragon`'s old place.
  const j = 1 + uniformInt(source, SHOE - 1);
  const tiger = j === dragon ? 0 : j;
  return { dragon, tiger };
}

/** Whether a side's card wins one of its side bets (a 7 wins none). */
function sideWins(card: number, kind: TDtSideKind): boolean {
  const rank = rankOf(card);
  if (rank === 7) return false;
  switch (kind) {
    case 'Big': return rank >= 8;
    case 'Small': return rank <= 6;
    case 'Odd': return rank % 2 === 1;
    case 'Even': return rank % 2 === 0;
    case 'Red': return suitOf(card) === 1 || suitOf(card) === 2;
    case 'Black': return suitOf(card) === 0 || suitOf(card) === 3;
  }
}

/** What one bet returns per unit staked for the dealt cards, in hundredths (0: lost; 50: half back on a tie). */
export function dtReturn(bet: TDtBet, dragon: number, tiger: number): number {
  const d = rankOf(dragon), t = rankOf(tiger);
  switch (bet) {
    case 'dragon': return d > t ? DT_WIN_RETURN.dragon : d === t ? 50 : 0;
    case 'tiger': return t > d ? DT_WIN_RETURN.tiger : d === t ? 50 : 0;
    case 'tie': return d === t ? DT_WIN_RETURN.tie : 0;
    case 'suitedTie': return d === t && suitOf(dragon) === suitOf(tiger) ? DT_WIN_RETURN.suitedTie : 0;
    default: {
      const side = bet.startsWith('dragon') ? dragon : tiger;
      const kind = bet.slice(bet.startsWith('dragon') ? 6 : 5) as TDtSideKind;
      return sideWins(side, kind) ? DT_WIN_RETURN[bet] : 0;
    }
  }
}

/** Settles the bets of a dealt round. */
export function settleDragonTiger(bets: TDtInput, round: { dragon: number; tiger: number }): DragonTigerDetail {
  const d = rankOf(round.dragon), t = rankOf(round.tiger);
  const settled: DragonTigerDetail['bets'] = [];
  for (const bet of DT_BETS) {
    const stake = bets[bet];
    if (stake === undefined) continue;
    const ret = dtReturn(bet, round.dragon, round.tiger);
    settled.push({ bet, stake, payout: mulDivFloor(stake, ret, 100), outcome: ret === 0 ? 'lose' : ret === 50 ? 'half' : 'win' });
  }
  return {
    dragon: cardName(round.dragon),
    tiger: cardName(round.tiger),
    result: d > t ? 'dragon' : t > d ? 'tiger' : 'tie',
    suited: d === t && suitOf(round.dragon) === suitOf(round.tiger),
    bets: settled,
  };
}

function checkBets(input: TDtInput): TDtInput {
  const bets: TDtInput = {};
  for (const [bet, amount] of Object.entries(checkObject(input))) {
    if (!(DT_BETS as readonly string[]).includes(bet)) throw new HouseGameInputError('unknown_option', `unknown dragon tiger bet "${bet}"`);
    const { min, max } = DT_LIMITS[bet as TDtBet];
    const value = checkAmount(amount, `the ${bet} bet`, min);
    if (value > max) throw new HouseGameInputError('bad_amount', `the ${bet} bet must be a whole number of minor units from ${min} to ${max}`);
    bets[bet as TDtBet] = value;
  }
  if (Object.keys(bets).length === 0) throw new HouseGameInputError('bad_amount', 'place at least one bet');
  return bets;
}

export const dragonTigerGame: HouseGame<TDtInput, DragonTigerDetail> = {
  code: 'HOUSE_DRAGON_TIGER',
  name: 'Dragon Tiger',
  play(input, stream) {
    const bets = checkBets(input);
    const detail = settleDragonTiger(bets, dealDragonTiger(stream));
    let stake = 0, payout = 0, validBet = 0;
    for (const b of detail.bets) {
      stake += b.stake;
      payout += b.payout;
      // The half given back on a tie is no turnover, as a push is not (docs/decisions.md, "House games").
      validBet += b.outcome === 'half' ? b.stake - b.payout : b.stake;
    }
    return { stake, payout, validBet, detail };
  },
};

/** Exact return to player of each bet and the outcome probabilities, over every ordered pair of distinct cards. */
export interface DragonTigerOdds {
  dragon: ExactRatio;
  tiger: ExactRatio;
  tie: ExactRatio;
  suitedTie: ExactRatio;
  rtp: Record<TDtBet, ExactRatio>;
}

/**
 * Enumerates the 52 card faces for each side, each face held 8 times in the shoe (7 left for the Tiger when the
 * Dragon took one of it): the ways are 8·8 or 8·7 of the 416·415 ordered deals.
 */
export function dragonTigerOdds(): DragonTigerOdds {
  const denominator = BigInt(SHOE * (SHOE - 1));
  const returned = Object.fromEntries(DT_BETS.map((b) => [b, 0n])) as Record<TDtBet, bigint>;
  const wins = { dragon: 0n, tiger: 0n, tie: 0n, suitedTie: 0n };
  for (let a = 0; a < 52; a += 1) {
    for (let b = 0; b < 52; b += 1) {
      const ways = BigInt(DT_DECKS * (a === b ? DT_DECKS - 1 : DT_DECKS));
      const d = rankOf(a), t = rankOf(b);
      if (d > t) wins.dragon += ways;
      else if (t > d) wins.tiger += ways;
      else wins.tie += ways;
      if (a === b) wins.suitedTie += ways;
      for (const bet of DT_BETS) returned[bet] += ways * BigInt(dtReturn(bet, a, b));
    }
  }
  return {
    dragon: ratio(wins.dragon, denominator),
    tiger: ratio(wins.tiger, denominator),
    tie: ratio(wins.tie, denominator),
    suitedTie: ratio(wins.suitedTie, denominator),
    rtp: Object.fromEntries(DT_BETS.map((b) => [b, ratio(returned[b], denominator * 100n)])) as Record<TDtBet, ExactRatio>,
  };
}

/** The published RTP of each bet (the exact enumeration above, to six places; a test holds them equal). */
export const DT_RTP: Record<TDtBet, number> = {
  dragon: 0.962651,
  tiger: 0.962651,
  tie: 0.896386,
  suitedTie: 0.860241,
  dragonBig: 0.923077, dragonSmall: 0.923077, dragonOdd: 0.923077, dragonEven: 0.923077, dragonRed: 0.923077, dragonBlack: 0.923077,
  tigerBig: 0.923077, tigerSmall: 0.923077, tigerOdd: 0.923077, tigerEven: 0.923077, tigerRed: 0.923077, tigerBlack: 0.923077,
};
