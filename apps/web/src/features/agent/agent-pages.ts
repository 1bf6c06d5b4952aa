import type { TAgentMenuFlag } from '@playhall/contract/whitelabel';

/**
 * Agent-centre pages (spec §2) in navigation order: the fixed entries, a contracts page (the spec lists
 * contract actions but no page for them; it has no menu flag), then the three entries account flags allow.
 */
export const AGENT_CENTRE_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'agentRegister',
  'agentTeamManagement',
  'agentContracts',
  'agentTeamBetting',
  'agentProfitLoss',
  'agentIncome',
  'agentDownlineTransactions',
  'agentDividend',
  'agentDailyWages',
  'agentHourlySalary',
] as const;
export type TAgentCentrePage = (typeof AGENT_CENTRE_PAGES)[number];

/** Spec §2: the agent centre opens on the team overview. */
export const DEFAULT_AGENT_PAGE: TAgentCentrePage = 'agentTeamOverview';

/** The merchant's agent-menu module flag of each page (absent: always there). */
const MODULE_FLAG: Partial<Record<TAgentCentrePage, TAgentMenuFlag>> = {
  agentAnnouncement: 'AGENTANNOUNCE3',
  agentTeamOverview: 'AGENTTEAMOVERVIEW3',
  agentRegister: 'AGENTREGISTER3',
  agentTeamManagement: 'AGENTTEAMMANAGE3',
  agentTeamBetting: 'AGENTTEAMBET3',
  agentProfitLoss: 'AGENTPROFITLOSS3',
  agentIncome: 'AGENTINCOME3',
  agentDownlineTransactions: 'AGENTDOWNLINETRANS3',
  agentDividend: 'AGENTDIVIDEND3',
  agentDailyWages: 'AGENTDAILYWAGE3',
  agentHourlySalary: 'AGENTHOURSALARY3',
};

/** The account flag (member info) that must allow a page: spec §2 enableCt, salary, hourSalary. */
const ACCOUNT_FLAG: Partial<Record<TAgentCentrePage, keyof TAgentFlags>> = {
  agentDividend: 'enableCt',
  agentDailyWages: 'salary',
  agentHourlySalary: 'hourSalary',
};

export interface TAgentFlags {
  enableCt: boolean;
  salary: boolean;
  hourSalary: boolean;
}

/** The pages this agent sees: the merchant's module flag on, and the account flag where the spec names one. */
export function visibleAgentPages(account: TAgentFlags, moduleOn: (flag: TAgentMenuFlag) => boolean): TAgentCentrePage[] {
  return AGENT_CENTRE_PAGES.filter((p) => {
    const mod = MODULE_FLAG[p];
    const acc = ACCOUNT_FLAG[p];
    return (!mod || moduleOn(mod)) && (!acc || account[acc]);
  });
}
