import { and, eq } from 'drizzle-orm';
import {
  consoleAgentBills,
  consoleAgentContracts,
  consoleAgentContractStart,
  consoleAgentFrozen,
  consoleAgentPlatformContract,
  consoleAgentTree,
  type TConsoleTreeRow,
} from '@playhall/contract/console-lottery-agents';
import type { TTeamMember } from '@playhall/contract/calls/agent';
import { users } from '../../../db/schema.ts';
import { AppError } from '../../../lib/app-error.ts';
import { createBillsService } from '../../agent/bills.service.ts';
import { createContractsService } from '../../agent/contracts.service.ts';
import { frozenAccounts } from '../../agent/frozen.ts';
import { createSettlementService } from '../../agent/settlement.service.ts';
import { createTeamService } from '../../agent/team.service.ts';
import { merchantTimeZone } from '../../ops/ops.service.ts';
import type { TConsoleRegistrar } from '../console-registrar.ts';
import { runAsOperator, type TPageDeps } from './console-ops.ts';

/** An account of this merchant with its upline's name, else `not_found`. */
async function accountOf(deps: TPageDeps, id: number): Promise<{ id: number; username: string; type: 'member' | 'agent'; upline: string | null }> {
  const [row] = await deps.db
    .select({ id: users.id, username: users.username, type: users.type, uplineId: users.uplineId })
    .from(users)
    .where(and(eq(users.id, id), eq(users.merchantId, deps.merchantId)));
  if (!row) throw new AppError('not_found', { id }, `No account ${id}`);
  let upline: string | null = null;
  if (row.uplineId !== null) {
    const [u] = await deps.db.select({ username: users.username }).from(users).where(eq(users.id, row.uplineId));
    upline = u?.username ?? null;
  }
  return { id: row.id, username: row.username, type: row.type, upline };
}

const treeRow = (m: TTeamMember): TConsoleTreeRow => ({
  id: m.id,
  account: m.account,
  type: m.type,
  accountType: m.accountType,
  directCount: m.directCount,
  teamSize: m.teamSize,
  balance: m.balance,
  status: m.status,
  registeredAt: m.registeredAt,
});

/**
 * The agents pages: the tree a level at a time, an account's contracts and bills, the frozen accounts, and the two
 * operator commands on contracts (`contract start|platform`) run as the operator. Reads are the agent centre's own
 * queries (team, contracts and bills services) asked for the account the operator names.
 */
export function registerAgentPages(calls: TConsoleRegistrar, deps: TPageDeps): void {
  const merchantId = async () => deps.merchantId;
  const timeZone = () => merchantTimeZone(deps.db, deps.merchantId);
  const contracts = createContractsService({ db: deps.db, merchantId, timeZone });
  // The register rules are for opening downlines, which the console does not do.
  const team = createTeamService({ db: deps.db, merchantId, timeZone, registerRules: async () => [], contracts });
  const bills = createBillsService({ db: deps.db, timeZone, settlement: createSettlementService({ db: deps.db, merchantId, timeZone }) });

  calls.serve(consoleAgentTree, async (input) => {
    const page = { page: input.page, pageSize: input.pageSize };
    if (input.parentId === undefined) {
      const r = await team.topAgents(deps.merchantId, page);
      return { ...r, list: r.list.map(treeRow), parent: null };
    }
    const parent = await accountOf(deps, input.parentId);
    // The parent's own team list: its direct downlines.
    const r = await team.list(parent.id, page);
    return { ...r, list: r.list.map(treeRow), parent: { id: parent.id, account: parent.username, upline: parent.upline } };
  });

  calls.serve(consoleAgentContracts, async (input) => {
    const account = await accountOf(deps, input.id);
    return contracts.list(account.id, { role: input.role === 'given' ? 'upline' : 'downline', kind: input.kind, status: input.status, page: input.page, pageSize: input.pageSize });
  });

  calls.serve(consoleAgentBills, async (input) => {
    const account = await accountOf(deps, input.id);
    return bills.list(account.id, { kind: input.kind, role: input.role, status: input.status, page: input.page, pageSize: input.pageSize });
  });

  calls.serve(consoleAgentFrozen, async (input) => frozenAccounts(deps.db, deps.merchantId, input));

  calls.serve(consoleAgentContractStart, async (input, ctx) => {
    const account = await accountOf(deps, input.id);
    const r = await runAsOperator(deps, ctx.actor, { kind: 'contract.start', username: account.username, contractKind: input.kind, from: input.from });
    return { message: r.message };
  });

  calls.serve(consoleAgentPlatformContract, async (input, ctx) => {
    const account = await accountOf(deps, input.id);
    const r = await runAsOperator(deps, ctx.actor, { kind: 'contract.platform', username: account.username, terms: input.terms, from: input.from });
    return { message: r.message };
  });
}
