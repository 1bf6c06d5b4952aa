/**
 * Member info's account flags: an entry of the agent centre shows when the account takes part in contracts of
 * its kind (holds or gives one that was accepted), so it has bills to look at; frozen while a refused dividend
 * of its is unpaid. Read with the account in one statement (account/member-info.repository.ts).
 */
export interface TAgentFlags {
  /** A payer frozen for an overdue dividend (spec §4). */
  frozen: boolean;
  /** The agent centre's flagged entries (spec §2): dividend records, daily wages, hourly salary. */
  enableCt: boolean;
  salary: boolean;
  hourSalary: boolean;
}

export const NO_AGENT_FLAGS: TAgentFlags = { frozen: false, enableCt: false, salary: false, hourSalary: false };
