import type { TGameCategory } from '@playhall/contract/categories';
import { step, type TTransitionTable } from './machine.ts';
import { checkAmount, percentOf } from './rewards.ts';

/**
 * Bonus money and its turnover (shared/domain/promotions.md, "Bonus money and turnover"). An issued bonus sits in the
 * member's bonus balance with a requirement; settled valid bets of the allowed categories count toward it by weight;
 * stakes take cash before bonus; when the requirement is met the bonus balance converts to cash, on expiry it is
 * forfeited. Amounts are integer minor units, weights basis points.
 */

/** What the multiple applies to, chosen per activity. */
export type TTurnoverBase = 'bonus' | 'depositPlusBonus';

export interface TTurnoverTerms {
  /** Whole multiple (×10, ×20); 0 means the bonus converts at the first settlement. */
  multiple: number;
  base: TTurnoverBase;
  /** Basis points of a valid bet that count, per category; a category left out does not count. */
  weights: Partial<Record<TGameCategory, number>>;
}

/** The common default (domain note): slots and fishing 100 %, lottery and PVP 50 %, live casino and sports 20 %. */
export const DEFAULT_TURNOVER_WEIGHTS: Readonly<Record<TGameCategory, number>> = {
  RNG: 10_000,
  FISH: 10_000,
  LOTT: 5_000,
  PVP: 5_000,
  LIVE: 2_000,
  SPORTS: 2_000,
  ESPORTS: 2_000,
};

/** Requirement = bonus × multiple, or (deposit + bonus) × multiple. */
export function turnoverRequirement(terms: Pick<TTurnoverTerms, 'multiple' | 'base'>, bonus: number, deposit = 0): number {
  checkAmount('bonus', bonus);
  checkAmount('deposit', deposit);
  checkAmount('multiple', terms.multiple);
  const requirement = (terms.base === 'bonus' ? bonus : deposit + bonus) * terms.multiple;
  checkAmount('requirement', requirement);
  return requirement;
}

export interface TBetForTurnover {
  category: TGameCategory;
  validBet: number;
  settled: boolean;
}

/** What one bet adds to turnover: its valid bet × the category's weight, rounded down; 0 until it is settled. */
export function turnoverContribution(weights: TTurnoverTerms['weights'], bet: TBetForTurnover): number {
  checkAmount('validBet', bet.validBet);
  return bet.settled ? percentOf(bet.validBet, weights[bet.category] ?? 0) : 0;
}

export function turnoverProgress(weights: TTurnoverTerms['weights'], bets: readonly TBetForTurnover[]): number {
  return bets.reduce((sum, bet) => sum + turnoverContribution(weights, bet), 0);
}

export interface TBalances {
  cash: number;
  bonus: number;
}

/** Where a stake was taken from. */
export interface TStakeSplit {
  fromCash: number;
  fromBonus: number;
}

/** A stake taken from cash first, then from bonus; null when the two balances together do not cover it. */
export function splitStake(balances: TBalances, stake: number): TStakeSplit | null {
  checkAmount('cash', balances.cash);
  checkAmount('bonus', balances.bonus);
  checkAmount('stake', stake);
  if (stake > balances.cash + balances.bonus) return null;
  const fromCash = Math.min(stake, balances.cash);
  return { fromCash, fromBonus: stake - fromCash };
}

/**
 * A win credited in the proportion its stake was taken: the bonus part is floor(win × fromBonus / stake), the rest
 * (including the rounding) goes to cash.
 */
export function splitWin(split: TStakeSplit, win: number): { toCash: number; toBonus: number } {
  checkAmount('win', win);
  const stake = split.fromCash + split.fromBonus;
  const toBonus = stake === 0 ? 0 : Number((BigInt(win) * BigInt(split.fromBonus)) / BigInt(stake));
  return { toCash: win - toBonus, toBonus };
}

/** The largest stake allowed while a bonus is open (domain note: 10 % of the bonus by default). */
export function maxStakeWithBonus(bonus: number, rate = 1_000): number {
  return percentOf(bonus, rate);
}

