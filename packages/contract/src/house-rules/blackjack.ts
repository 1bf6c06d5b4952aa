import { STAKES } from '../stakes.ts';
import { uniformInt, type RandomSource } from './fair.ts';
import type { HandGame, HandRound } from './hand-game.ts';
import { checkAmount, checkObject, HouseGameInputError, mulDivFloor } from './house-game.ts';

/**
 * Blackjack (issue 21), a `hand` game: six decks, a fresh shoe every round, shuffled from the round's fair
 * stream by Fisher–Yates as far as the cards dealt (a partial shuffle deals exactly the first cards a full one
 * would). Deal order: player, dealer up card, player, dealer hole card; then the cards in the order the actions
 * ask for them. Rules: the dealer peeks with an ace or a ten up and a dealer blackjack ends the round at once
 * (only the opening stake is lost); blackjack pays 3:2 (a half minor unit rounded down); the dealer stands on
 * every 17, soft 17 included; double on any two cards, after a split too; split two cards of the same value up to
 * three times (four hands); split aces get one card each and cannot be split again; a hand reaching 21 stands by
 * itself; 21 after a split is not a blackjack; no insurance, no surrender.
 */

export const BLACKJACK_DECKS = 6;
const SHOE_SIZE = BLACKJACK_DECKS * 52;
export const MAX_HANDS = 4;
/** One round's opening stake: 1,000 ₫ to 500,000 ₫ (doubles and splits add up to 8 × that). */
export const BLACKJACK_LIMITS = { min: STAKES.minStake, max: 500 * STAKES.minStake } as const;

const RANKS = 'A23456789TJQK';
const SUITS = 'shdc';

export type TBlackjackAction = 'hit' | 'stand' | 'double' | 'split';
export const BLACKJACK_ACTIONS: readonly TBlackjackAction[] = ['hit', 'stand', 'double', 'split'];
export interface TBlackjackInput {
  stake: number;
}
export type THandResult = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';

/** A card id 0..51 = rank × 4 + suit (rank 0 = ace … 12 = king), the way baccarat numbers them. */
export const cardName = (card: number): string => `${RANKS[card >> 2] ?? '?'}${SUITS[card & 3] ?? '?'}`;
const rankOf = (card: number) => card >> 2;
/** Blackjack value with an ace as 1. */
const pointsOf = (card: number) => Math.min(rankOf(card) + 1, 10);

export interface THandTotal {
  total: number;
  soft: boolean;
}

/** The best total of some cards: an ace counts 11 when that does not bust. */
export function handTotal(cards: readonly number[]): THandTotal {
  let sum = 0;
  let ace = false;
  for (const c of cards) {
    const p = pointsOf(c);
    sum += p;
    if (p === 1) ace = true;
  }
  return ace && sum + 10 <= 21 ? { total: sum + 10, soft: true } : { total: sum, soft: false };
}

/** The shoe of one round: a Fisher–Yates shuffle drawn lazily from the round's stream. */
export class Shoe {
  private readonly order = new Uint16Array(SHOE_SIZE);
  private dealt = 0;
  constructor(private readonly source: RandomSource) {
    for (let i = 0; i < SHOE_SIZE; i += 1) this.order[i] = i;
  }
  get cardsDealt(): number {
    return this.dealt;
  }
  draw(): number {
    const i = this.dealt;
    const j = i + uniformInt(this.source, SHOE_SIZE - i);
    const card = this.order[j] as number;
    this.order[j] = this.order[i] as number;
    this.order[i] = card;
    this.dealt += 1;
    return card % 52;
  }
}

interface THand {
  cards: number[];
  stake: number;
  doubled: boolean;
  /** Made by a split (so 21 is not a blackjack). */
  split: boolean;
  done: boolean;
  result: THandResult | null;
  payout: number;
}

export interface TBlackjackHandView {
  cards: string[];
  stake: number;
  total: number;
  soft: boolean;
  doubled: boolean;
  split: boolean;
  done: boolean;
  result: THandResult | null;
  payout: number;
}

