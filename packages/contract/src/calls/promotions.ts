import { z } from 'zod';
import { ACTIVITY_IMAGES_MAX, ACTIVITY_REMARK_MAX } from '../constants.ts';
import { defineCall, defineRelay, ZEmpty } from '../define.ts';
import { DAY_RANGE_FIELDS, PAGE_FIELDS, pageOf, ZId, ZIdQuery, ZImageUpload, ZMinor, ZRequestId, ZTime } from '../fields.ts';

// Promotions that members join (issue 17): activities, applications with proof, the bonus wallet with its
// turnover, the reward centre, the raffle and red envelopes. Spec §1–§5, §7 (MCS2_claimRafflePromotion);
// the rest of the calls are ours (the spec names no other relay for them). docs/decisions.md, "Promotions".

/** What an activity is; the operator picks one when adding it (`ops activity add --kind`). */
export const ACTIVITY_KINDS = ['firstDeposit', 'reload', 'checkIn', 'cashback', 'turnoverTiers', 'proof', 'raffle'] as const;
export type TActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The tabs of /promotions; the operator files each activity under one. */
export const ACTIVITY_CATEGORIES = ['welcome', 'deposit', 'daily', 'rebate', 'event'] as const;
export type TActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

/**
 * A member's status on an activity, spec §4 in words: coming soon, join, applying, in process, signed, rejected,
 * claim, issued, claimed, closed. One state machine on the server (modules/promotions-engine/status.ts).
 */
export const ACTIVITY_STATUSES = ['comingSoon', 'join', 'applying', 'inProcess', 'signed', 'rejected', 'claim', 'issued', 'claimed', 'closed'] as const;
export type TActivityStatus = (typeof ACTIVITY_STATUSES)[number];

/** How the reward of an activity is worked out. Rates are basis points (10,000 = 100 %). */
export const ZRewardRule = z.discriminatedUnion('type', [
  z.object({ type: z.literal('fixed'), amount: ZMinor }),
  z.object({ type: z.literal('percent'), rate: z.number().int().positive(), cap: ZMinor.nullable() }),
  z.object({ type: z.literal('points'), points: z.number().int().positive() }),
]);
export type TRewardRule = z.infer<typeof ZRewardRule>;

/** What a member may do on an activity now; the detail page shows one button per action. */
export const ACTIVITY_ACTIONS = ['join', 'apply', 'checkIn', 'claim'] as const;
export type TActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ZActivityCard = z.object({
  id: z.number().int(),
  kind: z.enum(ACTIVITY_KINDS),
  category: z.enum(ACTIVITY_CATEGORIES),
  title: z.string(),
  summary: z.string(),
  /** Art of the card: an image path of the site (`img/...`) or null for the kind's own artwork. */
  imageUrl: z.string().nullable(),
  startsAt: ZTime,
  endsAt: ZTime,
  /** The member's own status; a visitor sees comingSoon, join or closed. */
  status: z.enum(ACTIVITY_STATUSES),
  reward: ZRewardRule,
  /** Turnover multiple of the bonus (0: paid as cash, no turnover). */
  turnoverMultiple: z.number().int().min(0),
});
export type TActivityCard = z.infer<typeof ZActivityCard>;

/** Why a member cannot take part (shown under the button). */
export const INELIGIBLE_REASONS = ['notNewMember', 'vipLevel', 'memberLabel', 'agentTree', 'minDeposit', 'minValidBet', 'limitReached', 'budgetExhausted', 'login'] as const;
export type TIneligibleReason = (typeof INELIGIBLE_REASONS)[number];

export const ZRaffleView = z.object({
  /** SHA-256 of the seed, published before the period closes. */
  seedHash: z.string(),
  /** The seed, revealed after the draw; null before. */
  seed: z.string().nullable(),
  /** Valid bet per ticket. */
  ticketPer: ZMinor,
  myTickets: z.array(z.number().int()),
  totalTickets: z.number().int().min(0),
  prizes: z.array(z.object({ name: z.string(), amount: ZMinor })),
  drawnAt: ZTime.nullable(),
  winners: z.array(
    z.object({
      prize: z.number().int().min(0),
      ticket: z.number().int().min(0),
      /** Masked username (ab***yz); the member's own is shown whole. */
      member: z.string(),
      amount: ZMinor,
      mine: z.boolean(),
      claimed: z.boolean(),
    }),
  ),
});
export type TRaffleView = z.infer<typeof ZRaffleView>;

