import { z } from 'zod';
import { consoleCall, type TConsoleCallDef } from './console-define.ts';
import { PAGE_FIELDS, pageOf, ZDay, ZMinor } from './fields.ts';

// The console's reports (issue 24): daily GGR by category and vendor, per agent team, per member; every figure over a
// range of the merchant's local days (at most 366; the last 7 days when none is given), free-play trial accounts left
// out. The page exports each as CSV, reading every page. docs/decisions.md, "Operator console (issue 24)", Reports.

/** The longest range a report adds up at once (a year with a leap day), as the dashboard. */
export const REPORT_MAX_DAYS = 366;

const RANGE_FIELDS = { from: ZDay.optional(), to: ZDay.optional() };
const ZOrder = z.enum(['asc', 'desc']).default('desc');

/** Bets of one group: stakes of bets not void, payouts of settled ones (by bet time), GGR = bets − payouts. */
const ZBetFigures = z.object({
  bets: ZMinor,
  payouts: ZMinor,
  ggr: ZMinor,
  /** Bets not void. */
  betCount: z.number().int(),
  /** Members with a bet not void (counted once over the group, not summed). */
  players: z.number().int(),
});
export type TReportBetFigures = z.infer<typeof ZBetFigures>;

const ZGgrRow = ZBetFigures.extend({
  day: ZDay,
  category: z.string(),
  /** The vendor's code (vassalage) and its display name (the code when the merchant has no such vendor row). */
  vendor: z.string(),
  vendorName: z.string(),
});
export type TReportGgrRow = z.infer<typeof ZGgrRow>;

/** Daily GGR: one row per local day × game category × vendor with any bet, and the range's total. */
export const consoleReportGgr = consoleCall({
  name: 'reports.ggr',
  method: 'GET',
  access: 'reports.view',
  request: z.strictObject(RANGE_FIELDS),
  response: z.object({ from: ZDay, to: ZDay, rows: z.array(ZGgrRow), totals: ZBetFigures }),
});

/** Money and bets of a group of accounts over the range, from the rolled-up days (member_days, team_days). */
const ZMoneyFigures = z.object({
  deposits: ZMinor,
  /** What the accounts took out of their wallets (shown positive). */
  withdrawals: ZMinor,
  bets: ZMinor,
  validBet: ZMinor,
  payouts: ZMinor,
  ggr: ZMinor,
});
export type TReportMoneyFigures = z.infer<typeof ZMoneyFigures>;

export const REPORT_AGENT_SORTS = ['ggr', 'validBet', 'deposits', 'withdrawals', 'username'] as const;

const ZAgentRow = ZMoneyFigures.extend({
  agentId: z.number().int(),
  username: z.string(),
  /** The agent's upline (null: a top agent). */
  upline: z.string().nullable(),
  /** Everyone below the agent, however deep, registered up to now. */
  teamSize: z.number().int(),
  /** Members of the team registered in the range. */
  newMembers: z.number().int(),
  /** Members of the team whose valid bet over the range reaches the agent centre's active-member threshold. */
  activeMembers: z.number().int(),
});
export type TReportAgentRow = z.infer<typeof ZAgentRow>;

/**
 * Per agent team (everyone below the agent) over the range, as the agent centre's team overview counts it. Teams nest,
 * so `totals` adds up the top agents' teams among the matches only (they do not overlap and hold every other team);
 * `total` is the number of matching agents, as on every page.
 */
export const consoleReportAgents = consoleCall({
  name: 'reports.agents',
  method: 'GET',
  access: 'reports.view',
  request: z.strictObject({
    ...RANGE_FIELDS,
    q: z.string().trim().max(32).optional(),
    sort: z.enum(REPORT_AGENT_SORTS).default('ggr'),
    order: ZOrder,
    ...PAGE_FIELDS,
  }),
  response: pageOf(ZAgentRow).extend({
    from: ZDay,
    to: ZDay,
    totals: ZMoneyFigures.extend({ teamSize: z.number().int(), newMembers: z.number().int(), activeMembers: z.number().int() }),
  }),
});

export const REPORT_MEMBER_SORTS = ['ggr', 'bets', 'deposits', 'withdrawals', 'username'] as const;

const ZMemberReportRow = ZMoneyFigures.extend({
  userId: z.number().int(),
  username: z.string(),
  type: z.enum(['member', 'agent']),
});
export type TReportMemberRow = z.infer<typeof ZMemberReportRow>;

/** Per account with any money or bet in the range; searchable by username (substring), sortable, paged; `totals` over every match. */
export const consoleReportMembers = consoleCall({
  name: 'reports.members',
  method: 'GET',
  access: 'reports.view',
  request: z.strictObject({
    ...RANGE_FIELDS,
    q: z.string().trim().max(32).optional(),
    sort: z.enum(REPORT_MEMBER_SORTS).default('ggr'),
    order: ZOrder,
    ...PAGE_FIELDS,
  }),
  response: pageOf(ZMemberReportRow).extend({ from: ZDay, to: ZDay, totals: ZMoneyFigures }),
});

/** The console's reports (daily GGR by category and vendor, per agent team, per member) calls (issue 24). */
export const REPORT_CALLS: readonly TConsoleCallDef[] = [consoleReportGgr, consoleReportAgents, consoleReportMembers];
