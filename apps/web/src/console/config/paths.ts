import type { TConsolePermission } from '@playhall/contract/console';

/** The console's pages, under the router's /console basename; the side menu is read from here. */
export const paths = {
  login: '/login',
  dashboard: '/',
  members: '/members',
  member: (id: number | string) => `/members/${id}`,
  deposits: '/deposits',
  withdrawals: '/withdrawals',
  announcements: '/content/announcements',
  help: '/content/help',
  promotions: '/content/promotions',
  lottery: '/lottery',
  agents: '/agents',
  reports: '/reports',
  config: '/config',
  audit: '/audit',
  operators: '/operators',
} as const;

export interface TMenuEntry {
  /** The data-testid's suffix: nav-<area>. */
  area: string;
  label: string;
  to: string;
  permission: TConsolePermission;
}

export const MENU: readonly TMenuEntry[] = [
  { area: 'dashboard', label: 'Dashboard', to: paths.dashboard, permission: 'dashboard.view' },
  { area: 'members', label: 'Members', to: paths.members, permission: 'members.view' },
  { area: 'deposits', label: 'Deposits', to: paths.deposits, permission: 'deposits.view' },
  { area: 'withdrawals', label: 'Withdrawals', to: paths.withdrawals, permission: 'withdrawals.view' },
  { area: 'content', label: 'Announcements', to: paths.announcements, permission: 'content.view' },
  { area: 'help', label: 'Help articles', to: paths.help, permission: 'content.view' },
  { area: 'promotions', label: 'Promotions', to: paths.promotions, permission: 'content.view' },
  { area: 'lottery', label: 'Lottery', to: paths.lottery, permission: 'lottery.view' },
  { area: 'agents', label: 'Agents', to: paths.agents, permission: 'agents.view' },
  { area: 'reports', label: 'Reports', to: paths.reports, permission: 'reports.view' },
  { area: 'config', label: 'Configuration', to: paths.config, permission: 'config.view' },
  { area: 'audit', label: 'Audit log', to: paths.audit, permission: 'audit.view' },
  { area: 'operators', label: 'Operators', to: paths.operators, permission: 'operators.manage' },
];
