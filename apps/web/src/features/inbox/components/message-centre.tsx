import { ArrowLeft, CheckCheck, MailOpen, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_FILTERS, type TMessageSummary } from '@playhall/contract/calls/inbox';
import { Button } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { RefreshButton } from '../../../components/ui/refresh-button.tsx';
import { RichHtml } from '../../../components/ui/rich-html.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { i18next } from '../../../lib/i18n.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { useMessage, useMessageActions, useMessages, type TMessageFilter } from '../api/messages.ts';
import styles from './inbox.module.css';

const PAGE_SIZE = 10;

/** Asks before deleting: a deleted message does not come back. */
function confirmDelete(count: number, onConfirm: () => void): void {
  showDialog({
    icon: 'warning',
    title: i18next.t('inbox.deleteTitle'),
    text: i18next.t('inbox.deleteConfirm', { count }),
    buttons: [
      { label: i18next.t('common.cancel'), variant: 'secondary' },
      { label: i18next.t('inbox.delete'), variant: 'danger', onClick: onConfirm },
    ],
  });
}

/** Runs a change; a failure shows the error dialog. True when it went through. */
async function attempt(work: () => Promise<void>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (err) {
    showErrorDialog(err);
    return false;
  }
}

function KindTag({ kind }: { kind: TMessageSummary['kind'] }) {
  const { t } = useTranslation();
  return (
    <span className={styles.kind} data-kind={kind} data-testid="msg-kind">
      {t(`inbox.kind.${kind}`)}
    </span>
  );
}

/** One message whole (its HTML sanitised on render); opening it marks it read. */
function MessageView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const message = useMessage(id);
  const actions = useMessageActions();
  return (
    <div className={styles.detail} data-testid="msg-detail">
      <div className={styles.detailBar}>
        <Button variant="ghost" size="sm" onClick={onBack} data-testid="msg-back">
          <ArrowLeft size={16} aria-hidden className="flip-rtl" />
          {t('inbox.back')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!message.data}
          data-testid="msg-detail-delete"
          onClick={() => confirmDelete(1, () => void attempt(() => actions.remove([id])).then((ok) => ok && onBack()))}
        >
          <Trash2 size={14} aria-hidden />
          {t('inbox.delete')}
        </Button>
      </div>
      {message.isPending ? (
        <Skeleton height={200} radius={10} />
      ) : message.isError ? (
        <LoadFailed onRetry={() => void message.refetch()} />
      ) : (
        <article className={styles.article}>
          <header className={styles.articleHead}>
            <KindTag kind={message.data.kind} />
            <h4 className={styles.articleTitle} data-testid="msg-title">
              {message.data.title}
            </h4>
            <time className={styles.time} dateTime={message.data.createdAt}>
              {formatDateTime(message.data.createdAt)}
            </time>
          </header>
          <RichHtml html={message.data.content} className={styles.articleBody} testId="msg-content" />
        </article>
      )}
    </div>
  );
}

/**
 * Platform messages (spec §2 messageV2): filter tabs, a page of messages with an unread mark, kind, title, preview and
 * time; one opens whole and is marked read; several can be marked read or deleted (after a question), or all read.
 */