export interface TBlackjackView {
  stake: number;
  /** The dealer's cards; while the round is open only the up card (the hole card is not sent). */
  dealer: string[];
  dealerTotal: number;
  dealerSoft: boolean;
  dealerBlackjack: boolean;
  hands: TBlackjackHandView[];
  /** The hand being played; -1 once over. */
  active: number;
  over: boolean;
  staked: number;
  payout: number;
  validBet: number;
  legal: TBlackjackAction[];
}

const isPair = (h: THand) => h.cards.length === 2 && pointsOf(h.cards[0] as number) === pointsOf(h.cards[1] as number);
const isSplitAces = (h: THand) => h.split && rankOf(h.cards[0] as number) === 0;

/** One round in play: the deal, then each action. Mutable; `replay` drives it. */
export class BlackjackRound implements HandRound<TBlackjackAction, TBlackjackView> {
  readonly stake: number;
  readonly dealer: number[];
  readonly hands: THand[];
  active = 0;
  over = false;
  dealerBlackjack = false;
  payout = 0;
  validBet = 0;

  constructor(stake: number, private readonly shoe: Shoe) {
    this.stake = stake;
    const p1 = shoe.draw(), d1 = shoe.draw(), p2 = shoe.draw(), d2 = shoe.draw();
    this.hands = [{ cards: [p1, p2], stake, doubled: false, split: false, done: false, result: null, payout: 0 }];
    this.dealer = [d1, d2];
    const up = pointsOf(d1);
    // The peek: with an ace or a ten up the dealer looks at the hole card; a blackjack ends the round.
    this.dealerBlackjack = (up === 1 || up === 10) && handTotal(this.dealer).total === 21;
    if (this.dealerBlackjack || handTotal(this.hands[0]!.cards).total === 21) {
      this.hands[0]!.done = true;
      this.finish();
    }
  }

  get staked(): number {
    let sum = 0;
    for (const h of this.hands) sum += h.stake;
    return sum;
  }

  get legal(): TBlackjackAction[] {
    if (this.over) return [];
    const h = this.hands[this.active]!;
    const out: TBlackjackAction[] = ['hit', 'stand'];
    if (h.cards.length === 2) out.push('double');
    if (isPair(h) && this.hands.length < MAX_HANDS) out.push('split');
    return out;
  }

  costOf(action: TBlackjackAction): number {
    if (this.over) return 0;
    const h = this.hands[this.active]!;
    return action === 'double' || action === 'split' ? h.stake : 0;
  }

  /** Plays an action on the active hand; throws when it is not legal now. */
  act(action: TBlackjackAction): void {
    if (!this.legal.includes(action)) throw new HouseGameInputError('unknown_option', this.over ? 'This round is over' : `You cannot ${action} now`);
    const i = this.active;
    const h = this.hands[i]!;
    switch (action) {
      case 'stand':
        h.done = true;
        break;
      case 'hit': {
        h.cards.push(this.shoe.draw());
        if (handTotal(h.cards).total >= 21) h.done = true;
        break;
      }
      case 'double':
        h.stake *= 2;
        h.doubled = true;
        h.cards.push(this.shoe.draw());
        h.done = true;
        break;
      case 'split': {
        const second = h.cards.pop() as number;
        h.split = true;
        this.hands.splice(i + 1, 0, { cards: [second], stake: h.stake, doubled: false, split: true, done: false, result: null, payout: 0 });
        break;
      }
    }
    this.enter(h.done ? i + 1 : i);
  }

  /** Makes hand `from` (or the next one still to play) active, dealing a split hand its second card. */
  private enter(from: number): void {
    for (let i = from; i < this.hands.length; i += 1) {
      const h = this.hands[i]!;
      if (h.done) continue;
      if (h.cards.length === 1) h.cards.push(this.shoe.draw());
      if (isSplitAces(h) || handTotal(h.cards).total === 21) {
        h.done = true;
        continue;
      }
      this.active = i;
      return;
    }
    this.finish();
  }

