import { z } from 'zod';
import { ACTIVITY_CATEGORIES, ACTIVITY_KINDS, ZRewardRule, type TActivityKind, type TRewardRule } from '@playhall/contract/calls/promotions';
import type { TRewardRule as TEngineRule } from '../promotions-engine/index.ts';
import { ZRaffleTerms } from '../raffle/raffle.service.ts';

/**
 * What an activity row's JSON columns hold (activities.eligibility, .reward, .terms), one schema per kind, checked
 * when the operator writes them (`ops activity add|edit`) and again when the service reads them. Money in minor
 * units, rates in basis points. A raffle's terms are the raffle module's `ZRaffleTerms`.
 */

const ZMinor = z.number().int().min(0).max(10_000_000_000_000);
const ZPositiveMinor = z.number().int().min(1, 'must be more than 0').max(10_000_000_000_000);

/** Who may take part; every rule given must hold. VIP levels and member labels come with their issue (all 0 / none today). */
export const ZEligibility = z.strictObject({
  /** Registered at most this many days before joining. */
  newWithinDays: z.number().int().min(1).max(3650).optional(),
  minVipLevel: z.number().int().min(1).max(100).optional(),
  /** The member carries at least one of these labels. */
  labels: z.array(z.string().min(1).max(40)).min(1).max(20).optional(),
  /** Downlines (any depth) of this agent; the operator names it, the command stores its id (0 until resolved). */
  agent: z.strictObject({ id: z.number().int().min(0), username: z.string().min(1).max(64) }).optional(),
  /** Credited deposits in the last `days` days reach `amount`. */
  minDeposit: z.strictObject({ amount: ZPositiveMinor, days: z.number().int().min(1).max(365) }).optional(),
  /** Settled valid bet in the last `days` days reaches `amount`. */
  minValidBet: z.strictObject({ amount: ZPositiveMinor, days: z.number().int().min(1).max(365) }).optional(),
});
export type TEligibility = z.infer<typeof ZEligibility>;

export const ZDepositTerms = z.strictObject({ minDeposit: ZMinor });
/** Day 1, 2, … of a streak; after the last day the cycle starts again (engine checkInReward). */
export const ZCheckInTerms = z.strictObject({ days: z.array(ZPositiveMinor).min(1, 'at least one day').max(31, 'at most 31 days') });
export const PERIODS = ['day', 'week'] as const;
export type TPeriod = (typeof PERIODS)[number];
/** Paid after each period (a local day, or a week from Monday) on the net loss of the period. */
export const ZCashbackTerms = z.strictObject({ period: z.enum(PERIODS), minNetLoss: ZMinor });
export const ZTiersTerms = z.strictObject({
  period: z.enum(PERIODS),
  tiers: z
    .array(z.strictObject({ validBet: ZPositiveMinor, amount: ZPositiveMinor }))
    .min(1, 'at least one tier')
    .max(20)
    .refine((tiers) => tiers.every((tier, i) => i === 0 || tier.validBet > (tiers[i - 1]?.validBet ?? 0)), 'tiers must go up in valid bet'),
});
export const TERMS_OF: Record<TActivityKind, z.ZodType<Record<string, unknown>>> = {
  firstDeposit: ZDepositTerms,
  reload: ZDepositTerms,
  checkIn: ZCheckInTerms,
  cashback: ZCashbackTerms,
  turnoverTiers: ZTiersTerms,
  proof: z.strictObject({}),
  raffle: ZRaffleTerms,
};

/** The rule types each kind's reward may take (check-in days, tiers and raffle prizes are fixed amounts in their terms). */
export const REWARD_TYPES_OF: Record<TActivityKind, readonly TRewardRule['type'][]> = {
  firstDeposit: ['fixed', 'percent'],
  reload: ['fixed', 'percent'],
  checkIn: ['fixed'],
  cashback: ['percent', 'fixed'],
  turnoverTiers: ['fixed'],
  proof: ['fixed', 'points'],
  raffle: ['fixed'],
};

/** An activity as the operator defines it (ops activity add; edit changes some of it). */
export const ZActivityInput = z.strictObject({
  kind: z.enum(ACTIVITY_KINDS),
  category: z.enum(ACTIVITY_CATEGORIES),
  title: z.string().trim().min(1).max(120),
  summary: z.string().trim().max(300),
  termsHtml: z.string().max(50_000),
  imageUrl: z.string().max(500).nullable(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  eligibility: ZEligibility,
  reward: ZRewardRule,
  terms: z.record(z.string(), z.unknown()),
  turnoverMultiple: z.number().int().min(0).max(1000),
  turnoverBase: z.enum(['bonus', 'depositPlusBonus']),
  withdrawalPolicy: z.enum(['refuse', 'forfeit']),
  bonusDays: z.number().int().min(1).max(365),
  claimDays: z.number().int().min(1).max(365),
  perMemberLimit: z.number().int().positive().nullable(),
  budget: ZPositiveMinor.nullable(),
});
export type TActivityInput = z.infer<typeof ZActivityInput>;

/**
 * The rules an activity must keep beyond each field's own: the terms of its kind, a reward type the kind takes, a
 * period that ends after it starts, a base that has a deposit. Each problem names the rule broken.
 */
export function activityProblems(a: TActivityInput): string[] {
  const problems: string[] = [];
  if (Date.parse(a.endsAt) <= Date.parse(a.startsAt)) problems.push('period: --to must be after --from');
  const terms = TERMS_OF[a.kind].safeParse(a.terms);
  if (!terms.success) problems.push(...terms.error.issues.map((i) => `terms of a ${a.kind} activity: ${i.path.join('.') || 'terms'} ${i.message}`));
  if (!REWARD_TYPES_OF[a.kind].includes(a.reward.type)) problems.push(`reward: a ${a.kind} activity pays ${REWARD_TYPES_OF[a.kind].join(' or ')}, not ${a.reward.type}`);
  if (a.reward.type === 'points' && a.turnoverMultiple > 0) problems.push('turnover: points carry no turnover (use --turnover 0)');
  if (a.turnoverBase === 'depositPlusBonus' && a.kind !== 'firstDeposit' && a.kind !== 'reload') problems.push('turnover base: deposit-plus-bonus needs a deposit activity (first-deposit or reload)');
  if (a.reward.type === 'percent' && a.reward.rate > 100_000) problems.push('reward: a percentage above 1000 % is refused as a typo');
  return problems;
}

/** The contract's rule ({ type }) as the engine reads it ({ kind }). */
export function engineRule(rule: TRewardRule): TEngineRule {
  switch (rule.type) {
    case 'fixed':
      return { kind: 'fixed', amount: rule.amount };
    case 'percent':
      return { kind: 'percent', rate: rule.rate, cap: rule.cap };
    case 'points':
      return { kind: 'points', points: rule.points };
  }
}