export const ZActivityDetail = ZActivityCard.extend({
  /** Rich terms, sanitised on write and again on render. */
  termsHtml: z.string(),
  perMemberLimit: z.number().int().positive().nullable(),
  /** Rewards this member has had from the activity. */
  granted: z.number().int().min(0),
  actions: z.array(z.enum(ACTIVITY_ACTIONS)),
  ineligible: z.array(z.enum(INELIGIBLE_REASONS)),
  /** The member's figures the activity looks at, in its window (null for a visitor). */
  progress: z.object({ deposit: ZMinor, validBet: ZMinor, netLoss: ZMinor }).nullable(),
  checkIn: z.object({ streak: z.number().int().min(0), signedToday: z.boolean(), days: z.array(ZMinor) }).nullable(),
  tiers: z.array(z.object({ validBet: ZMinor, amount: ZMinor, reached: z.boolean(), paid: z.boolean() })).nullable(),
  /** The member's latest application (proof activities). */
  application: z
    .object({ id: z.number().int(), status: z.enum(['applying', 'approved', 'rejected']), remark: z.string(), reason: z.string().nullable(), time: ZTime, images: z.number().int() })
    .nullable(),
  /** A reward of this activity waiting for the member's claim. */
  claimRewardId: z.number().int().nullable(),
  raffle: ZRaffleView.nullable(),
});
export type TActivityDetail = z.infer<typeof ZActivityDetail>;

/** /promotions: the activities that are on or coming, with the member's status on each. */
export const listActivities = defineCall({
  name: 'promotions.list',
  method: 'GET',
  path: '/wps/promotions',
  moduleId: 'WPS',
  token: 'optional',
  request: z.strictObject({ category: z.enum(ACTIVITY_CATEGORIES).optional() }),
  response: z.object({ list: z.array(ZActivityCard) }),
  issue: 17,
});

/** /promoDetail: terms, progress and the action the member can take. */
export const activityDetail = defineCall({
  name: 'promotions.detail',
  method: 'GET',
  path: '/wps/promotions/detail',
  moduleId: 'WPS',
  token: 'optional',
  request: z.strictObject({ id: ZIdQuery }),
  response: ZActivityDetail,
  issue: 17,
});

/** Join an activity (deposit, check-in, cashback, turnover tiers, raffle): status becomes inProcess. */
export const joinActivity = defineCall({
  name: 'promotions.join',
  method: 'POST',
  path: '/wps/promotions/join',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ requestId: ZRequestId, id: ZId }),
  response: z.object({ status: z.enum(ACTIVITY_STATUSES) }),
  issue: 17,
});

/** Apply to a proof activity: remark up to 140 characters, up to 3 PNG or JPEG images under 5 MB each (spec §3, §5). */
export const applyActivity = defineCall({
  name: 'promotions.apply',
  method: 'POST',
  path: '/wps/promotions/apply',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({
    requestId: ZRequestId,
    id: ZId,
    remark: z.string().trim().min(1).max(ACTIVITY_REMARK_MAX),
    images: z.array(ZImageUpload).max(ACTIVITY_IMAGES_MAX, 'too_many_images'),
  }),
  response: z.object({ applicationId: z.number().int(), status: z.enum(ACTIVITY_STATUSES) }),
  issue: 17,
});

/** Daily check-in: signs today, pays the day's reward of the streak. */
export const checkIn = defineCall({
  name: 'promotions.checkIn',
  method: 'POST',
  path: '/wps/promotions/checkIn',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ requestId: ZRequestId, id: ZId }),
  response: z.object({ streak: z.number().int().positive(), amount: ZMinor, status: z.enum(ACTIVITY_STATUSES) }),
  issue: 17,
});

