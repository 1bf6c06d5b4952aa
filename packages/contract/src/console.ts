import { z } from 'zod';
import { PAGE_FIELDS, pageOf, ZDay, ZId, ZIdQuery, ZMinor, ZTime } from './fields.ts';
import { consoleCall, CONSOLE_PERMISSIONS, ZConsoleRole, ZDone, ZEmptyRequest, ZReason, type TConsoleCallDef } from './console-define.ts';
import { CONFIG_CALLS } from './console-config.ts';
import { REPORT_CALLS } from './console-reports.ts';
import { LOTTERY_AGENT_CALLS } from './console-lottery-agents.ts';
import { CONTENT_CALLS } from './console-content.ts';
import { DISPUTE_CALLS } from './console-disputes.ts';

// The operator console (issue 24; ARCHITECTURE.md, Operator console): its own calls under /console/api, its own
// sessions (an HttpOnly cookie, never a member token), and a permission per call checked on the server. The console
// front end reads the same table to decide which menu entries to show; the server never trusts that.

export * from './console-define.ts';

// ---------------------------------------------------------------- sign-in

export const ZOperatorUsername = z.string().trim().min(3).max(32).regex(/^[a-z][a-z0-9._-]*$/, 'operator_username');
/** An operator's password: at least 12 characters (NIST SP 800-63B length over composition rules). */
export const ZOperatorPassword = z.string().min(12, 'operator_password_short').max(128);
export const ZTotpCode = z.string().trim().regex(/^[0-9]{6}$/, 'totp_code');
/** A recovery code as shown at enrolment: ten characters in two groups (xxxxx-xxxxx). */
export const ZRecoveryCode = z.string().trim().toLowerCase().regex(/^[a-z0-9]{5}-?[a-z0-9]{5}$/, 'recovery_code');

export const ZOperatorMe = z.object({
  username: z.string(),
  role: ZConsoleRole,
  permissions: z.array(z.enum(CONSOLE_PERMISSIONS)),
  /** When this session ends if the operator does nothing (idle timeout), ISO. */
  idleUntil: ZTime,
});
export type TOperatorMe = z.infer<typeof ZOperatorMe>;

/**
 * Step one: username and password. The answer names step two — `totp` (enter a code) or `enrol` (no authenticator yet:
 * set one up first) — with a ticket valid for five minutes; no session exists until step two succeeds.
 */
export const consoleLogin = consoleCall({
  name: 'auth.login',
  access: 'public',
  request: z.strictObject({ username: z.string().trim().min(1).max(32), password: z.string().min(1).max(128) }),
  response: z.object({ next: z.enum(['totp', 'enrol']), ticket: z.string() }),
});

/** Enrolment, after step one answered `enrol`: the secret, its otpauth URL and the QR code (PNG, base64). */
export const consoleEnrolStart = consoleCall({
  name: 'auth.enrol.start',
  access: 'public',
  request: z.strictObject({ ticket: z.string().min(1).max(200) }),
  response: z.object({ secret: z.string(), otpauthUrl: z.string(), qrPng: z.string() }),
});

/** The first code from the new authenticator: enrols it, answers the recovery codes (shown once) and opens the session. */
export const consoleEnrolFinish = consoleCall({
  name: 'auth.enrol.finish',
  access: 'public',
  request: z.strictObject({ ticket: z.string().min(1).max(200), code: ZTotpCode }),
  response: z.object({ me: ZOperatorMe, recoveryCodes: z.array(z.string()) }),
});

/** Step two: a code from the authenticator, or one of the recovery codes (each works once). Opens the session. */
export const consoleVerify = consoleCall({
  name: 'auth.verify',
  access: 'public',
  request: z.union([
    z.strictObject({ ticket: z.string().min(1).max(200), code: ZTotpCode }),
    z.strictObject({ ticket: z.string().min(1).max(200), recoveryCode: ZRecoveryCode }),
  ]),
  response: z.object({ me: ZOperatorMe }),
});

export const consoleMe = consoleCall({ name: 'auth.me', method: 'GET', access: 'session', request: ZEmptyRequest, response: ZOperatorMe });
export const consoleLogout = consoleCall({ name: 'auth.logout', access: 'session', request: ZEmptyRequest, response: ZDone });

