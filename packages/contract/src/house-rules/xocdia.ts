import { uniformInt, type RandomSource } from './fair.ts';
import { checkObject, HouseGameInputError, mulDivFloor, type HouseGame } from './house-game.ts';
import { STAKES } from '../stakes.ts';

/**
 * Xóc đĩa (issue 21): the dealer shakes four discs, red on one face and white on the other, under a bowl on a
 * plate; each disc shows red with probability 1/2, drawn one after another from the round's stream
 * (`uniformInt(source, 2)`, 1 = red). Bets and what a winning bet returns per unit staked (stake included):
 *   chẵn (even: 4-0, 2-2 or 0-4 reds)    0.96 : 1  → P 8/16  RTP 98 %
 *   lẻ (odd: 3-1 or 1-3)                 0.96 : 1  → P 8/16  RTP 98 %
 *   4 đỏ / 4 trắng (all red / all white)  14.5 : 1  → P 1/16  RTP 31/32 = 96.875 %
 *   3 đỏ 1 trắng / 3 trắng 1 đỏ           2.9 : 1  → P 4/16  RTP 39/40 = 97.5 %
 * Fractions of a minor unit are rounded down, in the house's favour. Each spot of the board takes its own stake
 * within the table limits.
 */

export const XOCDIA_BETS = ['chan', 'le', 'red4', 'white4', 'red3', 'white3'] as const;
export type TXocDiaBet = (typeof XOCDIA_BETS)[number];

/** Return per unit staked when the bet wins, stake included, as a fraction. */
export const XOCDIA_RETURN: Record<TXocDiaBet, readonly [number, number]> = {
  chan: [196, 100],
  le: [196, 100],
  red4: [155, 10],
  white4: [155, 10],
  red3: [39, 10],
  white3: [39, 10],
};

/** Number of reds (0..4) each bet wins on. */
const WINS_ON: Record<TXocDiaBet, readonly number[]> = {
  chan: [0, 2, 4],
  le: [1, 3],
  red4: [4],
  white4: [0],
  red3: [3],
  white3: [1],
};

/** Ways (out of 16) to show k reds with four fair discs: C(4, k). */
const WAYS = [1, 4, 6, 4, 1] as const;

/** The table limits of one spot of the board, minor units: 1,000 ₫ to 500,000 ₫. */
export const XOCDIA_LIMITS = { min: STAKES.minStake, max: 500 * STAKES.minStake } as const;

export type TXocDiaInput = Partial<Record<TXocDiaBet, number>>;

export interface XocDiaDetail {
  /** The four discs as shown under the bowl: true = red. */
  discs: boolean[];
  reds: number;
  bets: { bet: TXocDiaBet; stake: number; payout: number; win: boolean }[];
}

/** Whether a bet wins with this many reds. */
export const xocDiaWins = (bet: TXocDiaBet, reds: number): boolean => WINS_ON[bet].includes(reds);

/** The exact RTP of a bet: P(win) × return, as a fraction of 16 × denominator, and its value. */
export function xocDiaRtp(bet: TXocDiaBet): { numerator: number; denominator: number; value: number } {
  const [num, den] = XOCDIA_RETURN[bet];
  const ways = WINS_ON[bet].reduce((s, k) => s + (WAYS[k] as number), 0);
  return { numerator: ways * num, denominator: 16 * den, value: (ways * num) / (16 * den) };
}

/** Shakes the four discs from the stream. */
export function shakeDiscs(source: RandomSource): boolean[] {
  return [uniformInt(source, 2) === 1, uniformInt(source, 2) === 1, uniformInt(source, 2) === 1, uniformInt(source, 2) === 1];
}

/** Checks a bet slip against the board and the table limits (the room uses it when a bet is placed). */
export function checkXocDiaBets(input: TXocDiaInput): TXocDiaInput {
  const bets: TXocDiaInput = {};
  for (const [bet, amount] of Object.entries(checkObject(input))) {
    if (!(XOCDIA_BETS as readonly string[]).includes(bet)) throw new HouseGameInputError('unknown_option', `unknown xóc đĩa bet "${bet}"`);
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < XOCDIA_LIMITS.min || amount > XOCDIA_LIMITS.max) {
      throw new HouseGameInputError('bad_amount', `the ${bet} bet must be a whole number of minor units from ${XOCDIA_LIMITS.min} to ${XOCDIA_LIMITS.max}`);
    }
    bets[bet as TXocDiaBet] = amount;
  }
  if (Object.keys(bets).length === 0) throw new HouseGameInputError('bad_amount', 'place at least one bet');
  return bets;
}

/** Settles a slip against the discs shown. */
export function settleXocDia(bets: TXocDiaInput, discs: boolean[]): XocDiaDetail {
  const reds = discs.reduce((n, d) => n + (d ? 1 : 0), 0);
  const settled: XocDiaDetail['bets'] = [];
  for (const bet of XOCDIA_BETS) {
    const stake = bets[bet];
    if (stake === undefined) continue;
    const win = xocDiaWins(bet, reds);
    const [num, den] = XOCDIA_RETURN[bet];
    settled.push({ bet, stake, payout: win ? mulDivFloor(stake, num, den) : 0, win });
  }
  return { discs, reds, bets: settled };
}

export const xocDiaGame: HouseGame<TXocDiaInput, XocDiaDetail> = {
  code: 'HOUSE_XOCDIA',
  name: 'Xóc Đĩa',
  play(input, stream) {
    const bets = checkXocDiaBets(input);
    const detail = settleXocDia(bets, shakeDiscs(stream));
    let stake = 0;
    let payout = 0;
    for (const b of detail.bets) {
      stake += b.stake;
      payout += b.payout;
    }
    return { stake, payout, validBet: stake, detail };
  },
};
