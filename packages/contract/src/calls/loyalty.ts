import { z } from 'zod';
import { defineCall, ZEmpty } from '../define.ts';
import { PAGE_FIELDS, pageOf, ZDay, ZId, ZMinor, ZRequestId, ZTime } from '../fields.ts';

// Loyalty (issue 18): VIP levels and their benefits, missions with the leaderboard, invite friends. The points
// calls are the spec's relays in points.ts. The spec names no call for these; they are ours
// (docs/decisions.md, "Loyalty (issue 18)"). Defaults where the spec is silent: /work/shared/domain/loyalty.md.

/** Game categories a rate or a mission can name (the catalogue's categories and LOTT for lottery tickets). */
export const LOYALTY_CATEGORIES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT'] as const;
export type TLoyaltyCategory = (typeof LOYALTY_CATEGORIES)[number];

/** Basis points per category (10,000 = 100 %); a category left out earns nothing. */
export const ZCategoryRates = z.partialRecord(z.enum(LOYALTY_CATEGORIES), z.number().int().min(0).max(10_000));

export const ZVipLevel = z.object({
  level: z.number().int().min(0),
  /** The level's display name, also the member's `clubLabel`. */
  name: z.string(),
  /** Cumulative valid bet since registration to reach the level. */
  validBetRequired: ZMinor,
  /** Cumulative deposit since registration to reach the level (0: none). */
  depositRequired: ZMinor,
  /** Valid bet in a calendar month to keep the level; a month short moves the member down one level. */
  keepValidBet: ZMinor,
  /** Paid once, the first time the level is reached. */
  upgradeBonus: ZMinor,
  monthlyBonus: ZMinor,
  birthdayBonus: ZMinor,
  /** Turnover multiple of the level's bonuses (0: paid as cash). */
  bonusTurnoverMultiple: z.number().int().min(0),
  /** Daily rebate on valid bets per category, paid the next day. */
  rebateRates: ZCategoryRates,
  withdrawalsPerDay: z.number().int().min(0),
  withdrawalLimitPerDay: ZMinor,
});
export type TVipLevel = z.infer<typeof ZVipLevel>;

export const ZVipProgress = z.object({
  level: z.number().int().min(0),
  name: z.string(),
  since: ZTime.nullable(),
  /** Cumulative figures since registration, as of the last recomputation. */
  validBet: ZMinor,
  deposit: ZMinor,
  /** The next level and what is still needed to reach it; null at the top. */
  next: z
    .object({ level: z.number().int(), name: z.string(), validBetNeeded: ZMinor, depositNeeded: ZMinor })
    .nullable(),
  /** Keeping the current level this month; null at level 0. */
  keep: z.object({ required: ZMinor, done: ZMinor, monthEnds: ZTime }).nullable(),
  /** Confirmed birthday (YYYY-MM-DD) or null; it can be confirmed once. */
  birthday: ZDay.nullable(),
  /** Operator tags such as "high roller". */
  labels: z.array(z.string()),
  /** Today's use of the level's withdrawal allowance. */
  withdrawalsToday: z.object({ count: z.number().int().min(0), amount: ZMinor }),
});
export type TVipProgress = z.infer<typeof ZVipProgress>;

/** /vip: the level table, and for a member the progress to the next level and what keeping the level needs. */
export const vipLevels = defineCall({
  name: 'vip.levels',
  method: 'GET',
  path: '/wps/vip/levels',
  moduleId: 'WPS',
  token: 'optional',
  request: ZEmpty,
  response: z.object({ levels: z.array(ZVipLevel), me: ZVipProgress.nullable() }),
  issue: 18,
});

/** The member confirms a birthday once (spec §9: 21 or older); the birthday bonus is paid on it each year. */
export const confirmBirthday = defineCall({
  name: 'vip.confirmBirthday',
  method: 'POST',
  path: '/wps/vip/birthday',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ birthday: ZDay, confirmAge: z.literal(true) }),
  response: z.object({ birthday: ZDay }),
  issue: 18,
});

export const MISSION_KINDS = ['validBet', 'betCount', 'distinctGames', 'deposit', 'loginStreak', 'lotteryWin'] as const;
export type TMissionKind = (typeof MISSION_KINDS)[number];
export const MISSION_PERIODS = ['daily', 'weekly'] as const;
export const MISSION_STATUSES = ['inProgress', 'claimable', 'claimed'] as const;

