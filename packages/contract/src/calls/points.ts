import { z } from 'zod';
import { defineRelay, ZEmpty } from '../define.ts';
import { DAY_RANGE_FIELDS, PAGE_FIELDS, pageOf, ZId, ZMinor, ZRequestId, ZTime } from '../fields.ts';
import { ZPaymentPassword } from './auth.ts';

/** Points are whole numbers and never expire (spec §9); they are not money. */
const ZPoints = z.number().int();

export const pointBalance = defineRelay({
  name: 'points.balance',
  relay: 'MCS2_getPointBalance',
  moduleId: 'MCS2',
  token: 'required',
  request: ZEmpty,
  response: z.object({ points: ZPoints }),
  issue: 0,
});

export const ZRedeemItem = z.object({
  id: z.number().int(),
  name: z.string(),
  imageUrl: z.string(),
  /** Stock left; null when unlimited. */
  quantity: z.number().int().min(0).nullable(),
  pointsRequired: ZPoints,
  /** Valid bet the member must have reached to redeem it; 0 when none. */
  amountRequired: ZMinor,
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
  issue: 0,
});

export const ZRedeemRecord = z.object({
  id: z.number().int(),
  time: ZTime,
  rewardName: z.string(),
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
  issue: 0,
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
    /** Sanitised HTML of the rules text. */
    rules: z.string(),
  }),
  issue: 0,
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
    paymentPassword: ZPaymentPassword,
  }),
  response: z.object({ record: ZRedeemRecord, points: ZPoints }),
  issue: 0,
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
  issue: 0,
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
  issue: 0,
});
