import { z } from 'zod';
import { consoleCall, ZDone, ZEmptyRequest, ZReason, type TConsoleCallDef } from './console-define.ts';
import { PAGE_FIELDS, pageOf, ZIdQuery, ZId, ZMinor, ZTime } from './fields.ts';
import { BILL_STATUSES, CONTRACT_STATUSES, ZBill, ZContract, ZContractKind, ZContractTerms } from './calls/agent.ts';

// The console's lottery (draws, results, void) and agents (tree, contracts, bills, frozen accounts) calls (issue 24).
// Every change runs the CLI's command (`lottery result|void|source`, `contract start|platform`) as the operator.

// ---------------------------------------------------------------- lottery

export const ZConsoleGameCode = z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9_]+$/, 'game_code');
export const ZConsoleDrawNo = z.string().trim().min(1).max(32).regex(/^[A-Za-z0-9_-]+$/, 'draw_no');
/** A draw as members see its state: `closed` is an open draw whose betting has closed (awaiting its result). */
export const CONSOLE_DRAW_STATUSES = ['open', 'closed', 'drawn', 'settled', 'void'] as const;
export const ZConsoleDrawStatus = z.enum(CONSOLE_DRAW_STATUSES);

const ZPrizeShape = z.object({ prize: z.string(), count: z.number().int(), digits: z.number().int() });
const ZLotteryGameRow = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  structure: z.string(),
  /** `operator`: results are entered by hand (console or `ops lottery result`); `house`: drawn from the seed. */
  resultSource: z.enum(['house', 'operator']),
  enabled: z.boolean(),
  /** The prizes a result of this game lists, in order: how many numbers each, of how many digits. */
  prizes: z.array(ZPrizeShape),
});
export type TConsoleLotteryGame = z.infer<typeof ZLotteryGameRow>;

export const consoleLotteryGames = consoleCall({
  name: 'lottery.games',
  method: 'GET',
  access: 'lottery.view',
  request: ZEmptyRequest,
  response: z.object({ list: z.array(ZLotteryGameRow) }),
});

const ZDrawRow = z.object({
  id: z.number().int(),
  game: z.string(),
  drawNo: z.string(),
  province: z.string().nullable(),
  closeAt: ZTime,
  drawAt: ZTime,
  status: ZConsoleDrawStatus,
  result: z.array(z.object({ prize: z.string(), numbers: z.array(z.string()) })).nullable(),
});
export type TConsoleDrawRow = z.infer<typeof ZDrawRow>;

/** A game's draws, newest first, by status; paged. */
export const consoleLotteryDraws = consoleCall({
  name: 'lottery.draws',
  method: 'GET',
  access: 'lottery.view',
  request: z.strictObject({ game: ZConsoleGameCode, status: ZConsoleDrawStatus.optional(), ...PAGE_FIELDS }),
  response: pageOf(ZDrawRow),
});

const ZDrawOutcome = z.object({ message: z.string(), tickets: z.number().int(), winners: z.number().int(), paid: ZMinor });

/** The result of a draw whose game takes its results from the operator; the draw is then settled and winners paid. */
export const consoleLotteryResult = consoleCall({
  name: 'lottery.result',
  access: 'lottery.manage',
  request: z.strictObject({
    game: ZConsoleGameCode,
    drawNo: ZConsoleDrawNo,
    prizes: z.record(z.string().regex(/^[A-Za-z0-9]{1,8}$/), z.array(z.string().trim().regex(/^[0-9]{1,8}$/, 'prize_digits')).max(20)),
  }),
  response: ZDrawOutcome,
});

/** Voids a draw that is not settled: every ticket's stake goes back to its member. */
export const consoleLotteryVoid = consoleCall({
  name: 'lottery.void',
  access: 'lottery.manage',
  request: z.strictObject({ game: ZConsoleGameCode, drawNo: ZConsoleDrawNo, reason: ZReason }),
  response: ZDrawOutcome,
});

/** Where a game's results come from: the house draw, or the operator (results entered by hand). */
export const consoleLotterySource = consoleCall({
  name: 'lottery.source',
  access: 'lottery.manage',
  request: z.strictObject({ game: ZConsoleGameCode, source: z.enum(['house', 'operator']) }),
  response: ZDone,
});