  private finish(): void {
    this.over = true;
    this.active = -1;
    const natural = !this.hands[0]!.split && this.hands.length === 1 && this.hands[0]!.cards.length === 2 && handTotal(this.hands[0]!.cards).total === 21;
    const live = this.hands.some((h) => handTotal(h.cards).total <= 21);
    // The dealer draws only when a hand is still in play against it (not after a blackjack either way).
    if (!this.dealerBlackjack && !natural && live) {
      while (handTotal(this.dealer).total < 17) this.dealer.push(this.shoe.draw());
    }
    const dealer = handTotal(this.dealer).total;
    this.payout = 0;
    this.validBet = 0;
    for (const h of this.hands) {
      const total = handTotal(h.cards).total;
      let result: THandResult;
      if (this.dealerBlackjack) result = natural ? 'push' : 'lose';
      else if (natural) result = 'blackjack';
      else if (total > 21) result = 'bust';
      else if (dealer > 21 || total > dealer) result = 'win';
      else result = total === dealer ? 'push' : 'lose';
      h.result = result;
      h.payout = result === 'blackjack' ? mulDivFloor(h.stake, 5, 2) : result === 'win' ? h.stake * 2 : result === 'push' ? h.stake : 0;
      this.payout += h.payout;
      if (result !== 'push') this.validBet += h.stake;
    }
  }

  view(): TBlackjackView {
    const dealerShown = this.over ? this.dealer : this.dealer.slice(0, 1);
    const dt = handTotal(dealerShown);
    return {
      stake: this.stake,
      dealer: dealerShown.map(cardName),
      dealerTotal: dt.total,
      dealerSoft: dt.soft,
      dealerBlackjack: this.over && this.dealerBlackjack,
      hands: this.hands.map((h) => {
        const t = handTotal(h.cards);
        return { cards: h.cards.map(cardName), stake: h.stake, total: t.total, soft: t.soft, doubled: h.doubled, split: h.split, done: h.done, result: h.result, payout: h.payout };
      }),
      active: this.active,
      over: this.over,
      staked: this.staked,
      payout: this.payout,
      validBet: this.validBet,
      legal: this.legal,
    };
  }
}

export function checkBlackjackStart(input: unknown): TBlackjackInput {
  const o = checkObject(input as object) as Record<string, unknown>;
  for (const k of Object.keys(o)) if (k !== 'stake') throw new HouseGameInputError('bad_input', `unknown field ${k}`);
  return { stake: checkAmount(o.stake, 'the stake', BLACKJACK_LIMITS.min) };
}

export const blackjackGame: HandGame<TBlackjackInput, TBlackjackAction, TBlackjackView> = {
  code: 'HOUSE_BLACKJACK',
  limits: BLACKJACK_LIMITS,
  checkStart(input) {
    const start = checkBlackjackStart(input);
    if (start.stake > BLACKJACK_LIMITS.max) throw new HouseGameInputError('bad_amount', `the stake must be at most ${BLACKJACK_LIMITS.max}`);
    return start;
  },
  checkAction(action) {
    if (typeof action !== 'string' || !(BLACKJACK_ACTIONS as readonly string[]).includes(action)) throw new HouseGameInputError('unknown_option', 'the action must be hit, stand, double or split');
    return action as TBlackjackAction;
  },
  replay(input, actions, stream) {
    const round = new BlackjackRound(input.stake, new Shoe(stream));
    for (const a of actions) round.act(a);
    return round;
  },
  abandon() {
    return 'stand';
  },
};

/**
 * The published RTP (titles-tables.ts) is per unit of the opening stake under basic strategy (blackjack-strategy.ts),
 * from one run of 100,000,000 hands of this engine; this is that figure's own error at 99 % (2.576 standard errors).
 */
export const BLACKJACK_RTP_ERROR = 0.0003;
