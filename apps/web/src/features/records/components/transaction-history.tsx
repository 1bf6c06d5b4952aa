import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TRANSACTION_TYPES, transactions, transactionsExport, type TTransaction } from '@playhall/contract/calls/wallet';
import { Button } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DataTable, type TColumn } from '../../../components/ui/data-table.tsx';
import { DateRangePicker } from '../../../components/ui/date-range-picker.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { RefreshButton } from '../../../components/ui/refresh-button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { call } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { recordRemark, recordRemarkTitle } from '../../../lib/record-remark.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { downloadText } from '../download.ts';
import { useRecordFilters } from '../use-record-filters.ts';
import styles from './records.module.css';

const PAGE_SIZE = 20;
type TType = TTransaction['type'] | '';
type TQuery = { type?: TTransaction['type']; from: string; to: string };

/** transactionHistory (spec §2): the account record with type and day filters, pages and a CSV export. */
export function TransactionHistory() {
  const { t } = useTranslation();
  const { range, setRange, filters, setFilters, page, setPage } = useRecordFilters<{ type: TType }>({ type: '' });
  const query: TQuery = { ...(filters.type ? { type: filters.type } : {}), from: range.from, to: range.to };
  const list = useQuery({
    queryKey: ['records', 'transactions', query, page],
    queryFn: () => call(transactions, { ...query, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // Statuses change on the server (review, payment, credit): a page opened again loads them anew.
    refetchOnMount: 'always',
  });
  const exportCsv = useMutation({
    mutationFn: () => call(transactionsExport, query),
    onSuccess: ({ filename, csv, truncated }) => {
      downloadText(filename, csv);
      if (truncated) showDialog({ icon: 'info', title: t('records.export'), text: t('records.exportTruncated') });
    },
  });

  const columns: TColumn<TTransaction>[] = [
    { key: 'time', header: t('records.time'), cell: (r) => formatDateTime(r.time, true) },
    { key: 'type', header: t('records.typeLabel'), cell: (r) => t(`records.type.${r.type}`) },
    { key: 'amount', header: t('records.amount'), numeric: true, cell: (r) => <MoneyText minor={r.amount} signed /> },
    { key: 'balance', header: t('records.balanceAfter'), numeric: true, cell: (r) => <MoneyText minor={r.balanceAfter} /> },
    {
      key: 'remark',
      header: t('records.remark'),
      cell: (r) => (
        <span className={styles.remark} title={recordRemarkTitle(r)} data-testid="th-remark">
          {recordRemark(r)}
        </span>
      ),
    },
  ];

  return (
    <CardSection
      title={t('centre.transactionHistory')}
      testId="th-section"
      actions={
        <>
          <RefreshButton label={t('records.refresh')} busy={list.isFetching} onClick={() => void list.refetch()} testId="th-refresh" />
          <Button variant="secondary" size="sm" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()} data-testid="th-export">
            <Download size={14} aria-hidden />
            {t('records.export')}
          </Button>
        </>
      }
    >
      <div className={styles.filters}>
        <Select
          className={styles.typeSelect}
          aria-label={t('records.typeLabel')}
          value={filters.type}
          onChange={(e) => setFilters({ type: e.target.value as TType })}
          options={[{ value: '', label: t('records.allTypes') }, ...TRANSACTION_TYPES.map((v) => ({ value: v, label: t(`records.type.${v}`) }))]}
          data-testid="th-type"
        />
        <DateRangePicker value={range} onChange={setRange} testId="th-range" />
      </div>
      {list.isPending ? (
        <Skeleton height={240} radius={10} />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <EmptyState compact text={t('records.empty')} testId="th-empty" />
      ) : (
        <>
          <DataTable columns={columns} rows={list.data.list} rowKey={(r) => r.id} caption={t('centre.transactionHistory')} testId="th-table" />
          <div className={styles.footer}>
            <span className={styles.muted}>{t('records.count', { count: list.data.total })}</span>
            <Pagination page={page} total={Math.ceil(list.data.total / PAGE_SIZE)} onChange={setPage} />
          </div>
        </>
      )}
    </CardSection>
  );
}
