import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ConsoleError } from '../lib/console-api.ts';
import { useShowError } from './error-dialog.tsx';
import { Forbidden } from './forbidden.tsx';
import styles from './console.module.css';

/** Rows of grey bars while a table or card loads. */
export function SkeletonRows({ rows = 6 }: { rows?: number }) {
  return (
    <div className={styles.skeletonRows} data-testid="loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={32} />
      ))}
    </div>
  );
}

/**
 * The four states of a data view (DESIGN.md, States): skeleton while loading, the "no access" page for a 403, an
 * error dialog (with Retry) over a short failed state, and the data.
 */
export function QueryView<T>({ query, loading, children }: { query: UseQueryResult<T>; loading?: ReactNode; children: (data: T) => ReactNode }) {
  const showError = useShowError();
  const { error, refetch } = query;
  const forbidden = error instanceof ConsoleError && error.status === 403;
  useEffect(() => {
    if (error && !forbidden) showError(error, () => void refetch());
  }, [error, forbidden, refetch, showError]);
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (forbidden) return <Forbidden />;
  if (error)
    return (
      <EmptyState
        compact
        testId="load-failed"
        text="This could not be loaded."
        action={
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      />
    );
  return <>{loading ?? <SkeletonRows />}</>;
}
