import { Flame } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { pad } from '../bet-slip.ts';
import { useOpenedNumbers, type TNumbersScope } from '../api/get-opened-numbers.ts';
import styles from './lottery.module.css';

/**
 * lottery.openedNumbers as a heat grid: all 100 two-digit numbers (count 100, VN) tinted by how often
 * they came up, and the 20 most popular (count 20) listed with their hits.
 */
export function PopularNumbers({ scope }: { scope: TNumbersScope }) {
  const { t } = useTranslation();
  const popular = useOpenedNumbers(scope, 'popular');
  const all = useOpenedNumbers(scope, 'vn');
  const hits = new Map((all.data?.numbers ?? []).map((n) => [n.number.slice(-2), n.hits]));
  const max = Math.max(1, ...hits.values());
  const draws = all.data?.draws ?? popular.data?.draws ?? 0;

  if (all.isPending || popular.isPending) {
    return (
      <div className={styles.popular} data-testid="lotto-popular" aria-busy>
        <Skeleton height={16} width="50%" />
        <Skeleton height={290} radius={10} />
      </div>
    );
  }
  if (draws === 0) {
    return (
      <div className={styles.popular} data-testid="lotto-popular">
        <EmptyState compact text={t('lottery.noStats')} />
      </div>
    );
  }
  return (
    <div className={styles.popular} data-testid="lotto-popular">
      <p className={styles.muted}>{t('lottery.popularDraws', { count: draws })}</p>
      <ul className={styles.heat} aria-label={t('lottery.heatGrid')}>
        {Array.from({ length: 100 }, (_, i) => {
          const n = pad(i, 2);
          const h = hits.get(n) ?? 0;
          const label = t('lottery.hitsOf', { number: n, count: h });
          // At most 55 % red under the text: 4.5:1 in both themes.
          return (
            <li key={n} className={styles.heatCell} style={{ '--heat': `${Math.round((h / max) * 55)}%` } as CSSProperties} title={label}>
              <span aria-hidden>{n}</span>
              <span className="sr-only">{label}</span>
            </li>
          );
        })}
      </ul>
      {(popular.data?.numbers.length ?? 0) > 0 && (
        <>
          <h3 className={styles.subTitle}>
            <Flame size={16} aria-hidden />
            {t('lottery.popularTop', { count: popular.data?.numbers.length ?? 0 })}
          </h3>
          <ol className={styles.hotList}>
            {popular.data?.numbers.map((n) => (
              <li key={n.number} className={styles.hotItem}>
                <strong>{n.number}</strong>
                <span>{t('lottery.hits', { count: n.hits })}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
