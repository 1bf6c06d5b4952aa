import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personalProfit } from '@playhall/contract/calls/wallet';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DataTable, type TColumn } from '../../../components/ui/data-table.tsx';
import { DateRangePicker } from '../../../components/ui/date-range-picker.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { call } from '../../../lib/api-client.ts';
import { useRecordFilters } from '../use-record-filters.ts';
import styles from './records.module.css';

type TFigures = { betAmount: number; validBet: number; payout: number; winLoss: number; bonus: number };
type TView = 'days' | 'categories';

const FIGURES = ['betAmount', 'validBet', 'payout', 'winLoss', 'bonus'] as const;

/** personalProfit (spec §2, "personal loss"): totals, then the figures per day or per game category. */
export function PersonalProfit() {
  const { t } = useTranslation();
  const { range, setRange } = useRecordFilters({});
  const [view, setView] = useState<TView>('days');
  const profit = useQuery({
    queryKey: ['records', 'personalProfit', range],
    queryFn: () => call(personalProfit, range),
    placeholderData: keepPreviousData,
    // Statuses change on the server (review, payment, credit): a page opened again loads them anew.
    refetchOnMount: 'always',
  });

  const figureColumns = <R extends TFigures>(): TColumn<R>[] =>
    FIGURES.map((f) => ({ key: f, header: t(`records.${f}`), numeric: true, cell: (r: R) => <MoneyText minor={r[f]} signed={f === 'winLoss'} /> }));

  const data = profit.data;
  const empty = !!data && data.days.length === 0 && data.categories.length === 0;
  const totals = data?.totals;
  const totalCells = totals ? Object.fromEntries(FIGURES.map((f) => [f, <MoneyText key={f} minor={totals[f]} signed={f === 'winLoss'} />])) : undefined;

  return (
    <CardSection title={t('centre.personalProfit')} testId="pp-section">
      <div className={styles.filters}>
        <DateRangePicker value={range} onChange={setRange} testId="pp-range" />
      </div>
      {profit.isPending ? (
        <Skeleton height={240} radius={10} />
      ) : profit.isError ? (
        <LoadFailed onRetry={() => void profit.refetch()} />
      ) : empty || !data ? (
        <EmptyState compact text={t('records.emptyProfit')} testId="pp-empty" />
      ) : (
        <>
          <div className={styles.totals} data-testid="pp-totals">
            {(['winLoss', 'validBet', 'bonus', 'deposit', 'withdrawal'] as const).map((f) => (
              <div key={f} className={styles.total}>
                <span className={styles.totalLabel}>{t(`records.${f}`)}</span>
                <span className={styles.totalValue}>
                  <MoneyText minor={data.totals[f]} signed={f === 'winLoss'} currency />
                </span>
              </div>
            ))}
          </div>
          <Tabs
            label={t('centre.personalProfit')}
            value={view}
            onChange={setView}
            variant="underline"
            items={[
              { value: 'days', label: t('records.perDay'), testId: 'pp-tab-days' },
              { value: 'categories', label: t('records.perCategory'), testId: 'pp-tab-categories' },
            ]}
          />
          {view === 'days' ? (
            <DataTable
              rows={data.days}
              rowKey={(r) => r.date}
              testId="pp-days"
              columns={[
                { key: 'date', header: t('records.date'), cell: (r) => r.date },
                ...figureColumns<(typeof data.days)[number]>(),
                { key: 'deposit', header: t('records.deposit'), numeric: true, cell: (r) => <MoneyText minor={r.deposit} /> },
                { key: 'withdrawal', header: t('records.withdrawal'), numeric: true, cell: (r) => <MoneyText minor={r.withdrawal} /> },
              ]}
              totals={{ date: t('records.total'), ...totalCells, deposit: <MoneyText minor={data.totals.deposit} />, withdrawal: <MoneyText minor={data.totals.withdrawal} /> }}
            />
          ) : (
            <DataTable
              rows={data.categories}
              rowKey={(r) => r.category}
              testId="pp-categories"
              columns={[{ key: 'category', header: t('records.category'), cell: (r) => t(`category.${r.category}`) }, ...figureColumns<(typeof data.categories)[number]>()]}
              totals={{ category: t('records.total'), ...totalCells }}
            />
          )}
        </>
      )}
    </CardSection>
  );
}
