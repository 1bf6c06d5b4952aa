import { useTranslation } from 'react-i18next';
import type { TActivityCategory } from '@playhall/contract/calls/promotions';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSessionStore } from '../../auth/session-store.ts';
import { useActivities } from '../api/get-activities.ts';
import { ActivityCard } from './activity-card.tsx';
import styles from './promotions.module.css';

/** The activities of a category (all when none) as cards; `limit` for the home page's preview. */
export function ActivityList({ category, limit }: { category?: TActivityCategory; limit?: number }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const list = useActivities(token, category);
  if (list.isPending) {
    return (
      <div className={styles.grid} data-testid="activity-loading">
        {Array.from({ length: limit ?? 6 }, (_, i) => (
          <Skeleton key={i} height={330} radius={10} />
        ))}
      </div>
    );
  }
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  const cards = list.data.list.slice(0, limit);
  if (cards.length === 0) return <EmptyState text={t('promotions.none')} testId="activity-empty" />;
  return (
    <div className={styles.grid} data-testid="activity-grid">
      {cards.map((a) => (
        <ActivityCard key={a.id} activity={a} loggedIn={token !== null} />
      ))}
    </div>
  );
}
