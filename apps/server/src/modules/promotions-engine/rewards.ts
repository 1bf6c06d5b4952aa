/**
 * What each kind of activity pays (shared/domain/promotions.md, "Activity kinds"). Money is integer minor units,
 * rates integer basis points (per 10,000); every percentage rounds down, and no reward is ever negative. Inputs that
 * are not safe integers (or negative where they cannot be) throw a RangeError: they are a bug upstream.
 */

export const RATE_SCALE = 10_000;

/** An activity's reward: a fixed amount, a percentage of the activity's base up to a cap, or points. */
export type TRewardRule =
  | { kind: 'fixed'; amount: number }
  | { kind: 'percent'; rate: number; cap: number | null }
  | { kind: 'points'; points: number };

/** What a rule gives: money in minor units, or points. */
export interface TReward {
  unit: 'money' | 'points';
  amount: number;
}

const NOTHING: TReward = { unit: 'money', amount: 0 };

export function checkAmount(name: string, value: number, min = 0): void {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be an integer ≥ ${min}, got ${value}`);
}

/** floor(base × rate / 10,000), exact past 2^53 (BigInt); rates above 100 % are allowed (a 200 % welcome bonus). */
export function percentOf(base: number, rate: number): number {
  checkAmount('base', base);
  checkAmount('rate', rate);
  return Number((BigInt(base) * BigInt(rate)) / BigInt(RATE_SCALE));
}

/** The reward a rule gives on a base (the deposit, the net loss, the valid bet); a base of 0 or less gives nothing. */
export function applyRule(rule: TRewardRule, base: number): TReward {
  if (base <= 0) return rule.kind === 'points' ? { unit: 'points', amount: 0 } : NOTHING;
  switch (rule.kind) {
    case 'fixed':
      checkAmount('amount', rule.amount);
      return { unit: 'money', amount: rule.amount };
    case 'percent': {
      const amount = percentOf(base, rule.rate);
      if (rule.cap !== null) checkAmount('cap', rule.cap);
      return { unit: 'money', amount: rule.cap === null ? amount : Math.min(amount, rule.cap) };
    }
    case 'points':
      checkAmount('points', rule.points);
      return { unit: 'points', amount: rule.points };
  }
}

export interface TDepositTerms {
  /** The smallest deposit that qualifies, minor units. */
  minDeposit: number;
  reward: TRewardRule;
}

/** Reload bonus: the rule applied to a deposit of at least minDeposit (typically a percentage up to a cap). */
export function reloadBonus(terms: TDepositTerms, deposit: number): TReward {
  checkAmount('deposit', deposit);
  checkAmount('minDeposit', terms.minDeposit);
  return applyRule(terms.reward, deposit >= terms.minDeposit ? deposit : 0);
}

/** First-deposit bonus: a reload bonus that only the member's first deposit earns. */
export function firstDepositBonus(terms: TDepositTerms, deposit: number, isFirstDeposit: boolean): TReward {
  return reloadBonus(terms, isFirstDeposit ? deposit : 0);
}

/** Daily check-in: the reward (fixed or points) of each day of a streak, day 1 first (e.g. seven, the last bigger). */
export interface TCheckInTerms {
  days: readonly TRewardRule[];
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(time)) throw new RangeError(`not a day: ${day}`);
  return time / DAY_MS;
};

/**
 * The length of the run of consecutive days ending on `today` (yyyy-mm-dd, merchant time zone), counting today
 * when it is among the days; the order of `days` and repeats do not matter. 0 when neither today nor yesterday is
 * in it.
 */
export function consecutiveDays(days: readonly string[], today: string): number {
  const signed = new Set(days.map(dayNumber));
  let day = dayNumber(today);
  if (!signed.has(day)) day -= 1;
  let run = 0;
  while (signed.has(day - run)) run += 1;
  return run;
}

/**
 * The reward of the streak's `streak`-th day (1-based). After the last configured day the cycle starts again at day 1
 * (docs/decisions.md, "Promotions engine"); a missed day has already reset the streak (consecutiveDays).
 */
export function checkInReward(terms: TCheckInTerms, streak: number): TReward {
  checkAmount('streak', streak, 1);
  const rule = terms.days[(streak - 1) % terms.days.length];
  if (!rule) throw new RangeError('a check-in activity needs at least one day');
  if (rule.kind === 'percent') throw new RangeError('a check-in day pays a fixed amount or points, there is no base for a percentage');
  return applyRule(rule, 1);
}

export interface TCashbackTerms {
  /** The smallest net loss that pays, minor units. */
  minNetLoss: number;
  /** Usually a percentage of the net loss up to a cap. */
  reward: TRewardRule;
}

/** Net loss of a period: stakes minus payouts of settled bets, minor units; negative when the member won. */
export function netLoss(bets: readonly { stake: number; payout: number }[]): number {
  let loss = 0;
  for (const bet of bets) {
    checkAmount('stake', bet.stake);
    checkAmount('payout', bet.payout);
    loss += bet.stake - bet.payout;
  }
  return loss;
}

/** Cashback / loss rescue, paid after the period: the rule on the period's net loss when it reaches minNetLoss. */
export function cashback(terms: TCashbackTerms, periodNetLoss: number): TReward {
  if (!Number.isSafeInteger(periodNetLoss)) throw new RangeError(`net loss must be an integer, got ${periodNetLoss}`);
  checkAmount('minNetLoss', terms.minNetLoss);
  return applyRule(terms.reward, periodNetLoss > 0 && periodNetLoss >= terms.minNetLoss ? periodNetLoss : 0);
}

/** A turnover tier: reaching minValidBet in the period pays reward (a fixed amount, points, or a % of valid bet). */
export interface TTurnoverTier {
  minValidBet: number;
  reward: TRewardRule;
}

export interface TTierPayment {
  /** Index of the tier in the activity's list. */
  tier: number;
  reward: TReward;
}

/**
 * Turnover reward tiers: each tier reached (valid bet at or above its minimum) pays once, so a member who reaches
 * three tiers is paid the three; `paid` are the indexes already paid this period, left out of the answer.
 */
export function turnoverTierPayments(tiers: readonly TTurnoverTier[], validBet: number, paid: readonly number[] = []): TTierPayment[] {
  checkAmount('validBet', validBet);
  const done = new Set(paid);
  return tiers.flatMap((tier, index) => {
    checkAmount('minValidBet', tier.minValidBet);
    return validBet >= tier.minValidBet && !done.has(index) ? [{ tier: index, reward: applyRule(tier.reward, validBet) }] : [];
  });
}

export interface TGrantLimits {
  /** How many rewards one member may receive from the activity; null: no limit. */
  perMemberLimit: number | null;
  /** How many the member has received already. */
  memberGrants: number;
  /** The activity's budget in the reward's unit; null: no budget. */
  budget: number | null;
  /** What the activity has granted so far, same unit. */
  spent: number;
}

export type TGrantDecision = { ok: true; amount: number } | { ok: false; reason: 'nothing_to_grant' | 'member_limit_reached' | 'budget_exhausted' };

/**
 * Whether a computed reward may be granted. A reward the remaining budget cannot cover in full is refused rather than
 * cut (a member gets what the terms promise or nothing; the service then closes the activity).
 */
export function grantDecision(reward: TReward, limits: TGrantLimits): TGrantDecision {
  checkAmount('memberGrants', limits.memberGrants);
  checkAmount('spent', limits.spent);
  if (reward.amount <= 0) return { ok: false, reason: 'nothing_to_grant' };
  if (limits.perMemberLimit !== null && limits.memberGrants >= limits.perMemberLimit) return { ok: false, reason: 'member_limit_reached' };
  if (limits.budget !== null && limits.spent + reward.amount > limits.budget) return { ok: false, reason: 'budget_exhausted' };
  return { ok: true, amount: reward.amount };
}
