import { ArrowDownToLine, ChevronDown, Crown, History, Landmark, LogOut, Mail, MessageSquareText, Receipt, ShoppingBag, Target, UserRound, Users, Wallet } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Menu } from '../../../components/ui/menu.tsx';
import { paths } from '../../../config/paths.ts';
import { useUnreadCount } from '../../inbox/api/unread-count.ts';
import { useAvailableMissions } from '../../loyalty/missions/api/available.ts';
import { openAccountPage, type TAccountPage } from '../account-pages.ts';
import { useLogout } from '../api/logout.ts';
import { canUseAgentCentre, isTrialAccount, useSessionStore } from '../session-store.ts';
import styles from './member-menu.module.css';

interface TMenuEntry {
  page: TAccountPage;
  label: 'member.members' | 'member.agent' | 'member.withdraw' | 'member.transactionHistory' | 'member.bettingRecord' | 'member.deposit' | 'member.missions' | 'member.messages' | 'member.feedback';
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

const ENTRIES: readonly TMenuEntry[] = [
  { page: 'securityCenter', label: 'member.members', icon: UserRound },
  { page: 'agentCentre', label: 'member.agent', icon: Users },
  { page: 'withdraw', label: 'member.withdraw', icon: Landmark },
  { page: 'transactionHistory', label: 'member.transactionHistory', icon: Receipt },
  { page: 'personalHistoryCopy', label: 'member.bettingRecord', icon: History },
  { page: 'depositv2', label: 'member.deposit', icon: ArrowDownToLine },
  { page: 'missionLeaderboard', label: 'member.missions', icon: Target },
  { page: 'messageV2', label: 'member.messages', icon: Mail },
  { page: 'feedback', label: 'member.feedback', icon: MessageSquareText },
];

/** Member menu (spec §2): members, agent (if allowed), withdraw, transaction history, betting record, deposit, sign out. */
export function MemberMenu() {
  const { t } = useTranslation();
  const account = useSessionStore((s) => s.account);
  const accountType = useSessionStore((s) => s.accountType);
  const logout = useLogout();
  const navigate = useNavigate();
  // Issue 18: the member's VIP level (member info vipLevel / clubLabel) links to /vip; the points mall sits beside it.
  const member = useSessionStore((s) => s.member);
  const vipName = member?.clubLabel?.labelName;
  const entries = ENTRIES.filter((e) => e.page !== 'agentCentre' || canUseAgentCentre(accountType));
  // Spec §2: the mission entry carries the count of missions to claim when above 0 (a guest has none).
  const missions = useAvailableMissions(!isTrialAccount(accountType));
  const missionsLabel = t('member.missionsBadge', { count: missions });
  const unread = useUnreadCount();

  return (
    <Menu
      label={t('member.members')}
      trigger={(props) => (
        // data-focus-fallback: the focus lands here when the control it was on left with the visitor's session (lib/focus-return.ts).
        <button type="button" className={styles.trigger} data-testid="member-menu" data-focus-fallback {...props}>
          <Wallet size={14} aria-hidden />
          <span className={styles.name}>{account ?? t('member.members')}</span>
          {missions > 0 && <span className={styles.dot} aria-label={missionsLabel} role="status" data-testid="member-menu-missions-dot" />}
          <ChevronDown size={12} aria-hidden />
        </button>
      )}
    >
      {(close) => (
        <>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={styles.item}
            data-testid="member-menu-vip"
            onClick={() => {
              close();
              void navigate(paths.vip);
            }}
          >
            <Crown size={16} aria-hidden />
            {t('member.vipLevel')}
            <span className={styles.vip} data-testid="member-menu-vip-level">
              VIP {member?.vipLevel ?? 0}
              {vipName && vipName !== `VIP${member?.vipLevel ?? 0}` ? ` · ${vipName}` : ''}
            </span>
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={styles.item}
            data-testid="member-menu-point-mall"
            onClick={() => {
              close();
              void navigate(paths.pointMall);
            }}
          >
            <ShoppingBag size={16} aria-hidden />
            {t('member.pointMall')}
          </button>
          <div className={styles.separator} role="separator" />
          {entries.map(({ page, label, icon: Icon }) => (
            <button
              key={page}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
              data-testid={`member-menu-${page}`}
              onClick={() => {
                close();
                openAccountPage(page);
              }}
            >
              <Icon size={16} aria-hidden />
              {t(label)}
              {page === 'missionLeaderboard' && missions > 0 && (
                <span className={styles.badge} data-testid="member-menu-missions-badge">
                  <Badge kind="count" label={missionsLabel}>
                    {missions}
                  </Badge>
                </span>
              )}
              {page === 'messageV2' && unread > 0 && (
                <span className={styles.badge} data-testid="member-menu-unread-badge">
                  <Badge kind="count" label={t('inbox.unreadCount', { count: unread })}>
                    {unread}
                  </Badge>
                </span>
              )}
            </button>
          ))}
          <div className={styles.separator} role="separator" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={`${styles.item} ${styles.danger}`}
            data-testid="sign-out"
            onClick={() => {
              close();
              logout();
            }}
          >
            <LogOut size={16} aria-hidden />
            {t('member.signOut')}
          </button>
        </>
      )}
    </Menu>
  );
}
