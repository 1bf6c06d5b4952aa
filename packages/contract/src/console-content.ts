import { z } from 'zod';
import { ZId, ZIdQuery, ZMinor, ZTime } from './fields.ts';
import { consoleCall, ZDone, ZEmptyRequest, ZReason, type TConsoleCallDef } from './console-define.ts';
import { ACTIVITY_CATEGORIES, ACTIVITY_KINDS } from './calls/promotions.ts';

// The console's content area beyond announcements (issue 24): the members' help centre and the promotions
// (activities) with their proof applications. Banners are announcements of type B (the member home's `banners` are
// read from them), so the announcements page covers them. Reads need `content.view`, changes `content.edit`; every
// change runs the CLI's command on the server (`help add|edit|remove`, `activity add|schedule|close|review`), which
// sanitises the HTML on save and writes the audit row with before and after.

// ---------------------------------------------------------------- help articles

const ZHelpArticleRow = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryTitle: z.string(),
  title: z.string(),
  /** Sanitised HTML, as members see it. */
  content: z.string(),
  sort: z.number().int(),
});
export type TConsoleHelpArticle = z.infer<typeof ZHelpArticleRow>;

export const consoleHelpArticles = consoleCall({
  name: 'content.help',
  method: 'GET',
  access: 'content.view',
  request: ZEmptyRequest,
  response: z.object({ list: z.array(ZHelpArticleRow) }),
});

const ZHelpFields = {
  /** A category's title: an existing one (any case) is reused, a new title makes a new category. */
  category: z.string().trim().min(1, 'category_required').max(100),
  title: z.string().trim().min(1, 'title_required').max(200),
  content: z.string().trim().min(1, 'content_required').max(50_000),
  /** Order inside the category; null: after the others. */
  sort: z.number().int().min(-1_000_000).max(1_000_000).nullable().default(null),
};
/** A new article; its HTML is sanitised on save, and the answer is the stored row (what members will see). */
export const consoleHelpAdd = consoleCall({
  name: 'content.help.add',
  access: 'content.edit',
  request: z.strictObject(ZHelpFields),
  response: ZHelpArticleRow,
});
/** An article rewritten whole (a null sort keeps its place); an unknown id answers `not_found`. */
export const consoleHelpEdit = consoleCall({
  name: 'content.help.edit',
  access: 'content.edit',
  request: z.strictObject({ id: ZId, ...ZHelpFields }),
  response: ZHelpArticleRow,
});
export const consoleHelpRemove = consoleCall({
  name: 'content.help.remove',
  access: 'content.edit',
  request: z.strictObject({ id: ZId }),
  response: ZDone,
});

// ---------------------------------------------------------------- promotions (activities)

export const ZPromotionState = z.enum(['draft', 'published', 'closed']);
export const ZRewardType = z.enum(['fixed', 'percent', 'points']);
/** The kinds the console's form makes: their terms are the common fields. The others (check-in days, cashback, tiers, raffle prizes) are the CLI's. */
export const CONSOLE_PROMOTION_KINDS = ['firstDeposit', 'reload', 'proof'] as const;

const ZPromotionRow = z.object({
  id: z.number().int(),
  state: ZPromotionState,
  kind: z.enum(ACTIVITY_KINDS),
  category: z.enum(ACTIVITY_CATEGORIES),
  title: z.string(),
  startsAt: ZTime,
  endsAt: ZTime,
  rewardType: ZRewardType,
  /** Fixed: the amount (minor); percent: the rate in basis points; points: the points. */
  rewardValue: z.number().int(),
  /** Percent rewards: the most one reward pays (minor), null for none. */
  rewardCap: ZMinor.nullable(),
  spent: ZMinor,
  budget: ZMinor.nullable(),
});
export type TConsolePromotion = z.infer<typeof ZPromotionRow>;

export const consolePromotions = consoleCall({
  name: 'content.promotions',
  method: 'GET',
  access: 'content.view',
  request: z.strictObject({ state: z.enum(['all', 'draft', 'published', 'closed']).default('all') }),
  response: z.object({ list: z.array(ZPromotionRow) }),
});

const ZPromotionDetail = ZPromotionRow.extend({
  summary: z.string(),
  /** Sanitised HTML, as members see it. */
  termsHtml: z.string(),
  imageUrl: z.string().nullable(),
  turnoverMultiple: z.number().int(),
  perMemberLimit: z.number().int().nullable(),
  /** First-deposit and reload: the smallest deposit that takes part (minor); null for other kinds. */
  depositMin: ZMinor.nullable(),
  /** Members taking part, by their status. */
  participants: z.array(z.object({ status: z.string(), n: z.number().int() })),
});
export type TConsolePromotionDetail = z.infer<typeof ZPromotionDetail>;

export const consolePromotionShow = consoleCall({
  name: 'content.promotions.show',
  method: 'GET',
  access: 'content.view',
  request: z.strictObject({ id: ZIdQuery }),
  response: ZPromotionDetail,
});

const ZMoney = ZMinor.min(0, 'amount_positive').max(10_000_000_000_000);

