import { z } from 'zod';
import { defineCall, ZEmpty } from '../define.ts';
import { ZMinor, ZTime } from '../fields.ts';

// Responsible gaming (issue 22): limits, the reality check, a break and self-exclusion. The spec has no call for
// them, so these are ours (docs/decisions.md, "Responsible gaming (issue 22)"). The rules are enforced on the server
// in the money paths (deposit, bet debit, transfer); the member centre's page only shows and changes them.

/** deposit: money credited by deposits; loss: stakes minus payouts of settled and open bets (never below 0). */
export const RG_LIMIT_KINDS = ['deposit', 'loss'] as const;
export type TRgLimitKind = (typeof RG_LIMIT_KINDS)[number];
/** Calendar periods in the merchant's time zone: a day from midnight, a week from Monday, a month from the 1st. */
export const RG_PERIODS = ['day', 'week', 'month'] as const;
export type TRgPeriod = (typeof RG_PERIODS)[number];
/** The largest limit a member may set, in minor units (1,000,000,000.00). */
export const RG_LIMIT_MAX = 100_000_000_000;
/** Raising or removing a limit, ending a break early or turning the reality check off waits this long. */
export const RG_COOLING_HOURS = 24;
/** A break (cooling-off): 1 day to 6 weeks. */
export const RG_BREAK_DAYS = [1, 2, 3, 7, 14, 21, 28, 42] as const;
/** Self-exclusion: 6 months, 1 year or 5 years. */
export const RG_EXCLUSION_MONTHS = [6, 12, 60] as const;
/** The reality check's interval in minutes; 0 is off. */
export const RG_REALITY_MINUTES = [0, 15, 30, 45, 60, 90, 120] as const;

/** A limit's amount in minor units: a whole number of major units, 1.00 … RG_LIMIT_MAX. */
export const ZRgAmount = ZMinor.min(100).max(RG_LIMIT_MAX).refine((v) => v % 100 === 0, { message: 'rg_whole_amount' });

export const ZRgLimit = z.object({
  kind: z.enum(RG_LIMIT_KINDS),
  period: z.enum(RG_PERIODS),
  /** The limit in force now; null: none. */
  amount: ZMinor.nullable(),
  /** What the period has used so far (deposits credited, or net loss). */
  used: ZMinor,
  /** When the current period ends (the next midnight, Monday or 1st in the merchant's time zone). */
  resetsAt: ZTime,
  /** A raise or removal waiting for its cooling period; null when none. */
  pending: z.object({ amount: ZMinor.nullable(), effectiveAt: ZTime }).nullable(),
});
export type TRgLimit = z.infer<typeof ZRgLimit>;

export const ZRgState = z.object({
  /** Every kind × period, six rows, in RG_LIMIT_KINDS × RG_PERIODS order, also those without a limit. */
  limits: z.array(ZRgLimit),
  reality: z.object({
    /** Minutes between reality checks; 0 is off. */
    minutes: z.number().int().min(0),
    pending: z.object({ minutes: z.number().int().min(0), effectiveAt: ZTime }).nullable(),
  }),
  /** A break in force: bets, deposits and transfers are refused until `until`; log-in still works. */
  breakUntil: ZTime.nullable(),
  /** An early end of the break the member asked for, effective after the cooling period. */
  breakEndsEarlyAt: ZTime.nullable(),
});
export type TRgState = z.infer<typeof ZRgState>;

/** The member's responsible-gaming settings and this period's usage. */
export const getResponsible = defineCall({
  name: 'responsible.get',
  method: 'GET',
  path: '/wps/member/responsible',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: ZRgState,
  issue: 22,
});

/**
 * Sets one limit (amount null removes it). A lower limit (or a first one) applies at once and replaces any pending
 * raise; a higher one, or a removal, becomes `pending` and applies after RG_COOLING_HOURS. Refused during a break
 * (`rg_on_break`).
 */
export const setResponsibleLimit = defineCall({
  name: 'responsible.setLimit',
  method: 'POST',
  path: '/wps/member/responsible/limit',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ kind: z.enum(RG_LIMIT_KINDS), period: z.enum(RG_PERIODS), amount: ZRgAmount.nullable() }),
  response: ZRgState,
  issue: 22,
});

/** The reality check's interval: more often applies at once; less often or off waits for the cooling period. */
export const setRealityCheck = defineCall({
  name: 'responsible.setReality',
  method: 'POST',
  path: '/wps/member/responsible/reality',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ minutes: z.union(RG_REALITY_MINUTES.map((m) => z.literal(m)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]]) }),
  response: ZRgState,
  issue: 22,
});

/** A break of `days` from now, confirmed with the login password (encrypted). A second break may only lengthen one. */
export const takeBreak = defineCall({
  name: 'responsible.takeBreak',
  method: 'POST',
  path: '/wps/member/responsible/break',
  moduleId: 'WPS',
  token: 'required',
  encrypted: true,
  request: z.strictObject({
    days: z.union(RG_BREAK_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<1>, ...z.ZodLiteral<number>[]]),
    password: z.string().min(1).max(64),
  }),
  response: ZRgState,
  issue: 22,
});

/** Asks to end the break early: it ends RG_COOLING_HOURS from now (or at its own end, if sooner). */
export const endBreak = defineCall({
  name: 'responsible.endBreak',
  method: 'POST',
  path: '/wps/member/responsible/break/end',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: ZRgState,
  issue: 22,
});

/**
 * Self-exclusion for 6, 12 or 60 months, confirmed with the login password (encrypted). Every session of the member
 * ends at once (every process, every tab: the realtime socket says `session.ended`), log-in is refused until it ends,
 * open bonuses are cancelled and no promotional message is sent. It cannot be shortened, by the member or an operator.
 */
export const selfExclude = defineCall({
  name: 'responsible.selfExclude',
  method: 'POST',
  path: '/wps/member/responsible/exclusion',
  moduleId: 'WPS',
  token: 'required',
  encrypted: true,
  request: z.strictObject({
    months: z.union(RG_EXCLUSION_MONTHS.map((m) => z.literal(m)) as [z.ZodLiteral<6>, ...z.ZodLiteral<number>[]]),
    password: z.string().min(1).max(64),
  }),
  response: z.object({ until: ZTime }),
  issue: 22,
});

/** The reality check's figures: since this session's log-in, minutes played and the net result (payouts − stakes). */
export const realityCheck = defineCall({
  name: 'responsible.realityCheck',
  method: 'GET',
  path: '/wps/member/responsible/reality',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: z.object({
    /** When this session logged in. */
    since: ZTime,
    minutes: z.number().int().min(0),
    /** Bets placed since then, and their net result for the member (negative: a loss). */
    bets: z.number().int().min(0),
    net: ZMinor,
    /** The interval in force (0: off), so the web schedules the next check. */
    interval: z.number().int().min(0),
  }),
  issue: 22,
});
