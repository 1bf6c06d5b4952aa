import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeftRight,
  ChartColumn,
  Clock,
  Dices,
  Handshake,
  HandCoins,
  LayoutDashboard,
  Megaphone,
  Network,
  PiggyBank,
  TrendingUp,
  UserPlus,
  Wallet,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { isModuleOn } from '@playhall/contract/whitelabel';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { LazyLoadFailed } from '../../../components/ui/lazy-fallback.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { getMemberInfoQueryOptions } from '../../auth/api/get-member-info.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { usePermission } from '../../system/api/get-status.ts';
import { DEFAULT_AGENT_PAGE, visibleAgentPages, type TAgentCentrePage } from '../agent-pages.ts';
import { AgentNavContext, type TAgentNav } from './agent-nav.ts';
import { AgentAnnouncements } from './agent-announcements.tsx';
import { BillsPage } from './bills-page.tsx';
import { ContractsPage } from './contracts-page.tsx';
import { DownlineTransactions } from './downline-transactions.tsx';
import { MyIncome } from './my-income.tsx';
import { ProfitLoss } from './profit-loss.tsx';
import { RegisterDownline } from './register-downline.tsx';
import { TeamBetting } from './team-betting.tsx';
import { TeamManagement } from './team-management.tsx';
import { TeamOverview } from './team-overview.tsx';
import styles from './agent-centre.module.css';

const PAGES: Record<TAgentCentrePage, { icon: LucideIcon; component: ComponentType }> = {
  agentAnnouncement: { icon: Megaphone, component: AgentAnnouncements },
  agentTeamOverview: { icon: LayoutDashboard, component: TeamOverview },
  agentRegister: { icon: UserPlus, component: RegisterDownline },
  agentTeamManagement: { icon: Network, component: TeamManagement },
  agentContracts: { icon: Handshake, component: ContractsPage },
  agentTeamBetting: { icon: Dices, component: TeamBetting },
  agentProfitLoss: { icon: ChartColumn, component: ProfitLoss },
  agentIncome: { icon: Wallet, component: MyIncome },
  agentDownlineTransactions: { icon: ArrowLeftRight, component: DownlineTransactions },
  agentDividend: { icon: PiggyBank, component: () => <BillsPage kind="dividend" /> },
  agentDailyWages: { icon: HandCoins, component: () => <BillsPage kind="dailySalary" /> },
  agentHourlySalary: { icon: Clock, component: () => <BillsPage kind="hourlySalary" /> },
};

/** The centre keeps this height (within the window) on every page; a longer page scrolls inside it (issue 16). */
const AGENT_CENTRE_HEIGHT = 720;

/**
 * The agent centre (spec §2, §6): shown once the member info is in (its flags decide three entries),
 * with a close button; opens on the team overview. Entries follow the merchant's agent-menu flags.
 */
export function AgentCentreModal({ page: initial, onClose }: { page: TAgentCentrePage; onClose: () => void }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const member = useQuery(getMemberInfoQueryOptions(token));
  const whitelabel = usePermission().info.whitelabel;
  const [state, setState] = useState<{ page: TAgentCentrePage; account?: string }>({ page: initial });
  const pages = useMemo(() => (member.data ? visibleAgentPages(member.data, (f) => isModuleOn(whitelabel, f)) : []), [member.data, whitelabel]);
  const current = pages.includes(state.page) ? state.page : pages.includes(DEFAULT_AGENT_PAGE) ? DEFAULT_AGENT_PAGE : pages[0];
  const nav = useMemo<TAgentNav>(() => ({ go: (page, account) => setState({ page, account }), account: state.account }), [state.account]);
  const Page = current ? PAGES[current].component : null;

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('agent.title')} hideHeader width={1180} height={AGENT_CENTRE_HEIGHT} testId="agent-centre" bodyClassName={styles.body}>
      <div className={styles.head}>
        <h2 className={styles.title}>
          <TrendingUp size={20} aria-hidden className={styles.titleIcon} />
          {t('agent.title')}
          {member.data && <span className={styles.muted}>· <bdi>{member.data.account}</bdi></span>}
        </h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('common.close')} data-testid="ac-close">
          <X size={18} aria-hidden />
        </button>
      </div>
      {!member.data ? (
        <div className={styles.frame} data-testid="ac-loading">
          <div className={styles.nav}>
            {Array.from({ length: 9 }, (_, i) => (
              <Skeleton key={i} height={32} radius={6} />
            ))}
          </div>
          <div className={styles.page}>
            <Skeleton height={120} radius={10} />
            <Skeleton height={260} radius={10} />
          </div>
        </div>
      ) : (
        <div className={styles.frame}>
          <nav className={styles.nav} aria-label={t('agent.title')}>
            {pages.map((p) => {
              const Icon = PAGES[p].icon;
              return (
                <button
                  key={p}
                  type="button"
                  className={styles.navItem}
                  aria-current={p === current ? 'page' : undefined}
                  // Focus starts on the open entry, not on the page's first field (a date input).
                  data-autofocus={p === current || undefined}
                  onClick={() => setState({ page: p })}
                  data-testid={`ac-nav-${p}`}
                >
                  <Icon size={16} aria-hidden />
                  {t(`agent.nav.${p}`)}
                </button>
              );
            })}
          </nav>
          <div className={styles.page} data-testid={current ? `ac-page-${current}` : undefined}>
            <AgentNavContext.Provider value={nav}>
              {Page && (
                <ErrorBoundary key={`${current}-${state.account ?? ''}`} fallback={() => <LazyLoadFailed />}>
                  <Page />
                </ErrorBoundary>
              )}
            </AgentNavContext.Provider>
          </div>
        </div>
      )}
    </Modal>
  );
}