/**
 * A new promotion, as a draft (schedule publishes it). The reward's value is read by its type: an amount in minor
 * units (fixed), a rate in basis points (percent, 5000 = 50 %), or points. Each rule the CLI checks across fields is
 * answered on its field: a period ending before it starts (`period_order` on endsAt), a reward type the kind does not
 * pay (`reward_type_kind` on rewardType), a deposit minimum missing for a deposit kind (`deposit_min_required`).
 */
export const consolePromotionAdd = consoleCall({
  name: 'content.promotions.add',
  access: 'content.edit',
  request: z
    .strictObject({
      kind: z.enum(CONSOLE_PROMOTION_KINDS, { error: () => ({ message: 'kind_unknown' }) }),
      category: z.enum(ACTIVITY_CATEGORIES, { error: () => ({ message: 'category_unknown' }) }),
      title: z.string().trim().min(1, 'title_required').max(120),
      summary: z.string().trim().max(300).default(''),
      termsHtml: z.string().max(50_000).default(''),
      startsAt: ZTime,
      endsAt: ZTime,
      rewardType: ZRewardType,
      rewardValue: z.number().int().positive('amount_positive').max(10_000_000_000_000),
      rewardCap: ZMoney.positive('amount_positive').nullable().default(null),
      depositMin: ZMoney.nullable().default(null),
      turnoverMultiple: z.number().int().min(0).max(1000).default(0),
      perMemberLimit: z.number().int().positive().max(1_000_000).nullable().default(null),
    })
    .superRefine((r, ctx) => {
      if (Date.parse(r.endsAt) <= Date.parse(r.startsAt)) ctx.addIssue({ code: 'custom', message: 'period_order', path: ['endsAt'] });
      const pays = r.kind === 'proof' ? ['fixed', 'points'] : ['fixed', 'percent'];
      if (!pays.includes(r.rewardType)) ctx.addIssue({ code: 'custom', message: 'reward_type_kind', path: ['rewardType'] });
      if (r.rewardType === 'percent' && r.rewardValue > 100_000) ctx.addIssue({ code: 'custom', message: 'rate_too_high', path: ['rewardValue'] });
      if (r.rewardCap !== null && r.rewardType !== 'percent') ctx.addIssue({ code: 'custom', message: 'cap_percent_only', path: ['rewardCap'] });
      if (r.rewardType === 'points' && r.turnoverMultiple > 0) ctx.addIssue({ code: 'custom', message: 'points_no_turnover', path: ['turnoverMultiple'] });
      if (r.kind !== 'proof' && r.depositMin === null) ctx.addIssue({ code: 'custom', message: 'deposit_min_required', path: ['depositMin'] });
      if (r.kind === 'proof' && r.depositMin !== null) ctx.addIssue({ code: 'custom', message: 'deposit_min_deposit_only', path: ['depositMin'] });
    }),
  response: ZPromotionDetail,
});

/** Publishes a draft (shown from now, open from its start); anything but a draft, or one already ended, is a `conflict`. */
export const consolePromotionSchedule = consoleCall({
  name: 'content.promotions.schedule',
  access: 'content.edit',
  request: z.strictObject({ id: ZId }),
  response: ZDone,
});
/** Ends a promotion now; applications waiting can still be reviewed. */
export const consolePromotionClose = consoleCall({
  name: 'content.promotions.close',
  access: 'content.edit',
  request: z.strictObject({ id: ZId }),
  response: ZDone,
});

const ZApplicationRow = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  activityTitle: z.string(),
  username: z.string(),
  remark: z.string(),
  imageCount: z.number().int(),
  createdAt: ZTime,
});
export type TConsolePromotionApplication = z.infer<typeof ZApplicationRow>;

/** Proof applications waiting for review, oldest first (all promotions, or one). */
export const consolePromotionApplications = consoleCall({
  name: 'content.promotions.applications',
  method: 'GET',
  access: 'content.view',
  request: z.strictObject({ activityId: ZIdQuery.optional() }),
  response: z.object({ list: z.array(ZApplicationRow) }),
});
/** Image `index` (1–3) of an application, as the member sent it (PNG or JPEG). */
export const consolePromotionImage = consoleCall({
  name: 'content.promotions.image',
  method: 'GET',
  access: 'content.view',
  request: z.strictObject({ applicationId: ZIdQuery, index: z.coerce.number().int().min(1).max(3) }),
  response: z.object({ mime: z.string(), base64: z.string() }),
});
/** Approve (the reward waits for the member's claim) or reject with a reason the member reads. */
export const consolePromotionReview = consoleCall({
  name: 'content.promotions.review',
  access: 'content.edit',
  request: z.discriminatedUnion('decision', [
    z.strictObject({ applicationId: ZId, decision: z.literal('approve') }),
    z.strictObject({ applicationId: ZId, decision: z.literal('reject'), reason: ZReason }),
  ]),
  response: ZDone,
});

/** The console's content calls beyond announcements (issue 24). */
export const CONTENT_CALLS: readonly TConsoleCallDef[] = [
  consoleHelpArticles,
  consoleHelpAdd,
  consoleHelpEdit,
  consoleHelpRemove,
  consolePromotions,
  consolePromotionShow,
  consolePromotionAdd,
  consolePromotionSchedule,
  consolePromotionClose,
  consolePromotionApplications,
  consolePromotionImage,
  consolePromotionReview,
];
