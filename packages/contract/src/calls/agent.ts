import { z } from 'zod';
import { defineCall, defineRelay, ZEmpty } from '../define.ts';
import { CONTRACT_KINDS, CONTRACT_PERIODS } from '../constants.ts';
import {
  DAY_RANGE_FIELDS,
  PAGE_FIELDS,
  pageOf,
  ZDay,
  ZId,
  ZIdQuery,
  ZMinor,
  ZRequestId,
  ZTime,
} from '../fields.ts';
import { ZMemberType, ZPassword, ZPaymentPassword, ZUsername } from './auth.ts';
import { ZNotice } from './system.ts';
import { ZBetQuery, ZBetRecord, ZBetTotals, ZTransaction, ZTransactionType } from './wallet.ts';

// ---------------------------------------------------------------- contracts (agent-contracts.md)

export { CONTRACT_KINDS };
export const ZContractKind = z.enum(CONTRACT_KINDS);
export type TContractKind = z.infer<typeof ZContractKind>;

/** Rates are integer basis points of the base: per 10,000 (50 = 0.5 %, 3000 = 30 %). */
export const ZRate = z.number().int().min(0).max(10_000);

/** The highest tier whose conditions all hold applies; none holding pays nothing ("not reached"). */
export const ZTier = z.strictObject({
  rate: ZRate,
  minActiveMembers: z.number().int().min(0).max(1_000_000),
  /** Salaries: team valid bet of the period (day or hour). */
  minValidBet: ZMinor.min(0).optional(),
  /** Dividend: team net loss of the period. */
  minNetLoss: ZMinor.min(0).optional(),
});
export type TTier = z.infer<typeof ZTier>;
const ZTiers = z.array(ZTier).min(1).max(20);

export const ZDividendTerms = z.strictObject({ period: z.enum(CONTRACT_PERIODS), tiers: ZTiers });
/** Daily salary is paid for the previous day, hourly salary for the previous hour. */
export const ZSalaryTerms = z.strictObject({ tiers: ZTiers });
/** Real-time salary (spec §3): profit and loss rates on each settled bet of at least minBetAmount. */
export const ZRealtimeSalaryTerms = z.strictObject({ profitRate: ZRate, lossRate: ZRate, minBetAmount: ZMinor.min(0) });

export const ZContractTerms = z.discriminatedUnion('kind', [
  ZDividendTerms.extend({ kind: z.literal('dividend') }),
  ZSalaryTerms.extend({ kind: z.literal('dailySalary') }),
  ZSalaryTerms.extend({ kind: z.literal('hourlySalary') }),
  ZRealtimeSalaryTerms.extend({ kind: z.literal('realtimeSalary') }),
]);
export type TContractTerms = z.infer<typeof ZContractTerms>;

export const CONTRACT_STATUSES = ['awaitingConsent', 'valid', 'rejected', 'invalid', 'expired'] as const;

const ZParty = z.object({ id: z.number().int(), account: z.string() });

export const ZContract = z.object({
  id: z.number().int(),
  kind: ZContractKind,
  status: z.enum(CONTRACT_STATUSES),
  upline: ZParty,
  downline: ZParty,
  terms: ZContractTerms,
  createdAt: ZTime,
  respondedAt: ZTime.nullable(),
  /** Start of the first period it pays (the next period after acceptance). */
  effectiveFrom: ZTime.nullable(),
  endedAt: ZTime.nullable(),
  endedBy: z.enum(['upline', 'downline', 'system']).nullable(),
});
export type TContract = z.infer<typeof ZContract>;

/**
 * The actions on one contract kind: the upline signs (proposes) for a direct downline; the downline
 * accepts or rejects; either party terminates. Accepting a rate below one this member gives its own
 * downlines fails with contract_auto_terminate (value: { contracts }) until confirmAutoTerminate
 * is true; those downline contracts are then terminated (spec §4, §6).
 */
function contractActions<T extends z.ZodType>(terms: T) {
  return z.discriminatedUnion('action', [
    z.strictObject({ action: z.literal('sign'), downlineId: ZId, terms }),
    z.strictObject({ action: z.literal('accept'), contractId: ZId, confirmAutoTerminate: z.boolean().default(false) }),
    z.strictObject({ action: z.literal('reject'), contractId: ZId }),
    z.strictObject({ action: z.literal('terminate'), contractId: ZId }),
  ]);
}

export const processDividend = defineRelay({
  name: 'contract.dividend',
  relay: 'MCS2_processDividendReq',
  moduleId: 'MCS2',
  token: 'required',
  request: contractActions(ZDividendTerms),
  response: ZContract,
  issue: 7,
});

export const processDailySalary = defineRelay({
  name: 'contract.dailySalary',
  relay: 'MCS2_processDailySalContract',
  moduleId: 'MCS2',
  token: 'required',
  request: contractActions(ZSalaryTerms),
  response: ZContract,
  issue: 7,
});

