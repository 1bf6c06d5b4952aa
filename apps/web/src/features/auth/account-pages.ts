import { ApiError } from '../../lib/api-error.ts';
import { showErrorDialog } from '../../lib/error-dialog.ts';
import { i18next } from '../../lib/i18n.ts';
import { showDialog } from '../../stores/dialog-store.ts';
import { openModal } from '../../stores/ui-store.ts';
import { MEMBER_CENTRE_PAGES, type TMemberCentrePage } from './member-centre-pages.ts';
import { canUseAgentCentre, isTrialAccount, useSessionStore } from './session-store.ts';

/** Member-centre pages the member menu opens (spec §2). */
export type TAccountPage = 'securityCenter' | 'withdraw' | 'transactionHistory' | 'personalHistoryCopy' | 'depositv2' | 'rewardCenter' | 'missionLeaderboard' | 'messageV2' | 'feedback' | 'agentCentre';

/** Spec §6: account type 4 (free play) needs a real account for the centres and login-gated actions. */
export function showNeedRealAccount(): void {
  showDialog({
    key: 'in_need_true_account',
    icon: 'warning',
    title: i18next.t('common.notice'),
    text: i18next.t('error.in_need_true_account'),
    buttons: [{ label: i18next.t('auth.in_increase_submit'), variant: 'primary' }],
  });
}

/**
 * Open a member-centre or agent-centre page: without a session the login modal, a guest the
 * in_need_true_account dialog, a built page its centre; pages of later issues say they are not ready.
 */
export function openAccountPage(page: TAccountPage): void {
  const { token, accountType } = useSessionStore.getState();
  if (!token) {
    openModal({ name: 'login' });
    return;
  }
  if (isTrialAccount(accountType)) {
    showNeedRealAccount();
    return;
  }
  if (page === 'agentCentre') {
    // Spec §6: the agent centre is for account types 1, 2, 41 and 42 ("Non-agents cannot log in").
    if (canUseAgentCentre(accountType)) openModal({ name: 'agentCentre' });
    else showErrorDialog(new ApiError('non_agent_login', 'Non-agents cannot log in', 403));
    return;
  }
  if ((MEMBER_CENTRE_PAGES as readonly string[]).includes(page)) {
    openModal({ name: 'memberCentre', page: page as TMemberCentrePage });
    return;
  }
  showErrorDialog(new ApiError('not_implemented', 'This function is not available yet', 501));
}