export const ZMission = z.object({
  id: z.number().int(),
  period: z.enum(MISSION_PERIODS),
  kind: z.enum(MISSION_KINDS),
  /** The category a validBet / betCount / distinctGames mission counts; null for any. */
  category: z.enum(LOYALTY_CATEGORIES).nullable(),
  title: z.string(),
  /** Minor units for validBet and deposit; a count for the others. */
  target: z.number().int().positive(),
  progress: z.number().int().min(0),
  reward: z.object({ form: z.enum(['points', 'bonus', 'cash']), amount: z.number().int().positive() }),
  /** Score added to the leaderboard when claimed. */
  score: z.number().int().min(0),
  status: z.enum(MISSION_STATUSES),
  periodEndsAt: ZTime,
});
export type TMission = z.infer<typeof ZMission>;

export const ZMissionEvent = z.object({ id: z.number().int(), name: z.string(), startsAt: ZTime, endsAt: ZTime });

/** The member's missions of the current day and week, with progress read from settled data. */
export const listMissions = defineCall({
  name: 'missions.list',
  method: 'GET',
  path: '/wps/missions',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: z.object({ event: ZMissionEvent.nullable(), missions: z.array(ZMission), available: z.number().int().min(0) }),
  issue: 18,
});

/** The member menu's badge (spec §2): missions completed and not yet claimed. */
export const availableMissions = defineCall({
  name: 'missions.available',
  method: 'GET',
  path: '/wps/missions/available',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: z.object({ available: z.number().int().min(0) }),
  issue: 18,
});

/** Claim a completed mission of the current period: its reward is granted once. */
export const claimMission = defineCall({
  name: 'missions.claim',
  method: 'POST',
  path: '/wps/missions/claim',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ requestId: ZRequestId, missionId: ZId }),
  response: z.object({ mission: ZMission, rewardId: z.number().int(), available: z.number().int().min(0) }),
  issue: 18,
});

/** missionLeaderboard: members ranked by mission score in the event, usernames masked. */
export const missionLeaderboard = defineCall({
  name: 'missions.leaderboard',
  method: 'GET',
  path: '/wps/missions/leaderboard',
  moduleId: 'WPS',
  token: 'optional',
  request: z.strictObject({ eventId: z.coerce.number().int().positive().optional() }),
  response: z.object({
    event: ZMissionEvent.nullable(),
    rows: z.array(z.object({ rank: z.number().int().positive(), member: z.string(), score: z.number().int(), mine: z.boolean() })),
    /** The asking member's own place; null for a visitor or a member with no score. */
    me: z.object({ rank: z.number().int().positive(), score: z.number().int() }).nullable(),
  }),
  issue: 18,
});

export const REFERRAL_STATES = ['registered', 'deposited', 'qualified', 'notQualified'] as const;

/** Invite friends: the member's code, link and terms, and what the invitations earned. */
export const referralInfo = defineCall({
  name: 'referral.info',
  method: 'GET',
  path: '/wps/referral',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: z.object({
    code: z.string(),
    /** Path of the invitation link on this site: `/register?referralCode=<code>`. */
    link: z.string(),
    terms: z.object({
      firstDeposit: ZMinor,
      validBet: ZMinor,
      days: z.number().int().positive(),
      reward: z.object({ form: z.enum(['points', 'bonus', 'cash']), amount: z.number().int().positive() }),
    }),
    totals: z.object({ invited: z.number().int().min(0), qualified: z.number().int().min(0), rewarded: ZMinor, rewardedPoints: z.number().int().min(0) }),
    /** Who invited this member (masked as in the invitee list); null when nobody did. */
    inviter: z.string().nullable(),
    /** Until when this member may still link an inviter's code (referral.bind); null once one is linked or the 7 days are over. */
    bindUntil: ZTime.nullable(),
  }),
  issue: 18,
});

/**
 * A member who registered without a code links an inviter's code within 7 days of registering, once; the member's
 * own code is refused (referral_self), an unknown one is invitation_code_error.
 */
export const bindReferral = defineCall({
  name: 'referral.bind',
  method: 'POST',
  path: '/wps/referral/bind',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ code: z.string().trim().min(1).max(32) }),
  response: z.object({ inviter: z.string() }),
  issue: 18,
});

/** The member's invitees, masked, with their state and the reward each earned. */
export const referralInvitees = defineCall({
  name: 'referral.invitees',
  method: 'GET',
  path: '/wps/referral/invitees',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ state: z.enum(REFERRAL_STATES).optional(), ...PAGE_FIELDS }),
  response: pageOf(
    z.object({
      id: z.number().int(),
      member: z.string(),
      registeredAt: ZTime,
      state: z.enum(REFERRAL_STATES),
      /** Why an invitee does not qualify (self, sameDevice, sameIp, expired); null otherwise. */
      reason: z.enum(['sameDevice', 'sameIp', 'expired']).nullable(),
      reward: z.object({ form: z.enum(['points', 'bonus', 'cash']), amount: z.number().int().positive() }).nullable(),
    }),
  ),
  issue: 18,
});
