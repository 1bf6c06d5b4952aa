import { STAKES } from '../stakes.ts';
import { uniformInt, type RandomSource } from './fair.ts';
import { checkAmount, checkObject, HouseGameInputError, MAX_STAKE, mulDivFloor, ratio, type ExactRatio, type HouseGame } from './house-game.ts';

/**
 * Punto banco from a fresh 8-deck shoe each round (shared/domain/house-games.md). The shoe is shuffled from
 * the round's randomness by Fisher–Yates, drawing only as far as the cards dealt (a partial shuffle gives
 * exactly the same first cards as a full one), in the order Player, Banker, Player, Banker, then the third
 * cards. Payouts include the stake: Player 1:1, Banker 0.95:1 (the 5 % commission is rounded down to the
 * minor unit, in the house's favour), Tie 8:1, each pair 11:1. Player and Banker push on a tie.
 *
 * Side bets (issue 21):
 * - Either pair 5:1: the first two cards of either hand are of one rank.
 * - Perfect pair 25:1: the first two cards of one hand are the same card (rank and suit); 200:1 when both are.
 * - Player / Banker bonus (the "dragon bonus" table): the hand wins with a natural 1:1, a natural tie pushes; a
 *   win without a natural pays by the margin: 9 points 30:1, 8 10:1, 7 6:1, 6 4:1, 5 2:1, 4 1:1; less loses.
 * - Lucky 6: the Banker wins with 6 — on two cards 12:1, on three cards 20:1.
 * - Big 0.54:1 (five or six cards dealt), Small 1.5:1 (four cards).
 */

export const DECKS = 8;
const SHOE = DECKS * 52;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
const SUITS = ['s', 'h', 'd', 'c'] as const;

/** The bets in settlement order (the first five are issue 5's; a recorded round lists its bets in this order). */
export const BACCARAT_BETS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair', 'eitherPair', 'perfectPair', 'playerBonus', 'bankerBonus', 'lucky6', 'big', 'small'] as const;
export type TBaccaratBet = (typeof BACCARAT_BETS)[number];

/**
 * The table limits of each bet, minor units: the currency's smallest stake, up to a maximum that shrinks as the
 * odds grow. Issue 5's bets keep the engine's largest stake, so every round recorded before the limits replays.
 */
export const BACCARAT_LIMITS: Record<TBaccaratBet, { min: number; max: number }> = {
  player: { min: STAKES.minStake, max: MAX_STAKE },
  banker: { min: STAKES.minStake, max: MAX_STAKE },
  tie: { min: STAKES.minStake, max: MAX_STAKE },
  playerPair: { min: STAKES.minStake, max: MAX_STAKE },
  bankerPair: { min: STAKES.minStake, max: MAX_STAKE },
  eitherPair: { min: STAKES.minStake, max: MAX_STAKE / 5 },
  perfectPair: { min: STAKES.minStake, max: MAX_STAKE / 50 },
  playerBonus: { min: STAKES.minStake, max: MAX_STAKE / 10 },
  bankerBonus: { min: STAKES.minStake, max: MAX_STAKE / 10 },
  lucky6: { min: STAKES.minStake, max: MAX_STAKE / 20 },
  big: { min: STAKES.minStake, max: MAX_STAKE / 2 },
  small: { min: STAKES.minStake, max: MAX_STAKE / 2 },
};

/** What a bonus bet returns by the winning margin without a natural, hundredths per unit staked (index = margin). */
const BONUS_BY_MARGIN = [0, 0, 0, 0, 200, 300, 500, 700, 1100, 3100] as const;

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

/** What settles every bet of a coup. */
export interface TCoupFacts {
  playerTotal: number;
  bankerTotal: number;
  playerCards: number;
  bankerCards: number;
  playerPair: boolean;
  bankerPair: boolean;
  /** The hand's first two cards are the same card (rank and suit). */
  playerPerfect: boolean;
  bankerPerfect: boolean;
}

/** A hand's bonus bet: natural win 1:1, natural tie push, else by the margin of a win. */
function bonusReturn(own: number, ownCards: number, other: number): number {
  const natural = ownCards === 2 && own >= 8;
  if (natural) return own > other ? 200 : own === other ? 100 : 0;
  return own > other ? BONUS_BY_MARGIN[own - other] ?? 0 : 0;
}

