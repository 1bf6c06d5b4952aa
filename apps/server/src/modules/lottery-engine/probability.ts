import { assertOffered, type TLotteryBetType } from './rules.ts';
import { loCount, type TStructure } from './structures.ts';

/**
 * Exact expected hits of a bet, as a fraction of BigInts, assuming what a fair draw gives: every digit of every
 * result number uniform and independent. Then the last k digits of each number are uniform over 10^k and
 * independent of the other numbers', which gives a closed form for every bet type of lottery.md.
 */
export interface TFraction {
  num: bigint;
  den: bigint;
}

const frac = (num: number | bigint, den: number | bigint): TFraction => ({ num: BigInt(num), den: BigInt(den) });

function binomial(n: number, k: number): bigint {
  let c = 1n;
  for (let i = 0; i < k; i += 1) c = (c * BigInt(n - i)) / BigInt(i + 1);
  return c;
}

/** P(each of m given 2-digit values appears among N independent uniform lô), by inclusion–exclusion. */
function allAppear(m: number, lo: number): TFraction {
  let num = 0n;
  for (let j = 0; j <= m; j += 1) {
    const term = binomial(m, j) * BigInt(100 - j) ** BigInt(lo);
    num += j % 2 === 0 ? term : -term;
  }
  return { num, den: 100n ** BigInt(lo) };
}

/** P(none of m given 2-digit values appears among N independent uniform lô). */
function noneAppears(m: number, lo: number): TFraction {
  return { num: BigInt(100 - m) ** BigInt(lo), den: 100n ** BigInt(lo) };
}

/**
 * Expected hits of one picked number (non-combination bets) or of the whole combination (xiên, lô trượt).
 * 3 tod assumes a pick of three different digits, its best case (6 of the 1,000 endings win); a pick with a
 * repeated digit wins on 3 endings (e.g. 112) or 1 (e.g. 111), so its return is a half or a sixth of that.
 * Throws when the bet type is not offered on the structure.
 */
export function expectedHits(code: TLotteryBetType, structure: TStructure): TFraction {
  const { minNumbers } = assertOffered(code, structure);
  const lo2 = loCount(structure, 2);
  switch (code) {
    case 'lo2':
      return frac(lo2, 100);
    case 'lo3':
      return frac(loCount(structure, 3), 1000);
    case 'lo4':
      return frac(loCount(structure, 4), 10000);
    case 'de':
    case 'deFirst':
    case 'sea2Top':
    case 'sea2Bottom':
      return frac(1, 100);
    case 'deHead':
    case 'deTail':
      return frac(1, 10);
    case 'threeCang':
    case 'sea3Top':
      return frac(1, 1000);
    case 'sea3Tod':
      return frac(6, 1000);
    case 'seaRunTop':
      return frac(1000 - 9 ** 3, 1000);
    case 'seaRunBottom':
      return frac(100 - 9 ** 2, 100);
    case 'xien2':
    case 'xien3':
    case 'xien4':
      return allAppear(minNumbers, lo2);
    case 'loTruot4':
    case 'loTruot8':
    case 'loTruot10':
      return noneAppears(minNumbers, lo2);
  }
}

const SCALE = 10n ** 15n;

/** The fraction as a double, to 15 decimals (exact fractions with short decimals, e.g. 99/100, come out exact). */
export function toNumber(f: TFraction): number {
  return Number((f.num * SCALE) / f.den) / Number(SCALE);
}
