import { uniformInt, type RandomSource } from './fair.ts';
import { checkAmount, checkObject, HouseGameInputError, mulDivFloor, ratio, type ExactRatio, type HouseGame } from './house-game.ts';

/**
 * Punto banco from a fresh 8-deck shoe each round (shared/domain/house-games.md). The shoe is shuffled from
 * the round's randomness by Fisher–Yates, drawing only as far as the cards dealt (a partial shuffle gives
 * exactly the same first cards as a full one), in the order Player, Banker, Player, Banker, then the third
 * cards. Payouts include the stake: Player 1:1, Banker 0.95:1 (the 5 % commission is rounded down to the
 * minor unit, in the house's favour), Tie 8:1, each pair 11:1. Player and Banker push on a tie.
 */

export const DECKS = 8;
const SHOE = DECKS * 52;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
const SUITS = ['s', 'h', 'd', 'c'] as const;

export const BACCARAT_BETS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
export type TBaccaratBet = (typeof BACCARAT_BETS)[number];

/** Payout per unit staked, as a fraction, when the bet wins (stake included). */
const WIN_RETURN: Record<TBaccaratBet, readonly [number, number]> = {
  player: [2, 1],
  banker: [195, 100],
  tie: [9, 1],
  playerPair: [12, 1],
  bankerPair: [12, 1],
};

export type TBaccaratInput = Partial<Record<TBaccaratBet, number>>;
export type TBaccaratResult = 'player' | 'banker' | 'tie';

export interface BaccaratDetail {
  /** Cards as rank + suit ("Ts" is the ten of spades), in the order they were dealt to each hand. */
  player: string[];
  banker: string[];
  playerTotal: number;
  bankerTotal: number;
  result: TBaccaratResult;
  playerPair: boolean;
  bankerPair: boolean;
  bets: { bet: TBaccaratBet; stake: number; payout: number; outcome: 'win' | 'lose' | 'push' }[];
}

/** Baccarat value of a rank index (0 = ace … 12 = king). */
function valueOf(rank: number): number {
  return rank >= 9 ? 0 : rank + 1;
}

/** Whether the banker draws, given the banker's two-card total and the player's third card value (null: stood). */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0: case 1: case 2: return true;
    case 3: return playerThird !== 8;
    case 4: return playerThird >= 2 && playerThird <= 7;
    case 5: return playerThird >= 4 && playerThird <= 7;
    case 6: return playerThird === 6 || playerThird === 7;
    default: return false;
  }
}

/**
 * The coup from a source of card values: deal(i) gives the value of the i-th card dealt. Shared by the game and
 * the exact enumeration, so the rules are written once.
 */
function coup<T>(deal: () => T, value: (card: T) => number): { player: T[]; banker: T[]; playerTotal: number; bankerTotal: number } {
  const c1 = deal(), c2 = deal(), c3 = deal(), c4 = deal();
  const player = [c1, c3];
  const banker = [c2, c4];
  let playerTotal = (value(c1) + value(c3)) % 10;
  let bankerTotal = (value(c2) + value(c4)) % 10;
  if (playerTotal < 8 && bankerTotal < 8) {
    let playerThird: number | null = null;
    if (playerTotal <= 5) {
      const card = deal();
      player.push(card);
      playerThird = value(card);
      playerTotal = (playerTotal + playerThird) % 10;
    }
    if (bankerDraws(bankerTotal, playerThird)) {
      const card = deal();
      banker.push(card);
      bankerTotal = (bankerTotal + value(card)) % 10;
    }
  }
  return { player, banker, playerTotal, bankerTotal };
}

function resultOf(playerTotal: number, bankerTotal: number): TBaccaratResult {
  return playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
}

/** Deals one round: card ids 0..415 (id mod 52 → rank × 4 + suit), drawn without replacement. */
export function dealRound(source: RandomSource): { player: number[]; banker: number[]; playerTotal: number; bankerTotal: number } {
  const shoe: number[] = [];
  const swapped = new Map<number, number>();
  // Partial Fisher–Yates over the virtual shoe [0, 416): position i takes a uniform card from i..415.
  const deal = (): number => {
    const i = shoe.length;
    const j = i + uniformInt(source, SHOE - i);
    const card = swapped.get(j) ?? j;
    swapped.set(j, swapped.get(i) ?? i);
    shoe.push(card);
    return card;
  };
  return coup(deal, (card) => valueOf(Math.floor((card % 52) / 4)));
}

function cardName(card: number): string {
  const c = card % 52;
  return `${RANKS[Math.floor(c / 4)]}${SUITS[c % 4]}`;
}

const isPair = (hand: number[]): boolean => Math.floor(((hand[0] as number) % 52) / 4) === Math.floor(((hand[1] as number) % 52) / 4);