// ---------------------------------------------------------------- dashboard

const ZFigures = z.object({
  deposits: ZMinor,
  withdrawals: ZMinor,
  bets: ZMinor,
  payouts: ZMinor,
  /** Gross gaming revenue: bets − payouts. */
  ggr: ZMinor,
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
});
export type TConsoleFigures = z.infer<typeof ZFigures>;

export const consoleDashboard = consoleCall({
  name: 'dashboard',
  method: 'GET',
  access: 'dashboard.view',
  request: z.strictObject({ from: ZDay.optional(), to: ZDay.optional() }),
  response: z.object({
    from: ZDay,
    to: ZDay,
    today: ZFigures,
    period: ZFigures,
    byDay: z.array(ZFigures.extend({ day: ZDay })),
    byCategory: z.array(z.object({ category: z.string(), bets: ZMinor, payouts: ZMinor, ggr: ZMinor })),
  }),
});

// ---------------------------------------------------------------- members

export const ZMemberSearchField = z.enum(['any', 'username', 'mobile', 'email', 'ip', 'bankCard']);

const ZMemberRow = z.object({
  id: z.number().int(),
  username: z.string(),
  type: z.enum(['member', 'agent']),
  status: z.enum(['active', 'locked', 'closed']),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  balance: ZMinor,
  createdAt: ZTime,
  lastLoginAt: ZTime.nullable(),
});
export type TConsoleMemberRow = z.infer<typeof ZMemberRow>;

export const consoleMembersSearch = consoleCall({
  name: 'members.search',
  method: 'GET',
  access: 'members.view',
  request: z.strictObject({ q: z.string().trim().max(64).default(''), field: ZMemberSearchField.default('any'), ...PAGE_FIELDS }),
  response: pageOf(ZMemberRow),
});

export const consoleMemberDetail = consoleCall({
  name: 'members.detail',
  method: 'GET',
  access: 'members.view',
  request: z.strictObject({ id: ZIdQuery }),
  response: z.object({
    profile: ZMemberRow.extend({
      nickname: z.string(),
      upline: z.string().nullable(),
      payeeName: z.string().nullable(),
      vipLevel: z.string().nullable(),
      mustChangePassword: z.boolean(),
      twoFactor: z.boolean(),
    }),
    balances: z.array(z.object({ wallet: z.string(), balance: ZMinor })),
    ledger: z.array(z.object({ id: z.number().int(), at: ZTime, kind: z.string(), amount: ZMinor, balanceAfter: ZMinor.nullable(), remark: z.string() })),
    bets: z.array(z.object({ id: z.string(), at: ZTime, game: z.string(), stake: ZMinor, payout: ZMinor, status: z.string() })),
    logins: z.array(z.object({ at: ZTime, ip: z.string().nullable(), device: z.string().nullable(), ok: z.boolean() })),
    bankCards: z.array(z.object({ id: z.number().int(), bank: z.string(), cardNumber: z.string(), holder: z.string() })),
    contracts: z.array(z.object({ id: z.number().int(), kind: z.string(), status: z.string(), counterparty: z.string() })),
    notes: z.array(z.object({ id: z.number().int(), at: ZTime, author: z.string(), text: z.string() })),
  }),
});

export const consoleMemberLock = consoleCall({
  name: 'members.lock',
  access: 'members.lock',
  request: z.strictObject({ id: ZId, locked: z.boolean(), reason: ZReason }),
  response: ZDone,
});

/** A new initial password, shown once to the operator; the member must change it at the next login. */
export const consoleMemberResetPassword = consoleCall({
  name: 'members.resetPassword',
  access: 'members.password',
  request: z.strictObject({ id: ZId, reason: ZReason }),
  response: z.object({ message: z.string(), password: z.string() }),
});

export const consoleMemberForceChange = consoleCall({
  name: 'members.forcePasswordChange',
  access: 'members.password',
  request: z.strictObject({ id: ZId, reason: ZReason }),
  response: ZDone,
});

