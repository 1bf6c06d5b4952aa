import { sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';

export interface TAgentFlags {
  /** A payer frozen for an overdue dividend (spec §4). */
  frozen: boolean;
  /** The agent centre's flagged entries (spec §2): dividend records, daily wages, hourly salary. */
  enableCt: boolean;
  salary: boolean;
  hourSalary: boolean;
}

export const NO_AGENT_FLAGS: TAgentFlags = { frozen: false, enableCt: false, salary: false, hourSalary: false };

/**
 * Member info's account flags: an entry of the agent centre shows when the account takes part in contracts of
 * its kind (holds or gives one that was accepted), so it has bills to look at; frozen while a refused dividend
 * of its is unpaid.
 */
export async function agentFlagsOf(db: TTx, userId: number): Promise<TAgentFlags> {
  const result = await db.execute(sql`
    select
      exists (select 1 from contract_bills where payer_id = ${userId} and status = 'refused') as frozen,
      exists (select 1 from contracts where kind = 'dividend' and status in ('valid', 'expired', 'invalid') and (downline_id = ${userId} or upline_id = ${userId})) as dividend,
      exists (select 1 from contracts where kind = 'dailySalary' and status in ('valid', 'expired', 'invalid') and (downline_id = ${userId} or upline_id = ${userId})) as daily,
      exists (select 1 from contracts where kind = 'hourlySalary' and status in ('valid', 'expired', 'invalid') and (downline_id = ${userId} or upline_id = ${userId})) as hourly`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
  return { frozen: row?.frozen === true, enableCt: row?.dividend === true, salary: row?.daily === true, hourSalary: row?.hourly === true };
}
