import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cancelRedeem, type TRedeemRecord } from '@playhall/contract/calls/points';
import { Button, buttonClass } from '../../../../components/ui/button.tsx';
import { CardSection } from '../../../../components/ui/card-section.tsx';
import { DataTable } from '../../../../components/ui/data-table.tsx';
import { DateRangePicker } from '../../../../components/ui/date-range-picker.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../../components/ui/load-failed.tsx';
import { Pagination } from '../../../../components/ui/pagination.tsx';
import { RefreshButton } from '../../../../components/ui/refresh-button.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../../components/ui/tabs.tsx';
import { paths } from '../../../../config/paths.ts';
import { call } from '../../../../lib/api-client.ts';
import { showErrorDialog } from '../../../../lib/error-dialog.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { newRequestId } from '../../../../lib/money-input.ts';
import { showDialog } from '../../../../stores/dialog-store.ts';
import { closeModal } from '../../../../stores/ui-store.ts';
import { useRecordFilters } from '../../../records/use-record-filters.ts';
import { StatusBadge } from '../../../wallet/components/status-badge.tsx';
import { afterPointsMoved } from '../api/get-point-balance.ts';
import { useRedeemHistory, type TRedeemStatus } from '../api/get-redeem-history.ts';
import { formatPoints } from '../points-text.ts';
import styles from './points.module.css';

const PAGE_SIZE = 20;
const FILTERS = ['all', 'applying', 'approved', 'rejected'] as const;
const TONE = { applying: 'pending', approved: 'ok', rejected: 'bad' } as const;

/** Cancel the member's own goods exchange while it is applying: asks first, then the points come back. */
function CancelButton({ record }: { record: TRedeemRecord }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  async function cancel() {
    setPending(true);
    try {
      const done = await call(cancelRedeem, { requestId: newRequestId(), exchangeId: record.id });
      await afterPointsMoved(queryClient);
      showDialog({ icon: 'success', title: t('centre.redeemHistory'), text: t('pointMall.cancelled', { points: formatPoints(record.points), balance: formatPoints(done.points) }) });
    } catch (err) {
      showErrorDialog(err);
      await afterPointsMoved(queryClient);
    } finally {
      setPending(false);
    }
  }
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={pending}
      data-testid="rh-cancel"
      onClick={() =>
        showDialog({
          icon: 'warning',
          title: t('pointMall.cancelTitle'),
          text: t('pointMall.cancelConfirm', { name: record.rewardName, points: formatPoints(record.points) }),
          buttons: [
            { label: t('common.cancel'), variant: 'secondary' },
            { label: t('pointMall.cancelExchange'), variant: 'primary', onClick: () => void cancel() },
          ],
        })
      }
    >
      {t('pointMall.cancelExchange')}
    </Button>
  );
}

/** Points mall redeem history (spec §2, §4): applying shows as "in process"; a goods exchange still applying can be cancelled. */
export function RedeemHistory() {
  const { t } = useTranslation();
  const { range, setRange, filters, setFilters, page, setPage } = useRecordFilters<{ status: (typeof FILTERS)[number] }>({ status: 'all' });
  const status: TRedeemStatus | undefined = filters.status === 'all' ? undefined : filters.status;
  const list = useRedeemHistory(status, range, page, PAGE_SIZE);

  return (
    <CardSection
      title={t('centre.redeemHistory')}
      testId="rh-section"
      actions={
        <>
          <RefreshButton label={t('records.refresh')} busy={list.isFetching} onClick={() => void list.refetch()} testId="rh-refresh" />
          <Link to={paths.pointMall} className={buttonClass('secondary', 'sm')} onClick={() => closeModal()} data-testid="rh-to-mall">
            {t('pointMall.toMall')}
          </Link>
        </>
      }
    >
      <Tabs
        label={t('pointMall.statusFilter')}
        value={filters.status}
        onChange={(s) => setFilters({ status: s })}
        items={FILTERS.map((s) => ({ value: s, label: s === 'all' ? t('pointMall.all') : t(`pointMall.exchange.${s}`), testId: `rh-filter-${s}` }))}
      />
      <div className={styles.filters}>
        <DateRangePicker value={range} onChange={setRange} testId="rh-range" />
      </div>
      {list.isPending ? (
        <Skeleton height={240} radius={10} />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <EmptyState compact text={t('pointMall.emptyHistory')} testId="rh-empty" />
      ) : (
        <>
          <DataTable
            rows={list.data.list}
            rowKey={(r) => r.id}
            testId="rh-table"
            columns={[
              { key: 'time', header: t('records.time'), cell: (r) => formatDateTime(r.time) },
              {
                key: 'name',
                header: t('pointMall.item'),
                wrap: true,
                cell: (r) => (
                  <span className={styles.itemCell}>
                    <span data-testid="rh-name">{r.rewardName}</span>
                    <span className={styles.remark}>{t(`pointMall.kind.${r.kind}`)}</span>
                  </span>
                ),
              },
              { key: 'quantity', header: t('pointMall.quantity'), numeric: true, cell: (r) => r.quantity },
              { key: 'points', header: t('pointMall.points'), numeric: true, cell: (r) => <span className={styles.num}>{formatPoints(r.points)}</span> },
              {
                key: 'status',
                header: t('pointMall.statusTitle'),
                cell: (r) => (
                  <span className={styles.itemCell}>
                    <StatusBadge tone={TONE[r.status]} label={t(`pointMall.exchange.${r.status}`)} testId="rh-status" />
                    {r.status === 'applying' && r.kind === 'goods' && <CancelButton record={r} />}
                  </span>
                ),
              },
              { key: 'remark', header: t('records.remark'), wrap: true, cell: (r) => <span className={styles.remark}>{r.remark ?? '—'}</span> },
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