/** Where a reward came from (reward centre); later issues add rebates, VIP, missions and referrals. */
export const REWARD_SOURCES = ['activity', 'rebate', 'vip', 'mission', 'referral', 'raffle', 'envelope', 'mall'] as const;
export const REWARD_STATUSES = ['claim', 'issued', 'claimed', 'expired'] as const;
export const BONUS_STATUSES = ['open', 'converted', 'forfeited'] as const;

export const ZReward = z.object({
  id: z.number().int(),
  time: ZTime,
  source: z.enum(REWARD_SOURCES),
  activityId: z.number().int().nullable(),
  title: z.string(),
  /** bonus: into the bonus wallet with turnover; cash: into the main wallet; points: the points ledger. */
  form: z.enum(['bonus', 'cash', 'points']),
  amount: ZMinor,
  status: z.enum(REWARD_STATUSES),
  /** Until when a reward in `claim` can be claimed. */
  claimBy: ZTime.nullable(),
  turnover: z
    .object({ required: ZMinor, done: ZMinor, status: z.enum(BONUS_STATUSES), expiresAt: ZTime.nullable() })
    .nullable(),
});
export type TReward = z.infer<typeof ZReward>;

/** The member centre's reward centre (rewardCenter): every reward, its status and turnover progress. */
export const listRewards = defineCall({
  name: 'rewards.list',
  method: 'GET',
  path: '/wps/member/rewards',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ status: z.enum(REWARD_STATUSES).optional(), ...DAY_RANGE_FIELDS, ...PAGE_FIELDS }),
  response: pageOf(ZReward).extend({
    /** The bonus wallet's balance: money that turns to cash when its turnover is met. */
    bonusBalance: ZMinor,
    /** Valid bet still needed over every open bonus. */
    turnoverLeft: ZMinor,
    claimable: z.number().int().min(0),
  }),
  issue: 17,
});

/** Claim a reward that waits for it (status claim): credited through the ledger once. */
export const claimReward = defineCall({
  name: 'rewards.claim',
  method: 'POST',
  path: '/wps/member/rewards/claim',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ requestId: ZRequestId, rewardId: ZId }),
  response: z.object({ amount: ZMinor, balance: ZMinor, bonusBalance: ZMinor }),
  issue: 17,
});

/** A raffle prize is claimed once, after the draw (spec §7). */
export const claimRaffle = defineRelay({
  name: 'promotion.claimRaffle',
  relay: 'MCS2_claimRafflePromotion',
  moduleId: 'MCS2',
  token: 'required',
  request: z.strictObject({ requestId: ZRequestId, promotionId: ZId }),
  response: z.object({ prizeName: z.string(), amount: ZMinor, balance: ZMinor }),
  issue: 17,
});

export const ZEnvelopeRain = z.object({
  id: z.number().int(),
  title: z.string(),
  startsAt: ZTime,
  endsAt: ZTime,
  state: z.enum(['upcoming', 'open', 'over']),
  /** False for a visitor or a member the rain's eligibility leaves out. */
  eligible: z.boolean(),
  /** What this member found in the envelope; null until opened. */
  opened: ZMinor.nullable(),
  /** Envelopes not yet opened. */
  left: z.number().int().min(0),
});
export type TEnvelopeRain = z.infer<typeof ZEnvelopeRain>;

/** Red envelope rains now on and coming in the next day. */
export const envelopeRains = defineCall({
  name: 'envelopes.rains',
  method: 'GET',
  path: '/wps/promotions/envelopes',
  moduleId: 'WPS',
  token: 'optional',
  request: ZEmpty,
  response: z.object({ list: z.array(ZEnvelopeRain) }),
  issue: 17,
});

/** Open this member's one envelope of a rain that is on: a random amount from the pool, through the ledger. */
export const openEnvelope = defineCall({
  name: 'envelopes.open',
  method: 'POST',
  path: '/wps/promotions/envelopes/open',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ requestId: ZRequestId, rainId: ZId }),
  response: z.object({ amount: ZMinor, balance: ZMinor }),
  issue: 17,
});
