import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import styles from './pagination.module.css';

/** Page numbers to show: first, last, and a window around the current page, with gaps as null. */
export function pageWindow(current: number, total: number): (number | null)[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const pages = new Set([1, total, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && p - prev > 1) out.push(null);
    out.push(p);
  }
  return out;
}

/** Pages are numbered from 1. */
export function Pagination({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('common.pagination')} data-testid="pagination">
      <button type="button" className={styles.page} disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label={t('common.previous')}>
        <ChevronLeft size={16} aria-hidden className="flip-rtl" />
      </button>
      {pageWindow(page, total).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className={styles.gap}>
            …
          </span>
        ) : (
          <button key={p} type="button" className={styles.page} aria-current={p === page ? 'page' : undefined} onClick={() => onChange(p)}>
            {p}
          </button>
        ),
      )}
      <button type="button" className={styles.page} disabled={page >= total} onClick={() => onChange(page + 1)} aria-label={t('common.next')}>
        <ChevronRight size={16} aria-hidden className="flip-rtl" />
      </button>
    </nav>
  );
}