export const BONUS_STATUSES = ['open', 'converted', 'forfeited'] as const;
export type TBonusStatus = (typeof BONUS_STATUSES)[number];
export type TBonusEvent = 'turnoverMet' | 'expire' | 'forfeit';

/**
 * | from | event       | to        | when                                                                         |
 * |------|-------------|-----------|------------------------------------------------------------------------------|
 * | open | turnoverMet | converted | progress reached the requirement: the bonus balance moves to cash            |
 * | open | expire      | forfeited | the bonus expired with turnover open: the bonus balance goes to the house    |
 * | open | forfeit     | forfeited | a withdrawal while turnover is open, where the operator chose "forfeit"      |
 */
const BONUS_TABLE: TTransitionTable<TBonusStatus, TBonusEvent> = {
  open: { turnoverMet: 'converted', expire: 'forfeited', forfeit: 'forfeited' },
  converted: {},
  forfeited: {},
};

/** The status after `event`; throws a TransitionError (code bonus_transition_refused) when it is impossible. */
export function bonusTransition(from: TBonusStatus, event: TBonusEvent): TBonusStatus {
  return step(BONUS_TABLE, 'bonus', from, event);
}

/** One issued bonus as the service keeps it. */
export interface TBonus {
  status: TBonusStatus;
  /** The bonus balance it holds: the bonus, less stakes taken from it, plus the winnings attributed to it. */
  balance: number;
  requirement: number;
  progress: number;
  expiresAt: Date;
}

/** The bonus after a settled bet's contribution (progress keeps counting past the requirement, for the record). */
export function addTurnover(bonus: TBonus, contribution: number): TBonus {
  checkAmount('contribution', contribution);
  if (bonus.status !== 'open') return bonus;
  return { ...bonus, progress: bonus.progress + contribution };
}

export function remainingTurnover(bonus: TBonus): number {
  return bonus.status === 'open' ? Math.max(0, bonus.requirement - bonus.progress) : 0;
}

/** The one ledger move that closes a bonus: its balance to cash (converted) or to the house (forfeited). */
export interface TBonusClosing {
  event: TBonusEvent;
  status: TBonusStatus;
  amount: number;
  to: 'cash' | 'house';
}

/**
 * What is due on an open bonus at `now`: conversion when the requirement is met (checked first: the bets that met
 * it were settled before now), forfeiture once it has expired, else null (still open).
 */
export function bonusClosing(bonus: TBonus, now: Date): TBonusClosing | null {
  if (bonus.status !== 'open') return null;
  if (bonus.progress >= bonus.requirement) return { event: 'turnoverMet', status: bonusTransition('open', 'turnoverMet'), amount: bonus.balance, to: 'cash' };
  if (now.getTime() >= bonus.expiresAt.getTime()) return { event: 'expire', status: bonusTransition('open', 'expire'), amount: bonus.balance, to: 'house' };
  return null;
}

/** What the operator chose for a withdrawal with turnover open. */
export type TWithdrawalPolicy = 'refuse' | 'forfeit';

export type TWithdrawalCheck =
  | { ok: true; forfeits: TBonusClosing[] }
  | { ok: false; reason: 'turnover_open'; remainingTurnover: number };

/**
 * What a withdrawal request sees of the member's bonuses: allowed when no turnover is open; otherwise refused with
 * the turnover that remains (summed over the open bonuses), or, under "forfeit", allowed with each open bonus's
 * balance forfeited first.
 */
export function withdrawalCheck(bonuses: readonly TBonus[], policy: TWithdrawalPolicy): TWithdrawalCheck {
  const open = bonuses.filter((b) => remainingTurnover(b) > 0);
  if (open.length === 0) return { ok: true, forfeits: [] };
  if (policy === 'refuse') return { ok: false, reason: 'turnover_open', remainingTurnover: open.reduce((sum, b) => sum + remainingTurnover(b), 0) };
  return { ok: true, forfeits: open.map((b) => ({ event: 'forfeit', status: bonusTransition(b.status, 'forfeit'), amount: b.balance, to: 'house' })) };
}