export const processHourlySalary = defineRelay({
  name: 'contract.hourlySalary',
  relay: 'MCS2_processContractHourSalary',
  moduleId: 'MCS2',
  token: 'required',
  request: contractActions(ZSalaryTerms),
  response: ZContract,
  issue: 7,
});

export const processRealtimeSalary = defineRelay({
  name: 'contract.realtimeSalary',
  relay: 'MCSFE_processRealTimeSalaryContract',
  moduleId: 'MCSFE',
  token: 'required',
  request: contractActions(ZRealtimeSalaryTerms),
  response: ZContract,
  issue: 7,
});

export const contracts = defineCall({
  name: 'contract.list',
  method: 'GET',
  path: '/wps/agent/contracts',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({
    /** upline: contracts this member gave its downlines; downline: the ones it received. */
    role: z.enum(['upline', 'downline']).default('upline'),
    kind: ZContractKind.optional(),
    status: z.enum(CONTRACT_STATUSES).optional(),
    account: z.string().trim().max(64).optional(),
    ...PAGE_FIELDS,
  }),
  response: pageOf(ZContract),
  issue: 7,
});

export const BILL_STATUSES = [
  'pendingReview',
  'issued',
  'paid',
  'partlyPaid',
  'notReached',
  'insufficientBalance',
  'refused',
] as const;

export const ZBill = z.object({
  id: z.number().int(),
  kind: ZContractKind,
  contractId: z.number().int(),
  /** The period key of the ledger entry: a day, an hour, a 5-minute window, or a dividend period. */
  period: z.string(),
  periodStart: ZTime,
  periodEnd: ZTime,
  /** Team valid bet (salaries) or team net loss (dividend) of the period. */
  base: ZMinor,
  activeMembers: z.number().int().min(0),
  rate: ZRate,
  amount: ZMinor,
  paidAmount: ZMinor,
  status: z.enum(BILL_STATUSES),
  /** null: the platform pays (top of the tree). */
  payer: ZParty.nullable(),
  payee: ZParty,
  deadline: ZTime.nullable(),
  paidAt: ZTime.nullable(),
});
export type TBill = z.infer<typeof ZBill>;

/** Dividend records, daily wages and hourly salary pages of the agent centre. */
export const bills = defineCall({
  name: 'contract.bills',
  method: 'GET',
  path: '/wps/agent/bills',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({
    kind: ZContractKind,
    role: z.enum(['payer', 'payee']).default('payee'),
    status: z.enum(BILL_STATUSES).optional(),
    ...DAY_RANGE_FIELDS,
    ...PAGE_FIELDS,
  }),
  response: pageOf(ZBill).extend({ totals: z.object({ amount: ZMinor, paidAmount: ZMinor }) }),
  issue: 7,
});

/** The upline pays what it owes on a bill (an unpaid dividend freezes it until paid). */
export const payBill = defineCall({
  name: 'contract.payBill',
  method: 'POST',
  path: '/wps/agent/bills/pay',
  moduleId: 'WPS',
  token: 'required',
  // Carries the payment password.
  encrypted: true,
  request: z.strictObject({ requestId: ZRequestId, billId: ZId, paymentPassword: ZPaymentPassword }),
  response: ZBill,
  issue: 7,
});

// ---------------------------------------------------------------- team

/** Figures of a team or member over a range; winLoss is from the members' side (payout − bet). */
export const ZTeamFigures = z.object({
  deposit: ZMinor,
  withdrawal: ZMinor,
  betAmount: ZMinor,
  validBet: ZMinor,
  payout: ZMinor,
  winLoss: ZMinor,
  bonus: ZMinor,
});

export const teamOverview = defineCall({
  name: 'agent.teamOverview',
  method: 'GET',
  path: '/wps/agent/team/overview',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ ...DAY_RANGE_FIELDS }),
  response: z.object({
    teamSize: z.number().int().min(0),
    directMembers: z.number().int().min(0),
    directAgents: z.number().int().min(0),
    newMembers: z.number().int().min(0),
    activeMembers: z.number().int().min(0),
    teamBalance: ZMinor,
    totals: ZTeamFigures,
    /** Per day, for the charts. */
    series: z.array(ZTeamFigures.extend({ date: ZDay })),
  }),
  issue: 7,
});

export const registerDownline = defineCall({
  name: 'agent.registerDownline',
  method: 'POST',
  path: '/wps/agent/downline',
  moduleId: 'WPS',
  token: 'required',
  encrypted: true,
  request: z.strictObject({
    username: ZUsername,
    password: ZPassword,
    type: ZMemberType,
    nickname: z.string().trim().max(64).optional(),
    /** Proposed to the new downline as contract.* sign would; at most one per kind. */
    contracts: z.array(ZContractTerms).max(CONTRACT_KINDS.length).optional(),
  }),
  response: z.object({ id: z.number().int(), account: z.string() }),
  issue: 7,
});