/** Settles the bets of a dealt round. */
export function settle(bets: TBaccaratInput, round: ReturnType<typeof dealRound>): BaccaratDetail {
  const result = resultOf(round.playerTotal, round.bankerTotal);
  const playerPair = isPair(round.player);
  const bankerPair = isPair(round.banker);
  const wins: Record<TBaccaratBet, boolean> = { player: result === 'player', banker: result === 'banker', tie: result === 'tie', playerPair, bankerPair };
  const settled: BaccaratDetail['bets'] = [];
  for (const bet of BACCARAT_BETS) {
    const stake = bets[bet];
    if (stake === undefined) continue;
    const [num, den] = WIN_RETURN[bet];
    const push = result === 'tie' && (bet === 'player' || bet === 'banker');
    const outcome = push ? 'push' : wins[bet] ? 'win' : 'lose';
    settled.push({ bet, stake, outcome, payout: outcome === 'win' ? mulDivFloor(stake, num, den) : outcome === 'push' ? stake : 0 });
  }
  return {
    player: round.player.map(cardName),
    banker: round.banker.map(cardName),
    playerTotal: round.playerTotal,
    bankerTotal: round.bankerTotal,
    result,
    playerPair,
    bankerPair,
    bets: settled,
  };
}

function checkBets(input: TBaccaratInput): TBaccaratInput {
  const bets: TBaccaratInput = {};
  for (const [bet, amount] of Object.entries(checkObject(input))) {
    if (!(BACCARAT_BETS as readonly string[]).includes(bet)) throw new HouseGameInputError('unknown_option', `unknown baccarat bet "${bet}"`);
    bets[bet as TBaccaratBet] = checkAmount(amount, `the ${bet} bet`);
  }
  if (Object.keys(bets).length === 0) throw new HouseGameInputError('bad_amount', 'place at least one bet');
  return bets;
}

export const baccaratGame: HouseGame<TBaccaratInput, BaccaratDetail> = {
  code: 'HOUSE_BACCARAT',
  name: 'Baccarat',
  play(input, stream) {
    const bets = checkBets(input);
    const detail = settle(bets, dealRound(stream));
    const sum = (pick: (b: BaccaratDetail['bets'][number]) => number): number => detail.bets.reduce((s, b) => s + pick(b), 0);
    return {
      stake: sum((b) => b.stake),
      payout: sum((b) => b.payout),
      // A pushed bet is no turnover (docs/decisions.md, "House games").
      validBet: sum((b) => (b.outcome === 'push' ? 0 : b.stake)),
      detail,
    };
  },
};

export interface BaccaratOdds {
  player: ExactRatio;
  banker: ExactRatio;
  tie: ExactRatio;
  /** House edge per unit staked (a positive number is the house's advantage), pushes counted as resolved bets. */
  edge: Record<TBaccaratBet, ExactRatio>;
}

/**
 * Exact probabilities of a fresh 8-deck shoe, by enumerating every sequence of card values dealt (values
 * 0..9, 128 zero-valued cards and 32 of each other), weighted by the ways to draw them without
 * replacement; every path is scaled to the six-card denominator 416·415·…·411.
 */
export function baccaratOdds(): BaccaratOdds {
  const counts = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
  const outcomes = { player: 0n, banker: 0n, tie: 0n };
  const denominator = [416n, 415n, 414n, 413n, 412n, 411n].reduce((a, b) => a * b, 1n);
  const left = [...counts];
  // Extends the dealt values one card at a time until the rules stop asking for cards; `ways` counts the
  // ordered draws of those cards from the shoe.
  const walk = (dealt: number[], ways: bigint): void => {
    let next = 0;
    const round = coup(() => dealt[next++] ?? -1, (v) => v);
    if (next > dealt.length) {
      for (let v = 0; v < 10; v += 1) {
        const n = left[v] as number;
        left[v] = n - 1;
        dealt.push(v);
        walk(dealt, ways * BigInt(n));
        dealt.pop();
        left[v] = n;
      }
      return;
    }
    let scaled = ways;
    for (let i = dealt.length; i < 6; i += 1) scaled *= BigInt(SHOE - i);
    outcomes[resultOf(round.playerTotal, round.bankerTotal)] += scaled;
  };
  walk([], 1n);
  const { player, banker, tie } = outcomes;
  // Pairs: the hand's second card has the first card's rank: 31 of the 415 cards left.
  const pairWin = 31n * denominator / 415n;
  const edge = (winReturn: readonly [number, number], win: bigint, push: bigint): ExactRatio => {
    const [num, den] = winReturn.map(BigInt) as [bigint, bigint];
    // Edge = 1 − E[return] = (D·den − win·num − push·den) / (D·den).
    return ratio(denominator * den - win * num - push * den, denominator * den);
  };
  return {
    player: ratio(player, denominator),
    banker: ratio(banker, denominator),
    tie: ratio(tie, denominator),
    edge: {
      player: edge(WIN_RETURN.player, player, tie),
      banker: edge(WIN_RETURN.banker, banker, tie),
      tie: edge(WIN_RETURN.tie, tie, 0n),
      playerPair: edge(WIN_RETURN.playerPair, pairWin, 0n),
      bankerPair: edge(WIN_RETURN.bankerPair, pairWin, 0n),
    },
  };
}
