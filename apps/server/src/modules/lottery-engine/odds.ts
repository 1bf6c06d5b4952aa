import { LOTTERY_BET_TYPES, type PRIZE_MODES, type TBetTypeConfig } from '@playhall/contract/calls/games';
import { expectedHits, toNumber } from './probability.ts';
import { BET_NAMES, BET_RULES, chargeMultiplier, isOffered, type TLotteryBetType } from './rules.ts';
import type { TStructure } from './structures.ts';
import { STAKES } from '@playhall/contract/stakes';

/**
 * Default odds tables, one per prize mode of the spec. Odds are configuration (lottery.md): these are starting
 * values, in thousandths of the payout per hit per 1 of stake (99 → 99000, 9.5 → 9500).
 */
export type TPrizeMode = (typeof PRIZE_MODES)[number];
export type TOddsTable = Partial<Record<TLotteryBetType, number>>;

/** What lottery.md says the operator sets lô trượt odds from: the printed RTP, aimed at 95 %. */
export const LO_TRUOT_TARGET_RTP = 0.95;

const LO_TRUOT = ['loTruot4', 'loTruot8', 'loTruot10'] as const;

/**
 * Lô trượt odds for the target RTP, rounded to the nearest 0.1 (lô trượt is charged once, so RTP = odds ×
 * P(none of the m numbers among the N lô) = odds × (1 − m/100)^N). North (N = 27), what DEFAULT_ODDS holds:
 *   lô trượt 4:  P = 0.96^27 = 0.33214 → 2.860 → 2.9   (RTP 96.32 %)
 *   lô trượt 8:  P = 0.92^27 = 0.10526 → 9.025 → 9.0   (RTP 94.74 %)
 *   lô trượt 10: P = 0.90^27 = 0.05815 → 16.337 → 16.3 (RTP 94.78 %)
 * SouthCentral (N = 18) needs its own (`defaultOdds`): north's odds there would return 139 % to 245 %.
 *   lô trượt 4:  P = 0.96^18 = 0.47960 → 1.981 → 2.0   (RTP 95.92 %)
 *   lô trượt 8:  P = 0.92^18 = 0.22294 → 4.261 → 4.3   (RTP 95.86 %)
 *   lô trượt 10: P = 0.90^18 = 0.15009 → 6.329 → 6.3   (RTP 94.56 %)
 */
export function loTruotOdds(code: (typeof LO_TRUOT)[number], structure: TStructure): number {
  const pNone = toNumber(expectedHits(code, structure));
  return Math.round((LO_TRUOT_TARGET_RTP / pNone) * 10) * 100;
}

/** Lott: lottery.md's defaults, the online-platform convention (stake per number, lô charged × 27 / × 18). */
const LOTT: TOddsTable = {
  lo2: 99_000,
  lo3: 980_000,
  lo4: 9_800_000,
  de: 95_000,
  deHead: 9_500,
  deTail: 9_500,
  deFirst: 95_000,
  threeCang: 960_000,
  xien2: 17_000,
  xien3: 65_000,
  xien4: 250_000,
  loTruot4: loTruotOdds('loTruot4', 'north'),
  loTruot8: loTruotOdds('loTruot8', 'north'),
  loTruot10: loTruotOdds('loTruot10', 'north'),
};

export const DEFAULT_ODDS: Record<TPrizeMode, TOddsTable> = {
  Lott: LOTT,
  /**
   * ZY: the bookmaker convention of lottery.md — bao lô 2 at 1:75, xỉu chủ at 1:650 (settled here as lô 3, which
   * returns the same 65 %), bao lô 4 at 1:5,500. The note gives no bookmaker odds for the other bets, so they
   * keep Lott's.
   */
  ZY: { ...LOTT, lo2: 75_000, lo3: 650_000, lo4: 5_500_000 },
  /** Elott: the fast e-lotteries draw the north structure and pay Lott's table (lottery.md sets no other). */
  Elott: { ...LOTT },
  /** SEA: the six Thai bets at lottery.md's defaults. */
  SEA: {
    sea3Top: 900_000,
    sea3Tod: 150_000,
    sea2Top: 90_000,
    sea2Bottom: 90_000,
    seaRunTop: 3_200,
    seaRunBottom: 4_200,
  },
};

/**
 * The default odds of a prize mode for a structure: DEFAULT_ODDS, with lô trượt re-priced for the 18 lô of a
 * southCentral draw (the tables are for north, which the fast e-lotteries also draw).
 */
export function defaultOdds(prizeMode: TPrizeMode, structure: TStructure): TOddsTable {
  const table = { ...DEFAULT_ODDS[prizeMode] };
  if (structure === 'southCentral') {
    for (const code of LO_TRUOT) if (table[code] !== undefined) table[code] = loTruotOdds(code, structure);
  }
  return table;
}

export interface TStakeLimits {
  minStake: number;
  maxStake: number;
}

const limits = (maxStake: number): TStakeLimits => ({ minStake: STAKES.minStake, maxStake });

/**
 * Stake limits per number (per combination for xiên / lô trượt), in minor units. Every bet's minimum is the site
 * currency's smallest stake (stakes.ts: 1,000 ₫; issue 16, 1.00 ₫ made no sense).
 * The maximum is 1,000,000.00, lowered where needed so that one hit at the highest default odds pays at most
 * 100,000,000.00 (10^10 minor units), rounded down to one significant digit: lô 3, 3 càng and 3 top
 * 100,000.00; lô 4 10,000.00; xiên 4 400,000.00; 3 tod 600,000.00.
 */
export const DEFAULT_LIMITS: Record<TLotteryBetType, TStakeLimits> = {
  lo2: limits(100_000_000),
  lo3: limits(10_000_000),
  lo4: limits(1_000_000),
  de: limits(100_000_000),
  deHead: limits(100_000_000),
  deTail: limits(100_000_000),
  deFirst: limits(100_000_000),
  threeCang: limits(10_000_000),
  xien2: limits(100_000_000),
  xien3: limits(100_000_000),
  xien4: limits(40_000_000),
  loTruot4: limits(100_000_000),
  loTruot8: limits(100_000_000),
  loTruot10: limits(100_000_000),
  sea3Top: limits(10_000_000),
  sea3Tod: limits(60_000_000),
  sea2Top: limits(100_000_000),
  sea2Bottom: limits(100_000_000),
  seaRunTop: limits(100_000_000),
  seaRunBottom: limits(100_000_000),
};

/**
 * The bet types a game offers, as `lottery.game` answers them: those the structure offers and the odds table
 * prices (defaults of the prize mode, then the game's overrides), with the default limits.
 */
export function betTypeConfigs(prizeMode: TPrizeMode, structure: TStructure, odds: TOddsTable = {}): TBetTypeConfig[] {
  const table = { ...defaultOdds(prizeMode, structure), ...odds };
  return LOTTERY_BET_TYPES.flatMap((code) => {
    const oddsX1000 = table[code];
    if (oddsX1000 === undefined || !isOffered(code, structure)) return [];
    const { digits, minNumbers, maxNumbers, combo } = BET_RULES[code];
    return [{ code, name: BET_NAMES[code], digits, minNumbers, maxNumbers, chargeMultiplier: chargeMultiplier(code, structure), combo, oddsX1000, ...DEFAULT_LIMITS[code] }];
  });
}