/** What one bet returns per unit staked, stake included, in hundredths (0 lost, 100 pushed, 195 Banker's win). */
export function betReturn(bet: TBaccaratBet, f: TCoupFacts): number {
  const p = f.playerTotal, b = f.bankerTotal;
  switch (bet) {
    case 'player': return p > b ? 200 : p === b ? 100 : 0;
    case 'banker': return b > p ? 195 : p === b ? 100 : 0;
    case 'tie': return p === b ? 900 : 0;
    case 'playerPair': return f.playerPair ? 1200 : 0;
    case 'bankerPair': return f.bankerPair ? 1200 : 0;
    case 'eitherPair': return f.playerPair || f.bankerPair ? 600 : 0;
    case 'perfectPair': return f.playerPerfect && f.bankerPerfect ? 20100 : f.playerPerfect || f.bankerPerfect ? 2600 : 0;
    case 'playerBonus': return bonusReturn(p, f.playerCards, b);
    case 'bankerBonus': return bonusReturn(b, f.bankerCards, p);
    case 'lucky6': return b > p && b === 6 ? (f.bankerCards === 2 ? 1300 : 2100) : 0;
    case 'big': return f.playerCards + f.bankerCards >= 5 ? 154 : 0;
    case 'small': return f.playerCards + f.bankerCards === 4 ? 250 : 0;
  }
}

/** The payout of each bet as the table's label reads it ("0.95 : 1"). */
export const BACCARAT_PAYS: Record<TBaccaratBet, string> = {
  player: '1 : 1', banker: '0.95 : 1', tie: '8 : 1', playerPair: '11 : 1', bankerPair: '11 : 1', eitherPair: '5 : 1',
  perfectPair: '25 : 1', playerBonus: '1 – 30 : 1', bankerBonus: '1 – 30 : 1', lucky6: '12 / 20 : 1', big: '0.54 : 1', small: '1.5 : 1',
};

/**
 * The published RTP of each bet (exact: `baccaratOdds` and `baccaratSideOdds` enumerate the 8-deck shoe; a test
 * holds these six-place figures to them). Player and Banker count a tie as a push returned.
 */
export const BACCARAT_RTP: Record<TBaccaratBet, number> = {
  player: 0.987649,
  banker: 0.989421,
  tie: 0.856404,
  playerPair: 0.896386,
  bankerPair: 0.896386,
  eitherPair: 0.862901,
  perfectPair: 0.91953,
  playerBonus: 0.973483,
  bankerBonus: 0.906269,
  lucky6: 0.833164,
  big: 0.956543,
  small: 0.947171,
};

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

const faceOf = (card: number): number => card % 52;
const isPair = (hand: readonly number[]): boolean => Math.floor(faceOf(hand[0] as number) / 4) === Math.floor(faceOf(hand[1] as number) / 4);
const isPerfect = (hand: readonly number[]): boolean => faceOf(hand[0] as number) === faceOf(hand[1] as number);

/** The facts of a dealt round that its bets are settled on. */
export function factsOf(round: ReturnType<typeof dealRound>): TCoupFacts {
  return {
    playerTotal: round.playerTotal,
    bankerTotal: round.bankerTotal,
    playerCards: round.player.length,
    bankerCards: round.banker.length,
    playerPair: isPair(round.player),
    bankerPair: isPair(round.banker),
    playerPerfect: isPerfect(round.player),
    bankerPerfect: isPerfect(round.banker),
  };
}

/** Settles the bets of a dealt round. */
export function settle(bets: TBaccaratInput, round: ReturnType<typeof dealRound>): BaccaratDetail {
  const facts = factsOf(round);
  const settled: BaccaratDetail['bets'] = [];
  for (const bet of BACCARAT_BETS) {
    const stake = bets[bet];
    if (stake === undefined) continue;
    const ret = betReturn(bet, facts);
    settled.push({ bet, stake, outcome: ret === 0 ? 'lose' : ret === 100 ? 'push' : 'win', payout: mulDivFloor(stake, ret, 100) });
  }
  return {
    player: round.player.map(cardName),
    banker: round.banker.map(cardName),
    playerTotal: round.playerTotal,
    bankerTotal: round.bankerTotal,
    result: resultOf(round.playerTotal, round.bankerTotal),
    playerPair: facts.playerPair,
    bankerPair: facts.bankerPair,
    bets: settled,
  };
}

