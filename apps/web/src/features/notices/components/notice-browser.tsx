import { useState } from 'react';
import type { TNotice } from '@playhall/contract/calls/system';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { RichHtml } from '../../../components/ui/rich-html.tsx';
import { pageCount, pageItems, pageOfNotice } from '../notice-pages.ts';
import styles from './notice-browser.module.css';

interface TNoticeBrowserProps {
  notices: readonly TNotice[];
  initialId?: number;
  emptyText: string;
  onSelect?: (id: number) => void;
}

/** Notices 10 per page with their titles; the chosen one shows its title, time and sanitised HTML. */
export function NoticeBrowser({ notices, initialId, emptyText, onSelect }: TNoticeBrowserProps) {
  const [selectedId, setSelectedId] = useState(() => initialId ?? notices[0]?.id);
  const [page, setPage] = useState(() => pageOfNotice(notices, initialId));

  if (notices.length === 0) return <EmptyState text={emptyText} />;

  const selected = notices.find((n) => n.id === selectedId) ?? notices[0];
  const items = pageItems(notices, page);

  return (
    <div className={styles.browser} data-testid="notice-browser">
      <div className={styles.side}>
        <ul className={styles.list}>
          {items.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className={styles.entry}
                aria-current={n.id === selected?.id}
                data-testid="notice-item"
                onClick={() => {
                  setSelectedId(n.id);
                  onSelect?.(n.id);
                }}
              >
                <span className={styles.entryTitle}>{n.title}</span>
                <span className={styles.entryDate}>{n.timestamp}</span>
              </button>
            </li>
          ))}
        </ul>
        <Pagination page={page} total={pageCount(notices.length)} onChange={setPage} />
      </div>
      {selected && (
        <article className={styles.detail} data-testid="notice-detail">
          <h2 className={styles.detailTitle}>{selected.title}</h2>
          <time className={styles.detailDate}>{selected.timestamp}</time>
          <RichHtml html={selected.content} />
        </article>
      )}
    </div>
  );
}
