import { uniformInt, type RandomSource } from './fair.ts';
import { checkObject, HouseGameInputError, type HouseGame } from './house-game.ts';
import { STAKES } from '../stakes.ts';

/**
 * Bầu cua tôm cá (issue 21): three dice whose faces are six animals — bầu (gourd), cua (crab), tôm (shrimp),
 * cá (fish), gà (rooster), nai (deer) — each die uniform from the round's stream (`uniformInt(source, 6)`, in
 * this order). A bet on an animal pays 1:1 for each die that shows it (1:1, 2:1, 3:1) and loses when none does.
 * Return per unit staked: (75·2 + 15·3 + 1·4) / 216 = 199/216 = 92.1296 % for every animal (the traditional board;
 * no pair or triple bets).
 */

export const BAUCUA_ANIMALS = ['bau', 'cua', 'tom', 'ca', 'ga', 'nai'] as const;
export type TBauCuaAnimal = (typeof BAUCUA_ANIMALS)[number];

/** The exact RTP of every animal bet. */
export const BAUCUA_RTP = { numerator: 199, denominator: 216, value: 199 / 216 } as const;

/** The table limits of one animal, minor units: 1,000 ₫ to 500,000 ₫. */
export const BAUCUA_LIMITS = { min: STAKES.minStake, max: 500 * STAKES.minStake } as const;

export type TBauCuaInput = Partial<Record<TBauCuaAnimal, number>>;

export interface BauCuaDetail {
  /** The three dice, as animals. */
  dice: TBauCuaAnimal[];
  bets: { bet: TBauCuaAnimal; stake: number; payout: number; hits: number }[];
}

/** Rolls the three dice from the stream. */
export function rollBauCua(source: RandomSource): TBauCuaAnimal[] {
  return [0, 1, 2].map(() => BAUCUA_ANIMALS[uniformInt(source, 6)] as TBauCuaAnimal);
}

/** Checks a bet slip against the board and the table limits (the room uses it when a bet is placed). */
export function checkBauCuaBets(input: TBauCuaInput): TBauCuaInput {
  const bets: TBauCuaInput = {};
  for (const [bet, amount] of Object.entries(checkObject(input))) {
    if (!(BAUCUA_ANIMALS as readonly string[]).includes(bet)) throw new HouseGameInputError('unknown_option', `unknown bầu cua bet "${bet}"`);
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < BAUCUA_LIMITS.min || amount > BAUCUA_LIMITS.max) {
      throw new HouseGameInputError('bad_amount', `the ${bet} bet must be a whole number of minor units from ${BAUCUA_LIMITS.min} to ${BAUCUA_LIMITS.max}`);
    }
    bets[bet as TBauCuaAnimal] = amount;
  }
  if (Object.keys(bets).length === 0) throw new HouseGameInputError('bad_amount', 'place at least one bet');
  return bets;
}

/** Settles a slip against the dice: a bet with k hits returns stake × (1 + k). */
export function settleBauCua(bets: TBauCuaInput, dice: TBauCuaAnimal[]): BauCuaDetail {
  const settled: BauCuaDetail['bets'] = [];
  for (const bet of BAUCUA_ANIMALS) {
    const stake = bets[bet];
    if (stake === undefined) continue;
    const hits = dice.filter((d) => d === bet).length;
    settled.push({ bet, stake, payout: hits > 0 ? stake * (1 + hits) : 0, hits });
  }
  return { dice, bets: settled };
}

export const bauCuaGame: HouseGame<TBauCuaInput, BauCuaDetail> = {
  code: 'HOUSE_BAUCUA',
  name: 'Bầu Cua Tôm Cá',
  play(input, stream) {
    const bets = checkBauCuaBets(input);
    const detail = settleBauCua(bets, rollBauCua(stream));
    let stake = 0;
    let payout = 0;
    for (const b of detail.bets) {
      stake += b.stake;
      payout += b.payout;
    }
    return { stake, payout, validBet: stake, detail };
  },
};
