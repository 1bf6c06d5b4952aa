import { uniformInt, type RandomSource } from './fair.ts';
import { checkAmount, checkObject, HouseGameInputError, mulDivFloor, ratio, type ExactRatio, type HouseGame } from './house-game.ts';

/**
 * Keno (issue 21): 40 numbers, 10 drawn without replacement (a partial Fisher–Yates shuffle of 1…40 with
 * `uniformInt`), the player picks 1 to 10 numbers and is paid by the number of hits on the paytable of the
 * pick count. Multipliers in hundredths; a payout is floor(stake × multiplier / 100).
 *
 * P(h hits | p picks) = C(p,h)·C(40−p,10−h) / C(40,10) (hypergeometric), so each pick count's return is an
 * exact fraction (`kenoRtp`): the tables are tuned to 96 % (exactly for most pick counts; 4 and 5 picks fall
 * short by less than 2·10⁻⁵, the nearest a table in hundredths reaches from below).
 */
export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;
export const KENO_MAX_PICKS = 10;

/** PAYTABLES[p][h]: the multiplier (hundredths) of h hits with p picks. */
export const KENO_PAYTABLES: Readonly<Record<number, readonly number[]>> = {
  1: [0, 384],
  2: [0, 171, 524],
  3: [0, 0, 480, 2504],
  4: [0, 0, 272, 660, 5109],
  5: [0, 0, 0, 734, 2705, 31001],
  6: [0, 0, 0, 440, 1003, 5710, 92023],
  7: [0, 0, 0, 0, 1205, 4204, 33008, 780049],
  8: [0, 0, 0, 0, 720, 1904, 9306, 110025, 1000004],
  9: [0, 0, 0, 0, 0, 2178, 8000, 58006, 1000015, 1000035],
  10: [0, 0, 0, 0, 0, 1303, 3600, 19000, 220011, 1000050, 1000227],
};

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i += 1) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** The exact chance of h hits with p picks, h = 0…p. */
export function kenoHitChances(picks: number): ExactRatio[] {
  const all = binomial(KENO_NUMBERS, KENO_DRAWN);
  return Array.from({ length: picks + 1 }, (_, h) => ratio(binomial(picks, h) * binomial(KENO_NUMBERS - picks, KENO_DRAWN - h), all));
}

/** The exact return of a pick count's paytable. */
export function kenoRtp(picks: number): ExactRatio {
  const table = KENO_PAYTABLES[picks];
  if (!table) throw new RangeError(`no keno paytable for ${picks} picks`);
  let sum = 0n;
  table.forEach((m, h) => (sum += BigInt(m) * binomial(picks, h) * binomial(KENO_NUMBERS - picks, KENO_DRAWN - h)));
  return ratio(sum, 100n * binomial(KENO_NUMBERS, KENO_DRAWN));
}

/**
 * The draw: a partial Fisher–Yates shuffle of 1…40; the first ten places are the drawn numbers in draw order.
 * `deck` is reused by simulations (it must hold 40 entries; it is refilled here).
 */
export function drawKeno(source: RandomSource, deck: number[] = new Array<number>(KENO_NUMBERS)): number[] {
  for (let i = 0; i < KENO_NUMBERS; i += 1) deck[i] = i + 1;
  for (let i = 0; i < KENO_DRAWN; i += 1) {
    const j = i + uniformInt(source, KENO_NUMBERS - i);
    const t = deck[i] ?? 0;
    deck[i] = deck[j] ?? 0;
    deck[j] = t;
  }
  return deck;
}

export interface TKenoInput {
  amount: number;
  picks: number[];
}

export interface TKenoDetail {
  picks: number[];
  /** The ten numbers in draw order. */
  drawn: number[];
  hits: number[];
  /** Hundredths. */
  multiplier: number;
}

function checkInput(input: TKenoInput): TKenoInput {
  checkObject(input);
  const amount = checkAmount(input.amount, 'the stake');
  const picks: unknown = input.picks;
  if (!Array.isArray(picks) || picks.length < 1 || picks.length > KENO_MAX_PICKS) throw new HouseGameInputError('bad_input', 'pick 1 to 10 numbers');
  for (const n of picks) {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > KENO_NUMBERS) throw new HouseGameInputError('unknown_option', 'the numbers are 1 to 40');
  }
  if (new Set(picks).size !== picks.length) throw new HouseGameInputError('bad_input', 'a number can be picked once');
  return { amount, picks: [...(picks as number[])] };
}

export const kenoGame: HouseGame<TKenoInput, TKenoDetail> = {
  code: 'HOUSE_KENO',
  name: 'Keno',
  play(raw, stream) {
    const input = checkInput(raw);
    const drawn = drawKeno(stream).slice(0, KENO_DRAWN);
    const hits = input.picks.filter((n) => drawn.includes(n));
    const multiplier = KENO_PAYTABLES[input.picks.length]?.[hits.length] ?? 0;
    const payout = mulDivFloor(input.amount, multiplier, 100);
    return { stake: input.amount, payout, validBet: input.amount, detail: { picks: input.picks, drawn, hits, multiplier } };
  },
};
