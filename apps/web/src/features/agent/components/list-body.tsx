import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { AGENT_PAGE_SIZE } from '../api/use-agent-query.ts';
import styles from './agent-centre.module.css';

interface TPageShape {
  list: readonly unknown[];
  total: number;
}

/**
 * The states of an agent-centre list (DESIGN.md): skeleton while loading, Retry after a failure (the
 * error dialog has said why), the empty state, else the caller's content with count and pages.
 */
export function ListBody<D extends TPageShape>({
  query,
  page,
  onPage,
  empty,
  testId,
  before,
  children,
}: {
  query: UseQueryResult<D>;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  testId: string;
  /** Shown above the list also when it is empty (totals). */
  before?: (data: D) => ReactNode;
  children: (data: D) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className={styles.offers} data-testid={`${testId}-loading`}>
        <Skeleton height={72} radius={10} />
        <Skeleton height={220} radius={10} />
      </div>
    );
  }
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <>
      {before?.(data)}
      {data.list.length === 0 ? (
        <EmptyState compact text={empty} testId={`${testId}-empty`} />
      ) : (
        <>
          {children(data)}
          <div className={styles.footer}>
            <span className={styles.muted}>{t('records.count', { count: data.total })}</span>
            <Pagination page={page} total={Math.ceil(data.total / AGENT_PAGE_SIZE)} onChange={onPage} />
          </div>
        </>
      )}
    </>
  );
}
