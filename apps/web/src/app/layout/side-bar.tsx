import { ArrowUp, Headphones, MessageCircle, MessagesSquare, Send, Share2, Smartphone, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../features/system/api/get-status.ts';
import { openLiveChat } from '../../features/system/live-chat.ts';
import { isExternalUrl, sidebarEntries } from '../../features/system/resources.ts';
import { openModal } from '../../stores/ui-store.ts';
import styles from './side-bar.module.css';

const ICONS: Record<string, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  CS_LIVECHAT: MessageCircle,
  CS_MESSENGER: Send,
  SOCIAL: Share2,
  AFFILIATE: Users,
  APP: Smartphone,
};

/** Floating side bar (spec §2): customer service, messaging app and social links from the resources. */
export function SideBar() {
  const { t } = useTranslation();
  const { info } = usePermission();
  const entries = sidebarEntries(info);

  return (
    <aside aria-label={t('sidebar.label')}>
      <ul className={styles.bar} data-testid="layout-sidebar">
        {entries.map((e) => {
          const Icon = ICONS[e.type] ?? Headphones;
          const className = `${styles.entry} ${e.type === 'CS_LIVECHAT' ? styles.chat : ''}`;
          const content = (
            <>
              <Icon size={18} aria-hidden />
              <span className={styles.label}>{e.label}</span>
            </>
          );
          return (
            <li key={`${e.type}-${e.url}`} data-testid="sidebar-entry">
              {e.type === 'CS_LIVECHAT' ? (
                // Spec §7: live chat opens the customer-service call's type '3' address in a popup window.
                <button type="button" className={className} onClick={openLiveChat} aria-label={e.label} data-testid="sidebar-live-chat">
                  {content}
                </button>
              ) : isExternalUrl(e.url) ? (
                <a className={className} href={e.url} target="_blank" rel="noopener noreferrer" aria-label={e.label}>
                  {content}
                </a>
              ) : (
                <Link className={className} to={e.url} aria-label={e.label}>
                  {content}
                </Link>
              )}
            </li>
          );
        })}
        <li>
          {/* The chat room modal (spec §2), for members and visitors alike (visitors read). */}
          <button type="button" className={`${styles.entry} ${styles.room}`} onClick={() => openModal({ name: 'chat' })} aria-label={t('chat.open')} data-testid="sidebar-chat">
            <MessagesSquare size={18} aria-hidden />
            <span className={styles.label}>{t('chat.open')}</span>
          </button>
        </li>
        <li aria-hidden className={styles.sep} />
        <li>
          <button type="button" className={styles.entry} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })} aria-label={t('sidebar.top')}>
            <ArrowUp size={18} aria-hidden />
            <span className={styles.label}>{t('sidebar.top')}</span>
          </button>
        </li>
      </ul>
    </aside>
  );
}
