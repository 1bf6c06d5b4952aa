import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { openAccountPage } from '../../auth/account-pages.ts';
import { useUnreadCount } from '../api/unread-count.ts';
import styles from './unread-badge.module.css';

/** The top bar's mail button (DESIGN.md): the unread count (CSP_unreadCount) on it; a click opens messageV2. */
export function UnreadBadge() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const label = unread > 0 ? t('inbox.unreadCount', { count: unread }) : t('centre.messageV2');
  return (
    <button type="button" className={styles.mail} onClick={() => openAccountPage('messageV2')} aria-label={label} title={label} data-testid="header-messages">
      <Mail size={16} aria-hidden />
      {unread > 0 && (
        <span className={styles.count} data-testid="header-unread">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}
