import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../../components/ui/button.tsx';
import { CardSection } from '../../../../components/ui/card-section.tsx';
import { DataTable } from '../../../../components/ui/data-table.tsx';
import { DateRangePicker } from '../../../../components/ui/date-range-picker.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../../components/ui/load-failed.tsx';
import { Pagination } from '../../../../components/ui/pagination.tsx';
import { RefreshButton } from '../../../../components/ui/refresh-button.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { paths } from '../../../../config/paths.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { closeModal } from '../../../../stores/ui-store.ts';
import { useSessionStore } from '../../../auth/session-store.ts';
import { useRecordFilters } from '../../../records/use-record-filters.ts';
import { usePointBalance } from '../api/get-point-balance.ts';
import { usePointDetails } from '../api/get-point-details.ts';
import { formatPoints } from '../points-text.ts';
import styles from './points.module.css';

const PAGE_SIZE = 20;

/** Points details (spec §2, §3): every change of the member's points with the balance after it, by day range. */
export function PointsDetails() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const { range, setRange, page, setPage } = useRecordFilters({});
  const balance = usePointBalance(token);
  const list = usePointDetails(range, page, PAGE_SIZE);

  return (
    <CardSection
      title={t('centre.pointsDetails')}
      testId="pd-section"
      actions={<RefreshButton label={t('records.refresh')} busy={list.isFetching} onClick={() => void list.refetch()} testId="pd-refresh" />}
    >
      <div className={styles.stats}>
        <span className={styles.panelTitle}>
          <Coins size={18} aria-hidden />
          {t('pointMall.myPoints')}:{' '}
          <span className={styles.gold} data-testid="pd-balance">
            {balance.data ? formatPoints(balance.data.points) : '—'}
          </span>
        </span>
        <Link to={paths.pointMall} className={buttonClass('secondary', 'sm')} onClick={() => closeModal()} data-testid="pd-to-mall">
          {t('pointMall.toMall')}
        </Link>
      </div>
      <div className={styles.filters}>
        <DateRangePicker value={range} onChange={setRange} testId="pd-range" />
      </div>
      {list.isPending ? (
        <Skeleton height={240} radius={10} />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <EmptyState compact text={t('pointMall.emptyDetails')} testId="pd-empty" />
      ) : (
        <>
          <DataTable
            rows={list.data.list}
            rowKey={(r) => r.id}
            testId="pd-table"
            columns={[
              { key: 'time', header: t('records.time'), cell: (r) => formatDateTime(r.time, true) },
              {
                key: 'changed',
                header: t('pointMall.changedPoints'),
                numeric: true,
                cell: (r) => (
                  <span className={r.changedPoints >= 0 ? styles.plus : styles.minus} data-testid="pd-changed">
                    {formatPoints(r.changedPoints, true)}
                  </span>
                ),
              },
              { key: 'balance', header: t('pointMall.pointsBalance'), numeric: true, cell: (r) => <span className={styles.num}>{formatPoints(r.pointsBalance)}</span> },
              { key: 'remark', header: t('records.remark'), wrap: true, cell: (r) => <span data-testid="pd-remark">{r.remark || '—'}</span> },
            ]}
          />
          <div className={styles.tableFoot}>
            <span className={styles.muted}>{t('records.count', { count: list.data.total })}</span>
            <Pagination page={page} total={Math.ceil(list.data.total / PAGE_SIZE)} onChange={setPage} />
          </div>
        </>
      )}
    </CardSection>
  );
}