/** Wallet adjustment (signed, minor units) or a bonus grant, each with its reason and an idempotency key. */
export const consoleMemberMoney = consoleCall({
  name: 'members.money',
  access: 'members.money',
  request: z.strictObject({
    id: ZId,
    kind: z.enum(['adjust', 'bonus']),
    amount: ZMinor.refine((n) => n !== 0, 'amount_zero'),
    reason: ZReason,
    requestId: z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/),
  }),
  response: ZDone,
});

export const consoleMemberNote = consoleCall({
  name: 'members.note',
  access: 'members.view',
  request: z.strictObject({ id: ZId, text: z.string().trim().min(1, 'note_required').max(2000) }),
  response: ZDone,
});

// ---------------------------------------------------------------- money queues

const ZDepositRow = z.object({
  id: z.number().int(),
  member: z.string(),
  amount: ZMinor,
  channel: z.string(),
  status: z.string(),
  createdAt: ZTime,
  hasReceipt: z.boolean(),
});
export const consoleDeposits = consoleCall({
  name: 'deposits.list',
  method: 'GET',
  access: 'deposits.view',
  request: z.strictObject({ status: z.enum(['review', 'all']).default('review'), ...PAGE_FIELDS }),
  response: pageOf(ZDepositRow),
});
/** The member's transfer receipt (PNG or JPEG), base64 with its type. */
export const consoleDepositReceipt = consoleCall({
  name: 'deposits.receipt',
  method: 'GET',
  access: 'deposits.view',
  request: z.strictObject({ id: ZIdQuery }),
  response: z.object({ mime: z.string(), base64: z.string() }),
});
export const consoleDepositDecide = consoleCall({
  name: 'deposits.decide',
  access: 'deposits.review',
  request: z.discriminatedUnion('decision', [
    z.strictObject({ id: ZId, decision: z.literal('approve') }),
    z.strictObject({ id: ZId, decision: z.literal('reject'), reason: ZReason }),
  ]),
  response: ZDone,
});

const ZWithdrawalRow = z.object({
  id: z.number().int(),
  member: z.string(),
  amount: ZMinor,
  fee: ZMinor,
  bank: z.string(),
  cardNumber: z.string(),
  holder: z.string(),
  status: z.string(),
  createdAt: ZTime,
  paidAt: ZTime.nullable(),
  /** The member's answer once paid: `partlyReceived` / `notReceived` open a dispute (status `disputed`). */
  confirmation: z.string().nullable(),
  /** What the member says arrived (partly received), minor units. */
  receivedAmount: ZMinor.nullable(),
  /** When the member answered. */
  confirmedAt: ZTime.nullable(),
  /** The member's words with a not-received answer. */
  memberRemark: z.string().nullable(),
  /** A proof image to fetch with `withdrawals.proof`. */
  hasProof: z.boolean(),
});
export const consoleWithdrawals = consoleCall({
  name: 'withdrawals.list',
  method: 'GET',
  access: 'withdrawals.view',
  request: z.strictObject({ status: z.enum(['pending', 'paid', 'disputed']).default('pending'), ...PAGE_FIELDS }),
  response: pageOf(ZWithdrawalRow),
});
export const consoleWithdrawalDecide = consoleCall({
  name: 'withdrawals.decide',
  access: 'withdrawals.review',
  request: z.discriminatedUnion('decision', [
    z.strictObject({ id: ZId, decision: z.literal('pay') }),
    z.strictObject({ id: ZId, decision: z.literal('reject'), reason: ZReason }),
  ]),
  response: ZDone,
});

// ---------------------------------------------------------------- content

