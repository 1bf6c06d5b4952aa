import { Medal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageSection, Panel } from '../../../components/layout/page-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useWinners } from '../api/get-winners.ts';
import { winnerAge } from '../winner-age.ts';
import styles from './winner-board.module.css';

const SHOWN = 10;

function Age({ time, now }: { time: string; now: number }) {
  const { t } = useTranslation();
  const age = winnerAge(time, now);
  const text =
    age.unit === 'now'
      ? t('winners.justNow')
      : age.unit === 'minutes'
        ? t('winners.minutesAgo', { count: age.count })
        : age.unit === 'hours'
          ? t('winners.hoursAgo', { count: age.count })
          : formatDateTime(time);
  return (
    <time className={styles.time} dateTime={time} title={formatDateTime(time) ?? undefined}>
      {text}
    </time>
  );
}

/** The home page's winner board (games.winners), loaded after the page's first paint with its section. */
export function WinnerBoard() {
  const { t } = useTranslation();
  return (
    <PageSection icon={Medal} title={t('winners.title')} testId="winner-board">
      <Panel>
        <WinnerList />
      </Panel>
    </PageSection>
  );
}

/** The latest big wins, masked names, asked again every 45 s; skeleton, Retry and empty states in place. */
function WinnerList() {
  const { t } = useTranslation();
  const board = useWinners(SHOWN);
  if (board.isPending) {
    return (
      <div className={styles.list}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={56} radius={10} />
        ))}
      </div>
    );
  }
  if (board.isError) return <LoadFailed onRetry={() => void board.refetch()} />;
  if (board.data.list.length === 0) return <EmptyState compact text={t('winners.empty')} testId="winners-empty" />;
  const now = board.dataUpdatedAt;
  return (
    <>
      <p className={styles.live}>{t('winners.live')}</p>
      <ol className={styles.list} data-testid="winners-list">
        {board.data.list.map((w, i) => (
          <li key={`${w.time}-${w.account}-${w.gameId}-${i}`} className={styles.row} data-testid="winner-row">
            <span className={styles.avatar} aria-hidden>
              {w.account.slice(0, 1).toUpperCase()}
            </span>
            <span className={styles.who}>
              <span className={styles.account} data-testid="winner-account">
                <bdi>{w.account}</bdi>
              </span>
              <span className={styles.game} title={w.gameName}>
                {t('winners.won', { game: w.gameName })}
              </span>
            </span>
            <span className={styles.right}>
              <span className={styles.amount} data-testid="winner-amount">
                <MoneyText minor={w.amount} />
              </span>
              <Age time={w.time} now={now} />
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