export const ZTeamMember = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  type: ZMemberType,
  accountType: z.number().int(),
  /** 1 for a direct downline. */
  level: z.number().int().min(1),
  uplineAccount: z.string(),
  directCount: z.number().int().min(0),
  teamSize: z.number().int().min(0),
  balance: ZMinor,
  status: z.enum(['active', 'frozen', 'locked']),
  registeredAt: ZTime,
  lastLoginAt: ZTime.nullable(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

/** Team management: direct downlines of parentId (default: the agent), or a search by account. */
export const team = defineCall({
  name: 'agent.team',
  method: 'GET',
  path: '/wps/agent/team',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({
    parentId: ZIdQuery.optional(),
    account: z.string().trim().max(64).optional(),
    type: ZMemberType.optional(),
    ...PAGE_FIELDS,
  }),
  response: pageOf(ZTeamMember),
  issue: 7,
});

export const teamBets = defineCall({
  name: 'agent.teamBets',
  method: 'GET',
  path: '/wps/agent/team/bets',
  moduleId: 'WPS',
  token: 'required',
  request: ZBetQuery.extend({ account: z.string().trim().max(64).optional() }),
  response: pageOf(ZBetRecord.extend({ account: z.string() })).extend({ totals: ZBetTotals }),
  issue: 7,
});

const ZProfitLossRow = ZTeamFigures.extend({ salary: ZMinor, dividend: ZMinor });

/** User profit and loss: one row per team member over the range. */
export const profitLoss = defineCall({
  name: 'agent.profitLoss',
  method: 'GET',
  path: '/wps/agent/team/profitLoss',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ account: z.string().trim().max(64).optional(), ...DAY_RANGE_FIELDS, ...PAGE_FIELDS }),
  response: pageOf(ZProfitLossRow.extend({ memberId: z.number().int(), account: z.string() })).extend({
    totals: ZProfitLossRow,
  }),
  issue: 7,
});

/** My income: salaries and dividends received, and paid to downlines, entry by entry. */
export const income = defineCall({
  name: 'agent.income',
  method: 'GET',
  path: '/wps/agent/income',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ kind: ZContractKind.optional(), ...DAY_RANGE_FIELDS, ...PAGE_FIELDS }),
  response: pageOf(
    z.object({
      id: z.number().int(),
      time: ZTime,
      kind: ZContractKind,
      direction: z.enum(['in', 'out']),
      /** An account, or 'platform'. */
      counterparty: z.string(),
      period: z.string(),
      amount: ZMinor,
    }),
  ).extend({ totals: z.object({ in: ZMinor, out: ZMinor, net: ZMinor }) }),
  issue: 7,
});

export const downlineTransactions = defineCall({
  name: 'agent.downlineTransactions',
  method: 'GET',
  path: '/wps/agent/team/transactions',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({
    account: z.string().trim().max(64).optional(),
    type: ZTransactionType.optional(),
    ...DAY_RANGE_FIELDS,
    ...PAGE_FIELDS,
  }),
  response: pageOf(ZTransaction.extend({ account: z.string() })),
  issue: 7,
});

export const ZAffiliateCode = z.object({
  code: z.string(),
  /** The register link carrying the code. */
  url: z.string(),
  type: ZMemberType,
  registrations: z.number().int().min(0),
  createdAt: ZTime,
});

/** The agent's own codes; `/wps/agent/affiliate` (system.ts) checks a code at registration. */
export const affiliateCodes = defineCall({
  name: 'agent.affiliateCodes',
  method: 'GET',
  path: '/wps/agent/affiliate/codes',
  moduleId: 'WPS',
  token: 'required',
  request: ZEmpty,
  response: z.object({ list: z.array(ZAffiliateCode) }),
  issue: 7,
});

export const createAffiliateCode = defineCall({
  name: 'agent.createAffiliateCode',
  method: 'POST',
  path: '/wps/agent/affiliate/codes',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({
    type: ZMemberType,
    /** Proposed to everyone who registers with the code. */
    contracts: z.array(ZContractTerms).max(CONTRACT_KINDS.length).optional(),
  }),
  response: ZAffiliateCode,
  issue: 7,
});

/** Agency announcements (the agent centre's announcement entry). */
export const agentAnnouncements = defineCall({
  name: 'agent.announcements',
  method: 'GET',
  path: '/wps/agent/announcements',
  moduleId: 'WPS',
  token: 'required',
  request: z.strictObject({ ...PAGE_FIELDS }),
  response: pageOf(ZNotice.omit({ type: true })),
  issue: 7,
});
