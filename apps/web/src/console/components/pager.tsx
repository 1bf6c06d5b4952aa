import { Pagination } from '../../components/ui/pagination.tsx';
import styles from './console.module.css';

/** Under a paged table: how many rows match, and the page numbers. */
export function Pager({ page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (page: number) => void }) {
  return (
    <div className={styles.pager}>
      <span className={styles.muted} data-testid="row-count">
        {total === 1 ? '1 row' : `${total.toLocaleString('en')} rows`}
      </span>
      <Pagination page={page} total={Math.max(1, Math.ceil(total / pageSize))} onChange={onChange} />
    </div>
  );
}
