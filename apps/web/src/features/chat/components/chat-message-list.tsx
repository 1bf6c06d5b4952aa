import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChatMessage } from '@playhall/contract/calls/inbox';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { TChatRoomView } from '../use-chat-room.ts';
import styles from './chat-modal.module.css';

/** Scrolled this close to the bottom, the list follows new messages; further up, the reader keeps its place. */
const FOLLOW_PX = 80;
const EMPTY: TChatMessage[] = [];

function time(createdAt: string): string {
  const full = formatDateTime(createdAt) ?? '';
  // Today's messages show the time only; older ones their date too.
  return full.slice(0, 10) === formatDateTime(new Date())?.slice(0, 10) ? full.slice(11) : full;
}

function ChatLine({ message }: { message: TChatMessage }) {
  const { t } = useTranslation();
  return (
    <li className={[styles.line, message.mine ? styles.mine : ''].join(' ')} data-testid="chat-message" data-id={message.id} data-mine={message.mine}>
      <div className={styles.meta}>
        <span className={styles.author} data-testid="chat-author">
          {message.author}
        </span>
        <span className={styles.vip} data-testid="chat-vip" title={t('chat.vipLevel', { level: message.vipLevel })}>
          VIP{message.vipLevel}
        </span>
        <time className={styles.time} dateTime={message.createdAt}>
          {time(message.createdAt)}
        </time>
      </div>
      {/* Text as written: React escapes it, so markup shows as the characters typed and never runs. */}
      <p className={styles.text} data-testid="chat-text">
        {message.text}
      </p>
    </li>
  );
}

/** The room's messages; without `view`, the modal is still loading its rooms or none is open. */
export function ChatMessageList({ view, loading }: { view?: TChatRoomView; loading: boolean }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const before = useRef<{ height: number; top: number; follow: boolean; firstId: number | undefined }>({ height: 0, top: 0, follow: true, firstId: undefined });
  const messages = view?.messages ?? EMPTY;

  // Keep the reader's place: older messages added above do not move what it reads; new ones below are followed
  // when it was at the bottom (or wrote them).
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const was = before.current;
    const firstId = messages[0]?.id;
    if (was.firstId !== undefined && firstId !== undefined && firstId < was.firstId) {
      el.scrollTop = was.top + (el.scrollHeight - was.height);
    } else if (was.follow || messages.at(-1)?.mine) {
      el.scrollTop = el.scrollHeight;
    }
    before.current = { height: el.scrollHeight, top: el.scrollTop, follow: true, firstId };
  }, [messages, loading]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    before.current = { ...before.current, top: el.scrollTop, follow: el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX };
    if (el.scrollTop < 40) view?.loadOlder();
  };

  return (
    <div className={styles.list} ref={box} onScroll={onScroll} data-testid="chat-list" aria-live="polite" aria-busy={loading}>
      {loading ? (
        <div className={styles.skeletons}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} width={i % 2 ? '45%' : '60%'} height={48} radius={10} className={i % 3 === 2 ? styles.skeletonMine : undefined} />
          ))}
        </div>
      ) : !view ? (
        <EmptyState text={t('chat.noRooms')} compact />
      ) : messages.length === 0 ? (
        <EmptyState text={t('chat.empty')} compact testId="chat-empty" />
      ) : (
        <>
          {view.loadingOlder && (
            <div className={styles.older}>
              <Spinner size={18} />
            </div>
          )}
          {!view.moreBefore && <p className={styles.start}>{t('chat.start')}</p>}
          <ol className={styles.lines}>
            {messages.map((m) => (
              <ChatLine key={m.id} message={m} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