// ---------------------------------------------------------------- agents

const ZTreeRow = z.object({
  id: z.number().int(),
  account: z.string(),
  type: z.enum(['member', 'agent']),
  accountType: z.number().int(),
  directCount: z.number().int().min(0),
  teamSize: z.number().int().min(0),
  balance: ZMinor,
  status: z.enum(['active', 'frozen', 'locked']),
  registeredAt: ZTime,
});
export type TConsoleTreeRow = z.infer<typeof ZTreeRow>;

/**
 * One level of the agent tree: without `parentId` the top agents (no upline), with it that account's direct
 * downlines. Each row counts its direct downlines and its whole team, so the page opens the tree a level at a time.
 */
export const consoleAgentTree = consoleCall({
  name: 'agents.tree',
  method: 'GET',
  access: 'agents.view',
  request: z.strictObject({ parentId: ZIdQuery.optional(), ...PAGE_FIELDS }),
  response: pageOf(ZTreeRow).extend({ parent: z.object({ id: z.number().int(), account: z.string(), upline: z.string().nullable() }).nullable() }),
});

/** An account's contracts: `given` to its direct downlines, `received` from its upline (or the platform). */
export const consoleAgentContracts = consoleCall({
  name: 'agents.contracts',
  method: 'GET',
  access: 'agents.view',
  request: z.strictObject({
    id: ZIdQuery,
    role: z.enum(['given', 'received']).default('received'),
    kind: ZContractKind.optional(),
    status: z.enum(CONTRACT_STATUSES).optional(),
    ...PAGE_FIELDS,
  }),
  response: pageOf(ZContract),
});

/** An account's bills of one contract kind, as payer (what it owes its downlines) or payee (what it is owed). */
export const consoleAgentBills = consoleCall({
  name: 'agents.bills',
  method: 'GET',
  access: 'agents.view',
  request: z.strictObject({
    id: ZIdQuery,
    kind: ZContractKind.default('dividend'),
    role: z.enum(['payer', 'payee']).default('payer'),
    status: z.enum(BILL_STATUSES).optional(),
    ...PAGE_FIELDS,
  }),
  response: pageOf(ZBill).extend({ totals: z.object({ amount: ZMinor, paidAmount: ZMinor }) }),
});

/**
 * Accounts frozen by a refused dividend (agent-contracts.md: no withdrawal, no transfer out until it is paid). The
 * freeze lifts only when the bill is paid in full; the console has no unfreeze (nor has the CLI).
 */
export const consoleAgentFrozen = consoleCall({
  name: 'agents.frozen',
  method: 'GET',
  access: 'agents.view',
  request: z.strictObject({ ...PAGE_FIELDS }),
  response: pageOf(z.object({ id: z.number().int(), account: z.string(), upline: z.string().nullable(), bills: z.number().int(), owed: ZMinor, since: ZTime })),
});

/** `ops contract start`: moves the start of the contract of a kind the account holds (agreed outside the portal). */
export const consoleAgentContractStart = consoleCall({
  name: 'agents.contractStart',
  access: 'agents.manage',
  request: z.strictObject({ id: ZId, kind: ZContractKind, from: z.iso.datetime({ offset: true, error: 'invalid_date' }) }),
  response: ZDone,
});

/** `ops contract platform`: the platform's contract with a top agent, in force at once or from `from`. */
export const consoleAgentPlatformContract = consoleCall({
  name: 'agents.platformContract',
  access: 'agents.manage',
  request: z.strictObject({ id: ZId, terms: ZContractTerms, from: z.iso.datetime({ offset: true, error: 'invalid_date' }).nullable().default(null) }),
  response: ZDone,
});

export const LOTTERY_AGENT_CALLS: readonly TConsoleCallDef[] = [
  consoleLotteryGames,
  consoleLotteryDraws,
  consoleLotteryResult,
  consoleLotteryVoid,
  consoleLotterySource,
  consoleAgentTree,
  consoleAgentContracts,
  consoleAgentBills,
  consoleAgentFrozen,
  consoleAgentContractStart,
  consoleAgentPlatformContract,
];
