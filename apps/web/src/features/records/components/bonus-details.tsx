import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bonusDetails } from '@playhall/contract/calls/wallet';
import { Button } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { DateRangePicker } from '../../../components/ui/date-range-picker.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { call } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { i18next } from '../../../lib/i18n.ts';
import { openModal } from '../../../stores/ui-store.ts';
import { useRewards } from '../../promotions/api/get-rewards.ts';
import { useRecordFilters } from '../use-record-filters.ts';
import styles from './records.module.css';

const PAGE_SIZE = 20;

/** A bonus's source (the server names it by its ledger key: welcome, operator, promotion…) in the page's language. */
function bonusSourceText(source: string): string {
  const key = `records.bonusSource.${source}`;
  return i18next.exists(key) ? i18next.t(key as 'records.bonusSource.other') : i18next.t('records.bonusSource.other');
}

/** bonusDetails (spec §2): bonuses credited in a day range, with their total. */
export function BonusDetails() {
  const { t } = useTranslation();
  const { range, setRange, page, setPage } = useRecordFilters({});
  const list = useQuery({
    queryKey: ['records', 'bonus', range, page],
    queryFn: () => call(bonusDetails, { ...range, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
    // Statuses change on the server (review, payment, credit): a page opened again loads them anew.
    refetchOnMount: 'always',
  });

  // Bonuses still in the bonus wallet are not here until their turnover is met: their progress is one click away.
  const wallet = useRewards({}, 1, 1);
  const bonusOpen = wallet.data !== undefined && (wallet.data.bonusBalance > 0 || wallet.data.turnoverLeft > 0);

  return (
    <CardSection title={t('centre.bonusDetails')} testId="bd-section">
      {bonusOpen && (
        <div className={styles.bonusWallet} data-testid="bd-bonus-wallet">
          <span>
            {t('promotions.rewards.bonusBalance')}: <MoneyText minor={wallet.data.bonusBalance} />
          </span>
          <span>
            {t('promotions.rewards.turnoverLeft')}: <MoneyText minor={wallet.data.turnoverLeft} />
          </span>
          <Button size="sm" variant="ghost" onClick={() => openModal({ name: 'memberCentre', page: 'rewardCenter' })}>
            {t('wallet.toRewardCentre')}
          </Button>
        </div>
      )}
      <div className={styles.filters}>
        <DateRangePicker value={range} onChange={setRange} testId="bd-range" />
      </div>
      {list.isPending ? (
        <Skeleton height={240} radius={10} />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <EmptyState compact text={t('records.emptyBonus')} testId="bd-empty" />
      ) : (
        <>
          <DataTable
            rows={list.data.list}
            rowKey={(r) => r.id}
            testId="bd-table"
            columns={[
              { key: 'time', header: t('records.time'), cell: (r) => formatDateTime(r.time, true) },
              { key: 'source', header: t('records.source'), cell: (r) => <span data-testid="bd-source">{bonusSourceText(r.source)}</span> },
              { key: 'amount', header: t('records.amount'), numeric: true, cell: (r) => <MoneyText minor={r.amount} /> },
              { key: 'remark', header: t('records.remark'), cell: (r) => <span className={styles.remark}>{r.remark ?? '—'}</span> },
            ]}
            totals={{ time: t('records.total'), amount: <MoneyText minor={list.data.totalAmount} /> }}
          />
          <div className={styles.footer}>
            <span className={styles.muted}>{t('records.count', { count: list.data.total })}</span>
            <Pagination page={page} total={Math.ceil(list.data.total / PAGE_SIZE)} onChange={setPage} />
          </div>
        </>
      )}
    </CardSection>
  );
}
