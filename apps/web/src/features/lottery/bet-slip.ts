import { LOTTERY_BET_TYPES, lotteryBetAmount, type TBetTypeConfig } from '@playhall/contract/calls/games';

/**
 * The betting view's rules, free of React: which board a bet type uses, the quick picks, what a pick
 * must hold before it goes on the slip, and what the slip costs (lotteryBetAmount of the contract, the
 * same function the server charges with).
 */

/** 1 digit: a 0–9 board; 2: the 00–99 grid; 3: a hundreds row over the 00–99 grid; 4+: typed. */
export type TBoardKind = 'digit' | 'grid' | 'hundreds' | 'typed';

export function boardKind(digits: number): TBoardKind {
  if (digits <= 1) return 'digit';
  if (digits === 2) return 'grid';
  if (digits === 3) return 'hundreds';
  return 'typed';
}

export const pad = (n: number, digits: number) => String(n).padStart(digits, '0');

export type TQuickPick = 'even' | 'odd' | 'big' | 'small' | 'head' | 'tail';

/** The numbers a board page shows: 0–9, or 00–99 behind the chosen hundreds digit. */
export function boardNumbers(kind: TBoardKind, hundred = 0): string[] {
  if (kind === 'digit') return Array.from({ length: 10 }, (_, i) => String(i));
  const prefix = kind === 'hundreds' ? String(hundred) : '';
  return Array.from({ length: 100 }, (_, i) => prefix + pad(i, 2));
}

/**
 * A quick pick over the board page: even / odd by the last digit; big (50–99, or 5–9) and small (00–49,
 * or 0–4) by the last two; head = a tens-digit row, tail = a units-digit column.
 */
export function quickPick(kind: TBoardKind, pick: TQuickPick, hundred = 0, digit = 0): string[] {
  return boardNumbers(kind, hundred).filter((n) => {
    const last2 = Number(n.slice(-2));
    const units = last2 % 10;
    const tens = Math.floor(last2 / 10);
    switch (pick) {
      case 'even':
        return units % 2 === 0;
      case 'odd':
        return units % 2 === 1;
      case 'big':
        return kind === 'digit' ? last2 >= 5 : last2 >= 50;
      case 'small':
        return kind === 'digit' ? last2 < 5 : last2 < 50;
      case 'head':
        return tens === digit;
      case 'tail':
        return units === digit;
    }
  });
}

/** Numbers typed for a 4+ digit bet: separated by spaces, commas or semicolons; duplicates dropped. */
export function parseTypedNumbers(text: string, digits: number): { numbers: string[]; invalid: string[] } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const re = new RegExp(`^[0-9]{${digits}}$`);
  const numbers = [...new Set(parts.filter((p) => re.test(p)))];
  return { numbers, invalid: parts.filter((p) => !re.test(p)) };
}

type TPickRules = Pick<TBetTypeConfig, 'minNumbers' | 'maxNumbers' | 'combo'>;

/** Whether a pick of `count` numbers can go on the slip: a combination needs exactly its size. */
export function pickProblem(cfg: TPickRules, count: number): 'none' | 'tooFew' | 'tooMany' | 'exact' | null {
  if (count === 0) return 'none';
  if (cfg.combo && (count < cfg.minNumbers || count > cfg.maxNumbers)) return 'exact';
  if (count < cfg.minNumbers) return 'tooFew';
  if (count > cfg.maxNumbers) return 'tooMany';
  return null;
}

/** Whether a stake (minor units, per number) is inside the bet type's limits. */
export function stakeProblem(cfg: Pick<TBetTypeConfig, 'minStake' | 'maxStake'>, stake: number | null): 'invalid' | 'min' | 'max' | null {
  if (stake === null || stake <= 0) return 'invalid';
  if (stake < cfg.minStake) return 'min';
  if (stake > cfg.maxStake) return 'max';
  return null;
}

export interface TSlipBet {
  id: number;
  betType: TBetTypeConfig['code'];
  numbers: string[];
  /** Minor units per number (per combination for xiên and lô trượt). */
  stake: number;
}

/** What one bet of the slip costs; 0 when its bet type is no longer offered. */
export function betAmount(bet: TSlipBet, types: readonly TBetTypeConfig[]): number {
  const cfg = types.find((c) => c.code === bet.betType);
  return cfg ? lotteryBetAmount(cfg, bet.numbers.length, bet.stake) : 0;
}

export function slipTotal(bets: readonly TSlipBet[], types: readonly TBetTypeConfig[]): number {
  return bets.reduce((sum, b) => sum + betAmount(b, types), 0);
}

/** Odds in thousandths as text: 99000 → "99", 9500 → "9.5", 9800000 → "9,800". */
export function formatOdds(oddsX1000: number): string {
  const [int = '0', frac] = String(oddsX1000 / 1000).split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

/** Bet types in the order of the contract's list (lô, đề, 3 càng, xiên, lô trượt, SEA), whatever the configuration's order. */
export function sortBetTypes<T extends Pick<TBetTypeConfig, 'code'>>(types: readonly T[]): T[] {
  const rank = (c: T) => LOTTERY_BET_TYPES.indexOf(c.code);
  return [...types].sort((a, b) => rank(a) - rank(b));
}