function checkBets(input: TBaccaratInput): TBaccaratInput {
  const bets: TBaccaratInput = {};
  for (const [bet, amount] of Object.entries(checkObject(input))) {
    if (!(BACCARAT_BETS as readonly string[]).includes(bet)) throw new HouseGameInputError('unknown_option', `unknown baccarat bet "${bet}"`);
    const { min, max } = BACCARAT_LIMITS[bet as TBaccaratBet];
    const value = checkAmount(amount, `the ${bet} bet`, min);
    if (value > max) throw new HouseGameInputError('bad_amount', `the ${bet} bet must be a whole number of minor units from ${min} to ${max}`);
    bets[bet as TBaccaratBet] = value;
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

/** Issue 5's bets' winning returns as fractions (stake included), for the edges below. */
const WIN_RETURN = { player: [2, 1], banker: [195, 100], tie: [9, 1], playerPair: [12, 1], bankerPair: [12, 1] } as const;

export interface BaccaratOdds {
  player: ExactRatio;
  banker: ExactRatio;
  tie: ExactRatio;
  /** House edge per unit staked (a positive number is the house's advantage), pushes counted as resolved bets. */
  edge: Record<keyof typeof WIN_RETURN, ExactRatio>;
}

/** The ordered ways to deal six cards from the fresh 8-deck shoe: 416·415·…·411. */
const SIX_CARD_WAYS = [416n, 415n, 414n, 413n, 412n, 411n].reduce((a, b) => a * b, 1n);

/**
 * Every distinct coup of a fresh 8-deck shoe by card values, with its weight scaled to `SIX_CARD_WAYS`: the dealt
 * values are extended one card at a time until the rules stop asking for cards; the weight counts the ordered draws
 * of those cards (without replacement), times the ways to draw the cards up to six that the coup does not use.
 */
function forEachCoup(visit: (round: ReturnType<typeof coup<number>>, scaled: bigint) => void): void {
  const left = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
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
    visit(round, scaled);
  };
  walk([], 1n);
}

/**
 * Exact probabilities of a fresh 8-deck shoe, by enumerating every sequence of card values dealt (values
 * 0..9, 128 zero-valued cards and 32 of each other), weighted by the ways to draw them without
 * replacement; every path is scaled to the six-card denominator 416·415·…·411.
 */
export function baccaratOdds(): BaccaratOdds {
  const outcomes = { player: 0n, banker: 0n, tie: 0n };
  const denominator = SIX_CARD_WAYS;
  forEachCoup((round, scaled) => {
    outcomes[resultOf(round.playerTotal, round.bankerTotal)] += scaled;
  });
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

/**
 * The exact RTP of every bet (stake included, per unit staked), side bets too. Bets settled on the coup's values
 * (Player, Banker, Tie, the bonuses, Lucky 6, Big, Small) by the same enumeration as `baccaratOdds`, each final
 * path handed to `betReturn`; the pair bets, which need ranks and suits of the first four cards only, in closed
 * form over the shoe's 13 ranks × 4 suits × 8 decks.
 */
export function baccaratSideOdds(): Record<TBaccaratBet, ExactRatio> {
  const valueBets = ['player', 'banker', 'tie', 'playerBonus', 'bankerBonus', 'lucky6', 'big', 'small'] as const;
  const returned = Object.fromEntries(valueBets.map((b) => [b, 0n])) as Record<(typeof valueBets)[number], bigint>;
  const denominator = SIX_CARD_WAYS;
  forEachCoup((round, scaled) => {
    const facts: TCoupFacts = {
      playerTotal: round.playerTotal,
      bankerTotal: round.bankerTotal,
      playerCards: round.player.length,
      bankerCards: round.banker.length,
      playerPair: false,
      bankerPair: false,
      playerPerfect: false,
      bankerPerfect: false,
    };
    for (const bet of valueBets) returned[bet] += scaled * BigInt(betReturn(bet, facts));
  });
  const out = Object.fromEntries(valueBets.map((b) => [b, ratio(returned[b], denominator * 100n)])) as Partial<Record<TBaccaratBet, ExactRatio>>;
  // The first four cards (P1, B1, P2, B2): the ordered ways out of 416·415·414·413.
  const four = 416n * 415n * 414n * 413n;
  const pairOne = 416n * 31n * 414n * 413n; // P2 of P1's rank (31 left), B1 and B2 anything
  // Both hands paired: B's rank is P's (the rank's 32 cards give four of them) or another rank.
  const pairBoth = 13n * 32n * 31n * 30n * 29n + 13n * 12n * (32n * 31n) ** 2n;
  const perfectOne = 416n * 7n * 414n * 413n; // P2 the same card as P1 (7 copies left)
  // Both perfect: B's card is P's card (8·7·6·5 of it) or another of the 52 (8·7 each).
  const perfectBoth = 52n * 8n * 7n * 6n * 5n + 52n * 51n * (8n * 7n) ** 2n;
  out.playerPair = ratio(pairOne * 12n, four);
  out.bankerPair = ratio(pairOne * 12n, four);
  out.eitherPair = ratio((2n * pairOne - pairBoth) * 6n, four);
  out.perfectPair = ratio((2n * perfectOne - 2n * perfectBoth) * 26n + perfectBoth * 201n, four);
  return out as Record<TBaccaratBet, ExactRatio>;
}