export const ZConsoleAnnouncementType = z.enum(['B', 'PL', 'PU', 'PR', 'H']);
const ZAnnouncementRow = z.object({
  id: z.number().int(),
  type: ZConsoleAnnouncementType,
  title: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  endsAt: ZTime.nullable(),
});
export const consoleAnnouncements = consoleCall({
  name: 'content.announcements',
  method: 'GET',
  access: 'content.view',
  request: ZEmptyRequest,
  response: z.object({ list: z.array(ZAnnouncementRow) }),
});
/** A new announcement; its HTML is sanitised on save, and the answer carries what members will see. */
export const consoleAnnouncementAdd = consoleCall({
  name: 'content.announcements.add',
  access: 'content.edit',
  request: z.strictObject({
    type: ZConsoleAnnouncementType,
    title: z.string().trim().min(1, 'title_required').max(200),
    content: z.string().trim().min(1, 'content_required').max(20_000),
    imageUrl: z.string().trim().max(500).nullable().default(null),
    linkUrl: z.string().trim().max(500).nullable().default(null),
    endsAt: ZTime.nullable().default(null),
  }),
  response: ZAnnouncementRow,
});
export const consoleAnnouncementRemove = consoleCall({
  name: 'content.announcements.remove',
  access: 'content.edit',
  request: z.strictObject({ id: ZId }),
  response: ZDone,
});

// ---------------------------------------------------------------- audit

const ZAuditRow = z.object({
  id: z.number().int(),
  at: ZTime,
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  hash: z.string(),
});
export const consoleAudit = consoleCall({
  name: 'audit.list',
  method: 'GET',
  access: 'audit.view',
  request: z.strictObject({
    actor: z.string().trim().max(100).optional(),
    action: z.string().trim().max(100).optional(),
    target: z.string().trim().max(100).optional(),
    from: ZDay.optional(),
    to: ZDay.optional(),
    ...PAGE_FIELDS,
  }),
  response: pageOf(ZAuditRow),
});
/** Re-computes the chain from the first row: where a row's stored hash or link no longer matches, the chain is broken. */
export const consoleAuditVerify = consoleCall({
  name: 'audit.verify',
  access: 'audit.view',
  request: ZEmptyRequest,
  response: z.object({ rows: z.number().int(), ok: z.boolean(), brokenAt: z.number().int().nullable(), problem: z.string().nullable() }),
});

// ---------------------------------------------------------------- operators

const ZOperatorRow = z.object({
  id: z.number().int(),
  username: z.string(),
  role: ZConsoleRole,
  status: z.enum(['active', 'locked']),
  twoFactor: z.boolean(),
  lastLoginAt: ZTime.nullable(),
  createdAt: ZTime,
});
export const consoleOperators = consoleCall({
  name: 'operators.list',
  method: 'GET',
  access: 'operators.manage',
  request: ZEmptyRequest,
  response: z.object({ list: z.array(ZOperatorRow) }),
});
export const consoleOperatorCreate = consoleCall({
  name: 'operators.create',
  access: 'operators.manage',
  request: z.strictObject({ username: ZOperatorUsername, password: ZOperatorPassword, role: ZConsoleRole }),
  response: ZOperatorRow,
});
export const consoleOperatorUpdate = consoleCall({
  name: 'operators.update',
  access: 'operators.manage',
  request: z.union([
    z.strictObject({ id: ZId, role: ZConsoleRole }),
    z.strictObject({ id: ZId, locked: z.boolean() }),
    z.strictObject({ id: ZId, resetTwoFactor: z.literal(true) }),
  ]),
  response: ZDone,
});

/** Every console call: the server serves them all, the authorisation test walks them all. */
export const CONSOLE_CALLS: readonly TConsoleCallDef[] = [
  consoleLogin,
  consoleEnrolStart,
  consoleEnrolFinish,
  consoleVerify,
  consoleMe,
  consoleLogout,
  consoleDashboard,
  consoleMembersSearch,
  consoleMemberDetail,
  consoleMemberLock,
  consoleMemberResetPassword,
  consoleMemberForceChange,
  consoleMemberMoney,
  consoleMemberNote,
  consoleDeposits,
  consoleDepositReceipt,
  consoleDepositDecide,
  consoleWithdrawals,
  consoleWithdrawalDecide,
  consoleAnnouncements,
  consoleAnnouncementAdd,
  consoleAnnouncementRemove,
  consoleAudit,
  consoleAuditVerify,
  consoleOperators,
  consoleOperatorCreate,
  consoleOperatorUpdate,
  ...CONFIG_CALLS,
  ...REPORT_CALLS,
  ...LOTTERY_AGENT_CALLS,
  ...CONTENT_CALLS,
  ...DISPUTE_CALLS,
];
