import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter } from 'react-router';
import type { TConsolePermission } from '@playhall/contract/console';
import { paths } from '../config/paths.ts';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RequirePermission } from '../features/auth/require-permission.tsx';
import { ConsoleShell } from '../features/shell/console-shell.tsx';
import { Forbidden } from '../components/forbidden.tsx';

const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));
const MembersPage = lazy(() => import('../features/members/members-page.tsx').then((m) => ({ default: m.MembersPage })));
const MemberDetailPage = lazy(() => import('../features/members/member-detail-page.tsx').then((m) => ({ default: m.MemberDetailPage })));
const DepositsPage = lazy(() => import('../features/deposits/deposits-page.tsx').then((m) => ({ default: m.DepositsPage })));
const WithdrawalsPage = lazy(() => import('../features/withdrawals/withdrawals-page.tsx').then((m) => ({ default: m.WithdrawalsPage })));
const AnnouncementsPage = lazy(() => import('../features/content/announcements-page.tsx').then((m) => ({ default: m.AnnouncementsPage })));
const HelpPage = lazy(() => import('../features/content/help-page.tsx').then((m) => ({ default: m.HelpPage })));
const PromotionsPage = lazy(() => import('../features/content/promotions-page.tsx').then((m) => ({ default: m.PromotionsPage })));
const LotteryPage = lazy(() => import('../features/lottery/lottery-page.tsx').then((m) => ({ default: m.LotteryPage })));
const AgentsPage = lazy(() => import('../features/agents/agents-page.tsx').then((m) => ({ default: m.AgentsPage })));
const ConfigPage = lazy(() => import('../features/config/config-page.tsx').then((m) => ({ default: m.ConfigPage })));
const ReportsPage = lazy(() => import('../features/reports/reports-page.tsx').then((m) => ({ default: m.ReportsPage })));
const AuditPage = lazy(() => import('../features/audit/audit-page.tsx').then((m) => ({ default: m.AuditPage })));
const OperatorsPage = lazy(() => import('../features/operators/operators-page.tsx').then((m) => ({ default: m.OperatorsPage })));

const guarded = (permission: TConsolePermission, Page: LazyExoticComponent<ComponentType>) => (
  <RequirePermission permission={permission}>
    <Page />
  </RequirePermission>
);

/** The console's pages under /console (the server answers console.html for every one of them). */
export const router = createBrowserRouter(
  [
    { path: paths.login, element: <LoginPage /> },
    {
      element: <ConsoleShell />,
      children: [
        { index: true, element: guarded('dashboard.view', DashboardPage) },
        { path: paths.members, element: guarded('members.view', MembersPage) },
        { path: '/members/:id', element: guarded('members.view', MemberDetailPage) },
        { path: paths.deposits, element: guarded('deposits.view', DepositsPage) },
        { path: paths.withdrawals, element: guarded('withdrawals.view', WithdrawalsPage) },
        { path: paths.announcements, element: guarded('content.view', AnnouncementsPage) },
        { path: paths.help, element: guarded('content.view', HelpPage) },
        { path: paths.promotions, element: guarded('content.view', PromotionsPage) },
        { path: paths.lottery, element: guarded('lottery.view', LotteryPage) },
        { path: paths.agents, element: guarded('agents.view', AgentsPage) },
        { path: paths.config, element: guarded('config.view', ConfigPage) },
        { path: paths.reports, element: guarded('reports.view', ReportsPage) },
        { path: paths.audit, element: guarded('audit.view', AuditPage) },
        { path: paths.operators, element: guarded('operators.manage', OperatorsPage) },
        { path: '*', element: <Forbidden /> },
      ],
    },
  ],
  { basename: '/console' },
);
