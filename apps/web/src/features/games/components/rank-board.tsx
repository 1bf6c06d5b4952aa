import { Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TGameCategory } from '@playhall/contract/categories';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useRankList, type TRankPeriod } from '../api/get-rank-list.ts';
import styles from './rank-board.module.css';

const PERIODS: readonly TRankPeriod[] = ['day', 'week', 'month'];

/** The rank list of a category (GCSGAME_getRankList): the period's biggest wins, accounts masked. */
export function RankBoard({ category }: { category: TGameCategory }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<TRankPeriod>('week');
  const rank = useRankList(category, period);
  return (
    <section className={styles.board} aria-labelledby="rank-title" data-testid="rank-board">
      <div className={styles.head}>
        <h2 id="rank-title" className={styles.title}>
          <Trophy size={18} aria-hidden />
          {t('games.rank.title')}
        </h2>
        <Tabs variant="underline" label={t('games.rank.period')} value={period} onChange={setPeriod} items={PERIODS.map((p) => ({ value: p, label: t(`games.rank.${p}`) }))} />
      </div>
      {rank.isPending ? (
        <Skeleton height={160} radius={10} />
      ) : rank.isError ? (
        <LoadFailed onRetry={() => void rank.refetch()} />
      ) : rank.data.list.length === 0 ? (
        <EmptyState compact text={t('games.rank.empty')} testId="rank-empty" />
      ) : (
        <ol className={styles.list}>
          {rank.data.list.map((w) => (
            <li key={`${w.rank}-${w.time}`} className={styles.row} data-rank={w.rank}>
              <span className={styles.rank}>{w.rank}</span>
              <bdi className={styles.account}>{w.account}</bdi>
              <span className={styles.game} title={w.gameName}>
                {w.gameName}
              </span>
              <span className={styles.amount}>
                <MoneyText minor={w.amount} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
