import { useQuery } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowLeftRight, Award, Coins, Gift, History, Landmark, LockKeyhole, Mail, MessageSquareText, Receipt, ShieldCheck, ShoppingBag, Target, TrendingDown, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { LazyLoadFailed } from '../../../components/ui/lazy-fallback.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { loadChunk } from '../../../lib/load-chunk.ts';
import { MEMBER_CENTRE_PAGES, type TMemberCentrePage } from '../../auth/member-centre-pages.ts';
import { getMemberInfoQueryOptions } from '../../auth/api/get-member-info.ts';
import { useUnreadCount } from '../../inbox/api/unread-count.ts';
import { useAvailableMissions } from '../../loyalty/missions/api/available.ts';
import { canUseAgentCentre, useSessionStore } from '../../auth/session-store.ts';
import { openModal } from '../../../stores/ui-store.ts';
import { SecurityCenter } from './security-center.tsx';
import styles from './member-centre.module.css';

/** The centre keeps this height (within the window) on every page; a longer page scrolls inside it (issue 16). */
const MEMBER_CENTRE_HEIGHT = 680;

/** A page's code loads when the page is first opened, not with the centre. */
function page<K extends string>(importer: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => loadChunk(importer).then((m) => ({ default: m[name] })));
}

const PAGES: Record<TMemberCentrePage, { icon: LucideIcon; component: ComponentType }> = {
  securityCenter: { icon: LockKeyhole, component: SecurityCenter },
  transferFund: { icon: ArrowLeftRight, component: page(() => import('../../wallet/components/transfer-fund.tsx'), 'TransferFund') },
  depositv2: { icon: ArrowDownToLine, component: page(() => import('../../wallet/components/deposit-page.tsx'), 'DepositPage') },
  withdraw: { icon: Landmark, component: page(() => import('../../wallet/components/withdraw-page.tsx'), 'WithdrawPage') },
  transferUpline: { icon: Users, component: page(() => import('../../wallet/components/member-transfer.tsx'), 'MemberTransfer') },
  personalHistoryCopy: { icon: History, component: page(() => import('../../games/components/betting-record.tsx'), 'BettingRecord') },
  transactionHistory: { icon: Receipt, component: page(() => import('../../records/components/transaction-history.tsx'), 'TransactionHistory') },
  personalProfit: { icon: TrendingDown, component: page(() => import('../../records/components/personal-profit.tsx'), 'PersonalProfit') },
  bonusDetails: { icon: Gift, component: page(() => import('../../records/components/bonus-details.tsx'), 'BonusDetails') },
  rewardCenter: { icon: Award, component: page(() => import('../../promotions/components/reward-center.tsx'), 'RewardCenter') },
  referral: { icon: UserPlus, component: page(() => import('../../loyalty/referral/components/referral-page.tsx'), 'ReferralPage') },
  missionLeaderboard: { icon: Target, component: page(() => import('../../loyalty/missions/components/mission-leaderboard.tsx'), 'MissionLeaderboard') },
  pointsDetails: { icon: Coins, component: page(() => import('../../loyalty/points/components/points-details.tsx'), 'PointsDetails') },
  redeemHistory: { icon: ShoppingBag, component: page(() => import('../../loyalty/points/components/redeem-history.tsx'), 'RedeemHistory') },
  messageV2: { icon: Mail, component: page(() => import('../../inbox/components/message-centre.tsx'), 'MessageCentre') },
  feedback: { icon: MessageSquareText, component: page(() => import('../../inbox/components/feedback-page.tsx'), 'FeedbackPage') },
  responsibleGaming: { icon: ShieldCheck, component: page(() => import('../../responsible/components/responsible-page.tsx'), 'ResponsibleGamingPage') },
};

function PageSkeleton() {
  return (
    <>
      <Skeleton height={120} radius={10} />
      <Skeleton height={240} radius={10} />
    </>
  );
}

/**
 * The member centre (spec §2): a modal frame with its navigation, listing only the pages that exist;
 * securityCenter is the default page. transferUpline shows for a member who may pay the upline
 * (member.info toUpline) and for an agent, who pays direct downlines there.
 */
export function MemberCentreModal({ page: initial, onClose }: { page: TMemberCentrePage; onClose: () => void }) {
  const { t } = useTranslation();
  // The page is the modal's own (ui-store), so any link to a page of the centre (the withdrawal's turnover dialog,
  // bonus details' reward-centre button) goes there while it is open, whichever page was chosen before.
  const current = initial;
  const setCurrent = (p: TMemberCentrePage) => openModal({ name: 'memberCentre', page: p });
  const token = useSessionStore((s) => s.token);
  const accountType = useSessionStore((s) => s.accountType);
  const { data: member } = useQuery(getMemberInfoQueryOptions(token));
  const transfers = (member?.toUpline ?? false) || canUseAgentCentre(accountType);
  const pages = MEMBER_CENTRE_PAGES.filter((p) => p !== 'transferUpline' || transfers);
  const Page = PAGES[current].component;
  // The mission badge (spec §2) is asked anew each time the centre opens; the member menu shows the same count.
  const missions = useAvailableMissions(true, true);
  const unread = useUnreadCount();

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('account.memberCentre')}
      width={1040}
      height={MEMBER_CENTRE_HEIGHT}
      testId="member-centre"
      bodyClassName={styles.body}
    >
      <div className={styles.frame}>
        <nav className={styles.nav} aria-label={t('account.memberCentre')}>
          {pages.map((p) => {
            const Icon = PAGES[p].icon;
            return (
              <button
                key={p}
                type="button"
                className={styles.navItem}
                aria-current={p === current ? 'page' : undefined}
                onClick={() => setCurrent(p)}
                data-testid={`mc-nav-${p}`}
              >
                <Icon size={16} aria-hidden />
                {t(`centre.${p}`)}
                {p === 'missionLeaderboard' && missions > 0 && (
                  <span className={styles.navBadge} data-testid="mc-missions-badge">
                    <Badge kind="count" label={t('member.missionsBadge', { count: missions })}>
                      {missions}
                    </Badge>
                  </span>
                )}
                {p === 'messageV2' && unread > 0 && (
                  <span className={styles.navBadge} data-testid="mc-unread-badge">
                    <Badge kind="count" label={t('inbox.unreadCount', { count: unread })}>
                      {unread}
                    </Badge>
                  </span>
                )}
              </button>
            );
          })}
        </nav>
        <div className={styles.page} data-testid={`mc-page-${current}`}>
          <ErrorBoundary key={current} fallback={() => <LazyLoadFailed />}>
            <Suspense fallback={<PageSkeleton />}>
              <Page />
            </Suspense>
          </ErrorBoundary>
        </div>
      </div>
    </Modal>
  );
}