export function MessageCentre() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<TMessageFilter>('all');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const list = useMessages(filter, page, PAGE_SIZE);
  const actions = useMessageActions();

  const rows = list.data?.list ?? [];
  const unread = list.data?.unread ?? 0;
  const allChosen = rows.length > 0 && rows.every((m) => selected.has(m.id));

  function choose(next: TMessageFilter) {
    setFilter(next);
    setPage(1);
    setSelected(new Set());
  }
  function toggle(id: number) {
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }
  async function run(work: () => Promise<void>) {
    setBusy(true);
    if (await attempt(work)) setSelected(new Set());
    setBusy(false);
  }

  if (open !== null) {
    return (
      <CardSection title={t('centre.messageV2')} testId="msg-section">
        <MessageView id={open} onBack={() => setOpen(null)} />
      </CardSection>
    );
  }

  return (
    <CardSection
      title={
        <span className={styles.titleRow}>
          {t('centre.messageV2')}
          {unread > 0 && (
            <span className={styles.unreadCount} data-testid="msg-unread-total">
              {t('inbox.unreadCount', { count: unread })}
            </span>
          )}
        </span>
      }
      testId="msg-section"
      actions={
        <>
          <RefreshButton label={t('records.refresh')} busy={list.isFetching} onClick={() => void list.refetch()} testId="msg-refresh" />
          <Button variant="secondary" size="sm" disabled={busy || unread === 0} onClick={() => void run(actions.markAllRead)} data-testid="msg-read-all">
            <CheckCheck size={14} aria-hidden />
            {t('inbox.markAllRead')}
          </Button>
        </>
      }
    >
      <Tabs
        label={t('inbox.filter')}
        value={filter}
        onChange={choose}
        items={MESSAGE_FILTERS.map((f) => ({ value: f, label: t(`inbox.filters.${f}`), testId: `msg-filter-${f}` }))}
      />
      <div className={styles.toolbar}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={allChosen}
            disabled={rows.length === 0}
            onChange={() => setSelected(allChosen ? new Set() : new Set(rows.map((m) => m.id)))}
            data-testid="msg-select-all"
          />
          {t('inbox.selectAll')}
        </label>
        <span className={styles.muted}>{selected.size > 0 && t('inbox.selected', { count: selected.size })}</span>
        <div className={styles.toolbarActions}>
          <Button variant="secondary" size="sm" disabled={busy || selected.size === 0} onClick={() => void run(() => actions.markRead([...selected]))} data-testid="msg-mark-read">
            <MailOpen size={14} aria-hidden />
            {t('inbox.markRead')}
          </Button>
          <Button
            variant="danger"
            size="sm"
            disabled={busy || selected.size === 0}
            onClick={() => confirmDelete(selected.size, () => void run(() => actions.remove([...selected])))}
            data-testid="msg-delete"
          >
            <Trash2 size={14} aria-hidden />
            {t('inbox.delete')}
          </Button>
        </div>
      </div>
      {list.isPending ? (
        <div className={styles.skeletons}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={64} radius={10} />
          ))}
        </div>
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState compact text={t(filter === 'unread' ? 'inbox.emptyUnread' : 'inbox.empty')} testId="msg-empty" />
      ) : (
        <>
          <ul className={styles.list} data-testid="msg-list">
            {rows.map((m) => (
              <li key={m.id} className={styles.row} data-read={m.read} data-testid="msg-row">
                <input
                  type="checkbox"
                  className={styles.rowCheck}
                  checked={selected.has(m.id)}
                  onChange={() => toggle(m.id)}
                  aria-label={t('inbox.select', { title: m.title })}
                  data-testid="msg-check"
                />
                <button type="button" className={styles.rowOpen} onClick={() => setOpen(m.id)} data-testid="msg-open">
                  <span className={styles.dot} aria-label={m.read ? undefined : t('inbox.unread')} data-testid={m.read ? undefined : 'msg-unread'} />
                  <span className={styles.rowMain}>
                    <span className={styles.rowHead}>
                      <KindTag kind={m.kind} />
                      <span className={styles.rowTitle} data-testid="msg-row-title">
                        {m.title}
                      </span>
                    </span>
                    <span className={styles.preview}>{m.preview}</span>
                  </span>
                  <time className={styles.time} dateTime={m.createdAt}>
                    {formatDateTime(m.createdAt)}
                  </time>
                </button>
              </li>
            ))}
          </ul>
          <div className={styles.foot}>
            <span className={styles.muted}>{t('records.count', { count: list.data.total })}</span>
            <Pagination
              page={page}
              total={Math.ceil(list.data.total / PAGE_SIZE)}
              onChange={(p) => {
                setPage(p);
                setSelected(new Set());
              }}
            />
          </div>
        </>
      )}
    </CardSection>
  );
}
