import { z } from 'zod';
import { defineCall, defineRelay, ZEmpty } from '../define.ts';
import { DAY_RANGE_FIELDS, PAGE_FIELDS, pageOf, ZId, ZMinor, ZRequestId, ZTime } from '../fields.ts';
import { ZPaymentPassword } from './auth.ts';
import { LOYALTY_CATEGORIES } from './loyalty.ts';

/** Points are whole numbers and never expire (spec §9); they are not money. */
const ZPoints = z.number().int();

export const pointBalance = defineRelay({
  name: 'points.balance',
  relay: 'MCS2_getPointBalance',
  moduleId: 'MCS2',
  token: 'required',
  request: ZEmpty,
  response: z.object({ points: ZPoints }),
  issue: 18,
});

/** What redeeming an item gives: cash into the wallet, a bonus with turnover, or goods the operator ships. */
export const REDEEM_KINDS = ['cash', 'bonus', 'goods'] as const;

export const ZRedeemItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Sanitised HTML of the item's description. */
  description: z.string(),
  imageUrl: z.string(),
  kind: z.enum(REDEEM_KINDS),
  /** Minor units credited per unit for cash and bonus items; 0 for goods. */
  value: ZMinor,
  /** Stock left; null when unlimited. */
  quantity: z.number().int().min(0).nullable(),
  pointsRequired: ZPoints,
  /** Deposit or valid bet the member must have made in the last 30 days to redeem it; 0 when none. */
  amountRequired: ZMinor,
  amountKind: z.enum(['deposit', 'validBet']),
  status: z.enum(['available', 'soldOut', 'offline']),
  /** Unit label of the item, e.g. "piece". */
  units: z.string(),
  /** Points per currency unit of the item's value, as configured; shown on the card. */
  pointsRatio: z.number().int().positive(),
});
export type TRedeemItem = z.infer<typeof ZRedeemItem>;

/** The points mall catalogue. */
export const pointRewards = defineRelay({
  name: 'points.rewards',
  relay: 'MCS2_getPointReward',
  moduleId: 'MCS2',
  token: 'optional',
  request: z.strictObject({ ...PAGE_FIELDS }),
  response: pageOf(ZRedeemItem),
  issue: 18,
});

export const ZRedeemRecord = z.object({
  id: z.number().int(),
  time: ZTime,
  rewardName: z.string(),
  kind: z.enum(REDEEM_KINDS),
  quantity: z.number().int().positive(),
  points: ZPoints,
  /** applying is shown as "in process" (spec §4). */
  status: z.enum(['applying', 'rejected', 'approved']),
  remark: z.string().nullable(),
});
export type TRedeemRecord = z.infer<typeof ZRedeemRecord>;

/** Redeem history of the points mall. */
export const redeemList = defineRelay({
  name: 'points.redeemHistory',
  relay: 'MCS2_getRedeemPointList',
  moduleId: 'MCS2',
  token: 'required',
  request: z.strictObject({
    status: z.enum(['applying', 'rejected', 'approved']).optional(),
    ...DAY_RANGE_FIELDS,
    ...PAGE_FIELDS,
  }),
  response: pageOf(ZRedeemRecord),
  issue: 18,
});

export const pointConfig = defineRelay({
  name: 'points.config',
  relay: 'MCS2_getPointConfig',
  moduleId: 'MCS2',
  request: ZEmpty,
  response: z.object({
    convertEnabled: z.boolean(),
    /** `points` points convert to `amount` minor units. */
    convertRate: z.object({ points: ZPoints.positive(), amount: ZMinor.positive() }),
    minConvertPoints: ZPoints.min(0),
    /** Valid bet (minor units) per point earned, per category; a category left out earns no points. */
    earnRates: z.partialRecord(z.enum(LOYALTY_CATEGORIES), ZMinor.positive()),
    /** Sanitised HTML of the rules text. */
    rules: z.string(),
  }),
  issue: 18,
});

// The relays under passwordCheck/ check the payment (transaction) password before acting.

export const redeemReward = defineRelay({
  name: 'points.redeem',
  relay: 'passwordCheck/MCS2_redeemPointReward',
  moduleId: 'MCS2',
  token: 'required',
  encrypted: true,
  request: z.strictObject({
    requestId: ZRequestId,
    rewardId: ZId,
    quantity: z.number().int().min(1).max(100),
    /** Where goods are shipped; required for goods, refused for cash and bonus items. */
    address: z.string().trim().min(1).max(200).optional(),
    paymentPassword: ZPaymentPassword,
  }),
  response: z.object({ record: ZRedeemRecord, points: ZPoints }),
  issue: 18,
});

export const convertPoints = defineRelay({
  name: 'points.convert',
  relay: 'passwordCheck/MCS2_convertPoint',
  moduleId: 'MCS2',
  token: 'required',
  encrypted: true,
  request: z.strictObject({
    requestId: ZRequestId,
    points: ZPoints.positive().max(1_000_000_000),
    paymentPassword: ZPaymentPassword,
  }),
  response: z.object({ points: ZPoints, credited: ZMinor, balance: ZMinor }),
  issue: 18,
});

/** Points details: every change with the balance after it. */
export const pointDetails = defineRelay({
  name: 'points.details',
  relay: 'ODSFE2_MemTransDet',
  moduleId: 'ODSFE2',
  token: 'required',
  request: z.strictObject({ ...DAY_RANGE_FIELDS, ...PAGE_FIELDS }),
  response: pageOf(
    z.object({
      id: z.number().int(),
      time: ZTime,
      changedPoints: ZPoints,
      pointsBalance: ZPoints,
      remark: z.string(),
    }),
  ),
  issue: 18,
});

/**
 * A member cancels its own goods exchange while it is still applying: the points come back. Another member's id is
 * exchange_not_found; one already decided is exchange_not_applying.
 */
export const cancelRedeem = defineCall({
  name: 'points.cancelRedeem',
  method: 'POST',
  path: '/wps/points/redeem/cancel',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ requestId: ZRequestId, exchangeId: ZId }),
  response: z.object({ record: ZRedeemRecord, points: ZPoints }),
  issue: 18,
});
