import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleDashboard, type TConsoleFigures } from '@playhall/contract/console';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { consoleQuery } from '../../lib/use-console-query.ts';
import { ByDayChart } from './by-day-chart.tsx';
import styles from './dashboard-page.module.css';

type TMoneyFigure = 'deposits' | 'withdrawals' | 'bets' | 'payouts' | 'ggr';
const MONEY: { key: TMoneyFigure; label: string }[] = [
  { key: 'deposits', label: 'Deposits' },
  { key: 'withdrawals', label: 'Withdrawals' },
  { key: 'bets', label: 'Bets' },
  { key: 'payouts', label: 'Payouts' },
  { key: 'ggr', label: 'GGR' },
];

function Figures({ title, figures, testId }: { title: string; figures: TConsoleFigures; testId: string }) {
  return (
    <section className={styles.figures} data-testid={testId} aria-label={title}>
      <h2 className={styles.figuresTitle}>{title}</h2>
      <dl className={styles.figureGrid}>
        {MONEY.map((m) => (
          <div key={m.key} className={styles.figure}>
            <dt>{m.label}</dt>
            <dd>
              <MoneyText minor={figures[m.key]} signed={m.key === 'ggr'} />
            </dd>
          </div>
        ))}
        <div className={styles.figure}>
          <dt>New members</dt>
          <dd className="tabular">{figures.newMembers.toLocaleString('en')}</dd>
        </div>
        <div className={styles.figure}>
          <dt>Active members</dt>
          <dd className="tabular">{figures.activeMembers.toLocaleString('en')}</dd>
        </div>
      </dl>
    </section>
  );
}

export function DashboardPage() {
  const [range, setRange] = useState({ from: '', to: '' });
  const [metric, setMetric] = useState<TMoneyFigure>('ggr');
  const query = useQuery(consoleQuery(consoleDashboard, { from: range.from || undefined, to: range.to || undefined }));
  return (
    <>
      <PageHeader
        title="Dashboard"
        actions={
          <>
            <Input label="From" type="date" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} data-testid="dashboard-from" />
            <Input label="To" type="date" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} data-testid="dashboard-to" />
          </>
        }
      />
      <QueryView
        query={query}
        loading={
          <div className={styles.row}>
            <Skeleton height={180} />
            <Skeleton height={180} />
          </div>
        }
      >
        {(d) => (
          <>
            <div className={styles.row}>
              <Figures title="Today" figures={d.today} testId="figures-today" />
              <Figures title={`Period ${d.from} – ${d.to}`} figures={d.period} testId="figures-period" />
            </div>
            <section className={styles.panel}>
              <div className={styles.panelHead}>
                <h2 className={styles.figuresTitle}>By day</h2>
                <Select label="Figure" value={metric} onChange={(e) => setMetric(e.target.value as TMoneyFigure)} options={MONEY.map((m) => ({ value: m.key, label: m.label }))} data-testid="chart-figure" />
              </div>
              {d.byDay.length === 0 ? (
                <EmptyState compact text="No activity in this period." />
              ) : (
                <ByDayChart days={d.byDay.map((day) => ({ day: day.day, value: day[metric] }))} label={MONEY.find((m) => m.key === metric)?.label ?? metric} />
              )}
            </section>
            <section className={styles.panel}>
              <h2 className={styles.figuresTitle}>By category</h2>
              {d.byCategory.length === 0 ? (
                <EmptyState compact text="No bets in this period." />
              ) : (
                <DataTable
                  testId="by-category"
                  caption="Bets, payouts and GGR by game category"
                  rows={d.byCategory}
                  rowKey={(r) => r.category}
                  columns={[
                    { key: 'category', header: 'Category', cell: (r) => r.category },
                    { key: 'bets', header: 'Bets', numeric: true, cell: (r) => <MoneyText minor={r.bets} /> },
                    { key: 'payouts', header: 'Payouts', numeric: true, cell: (r) => <MoneyText minor={r.payouts} /> },
                    { key: 'ggr', header: 'GGR', numeric: true, cell: (r) => <MoneyText minor={r.ggr} signed /> },
                  ]}
                  totals={{
                    category: 'Total',
                    bets: <MoneyText minor={d.byCategory.reduce((n, r) => n + r.bets, 0)} />,
                    payouts: <MoneyText minor={d.byCategory.reduce((n, r) => n + r.payouts, 0)} />,
                    ggr: <MoneyText minor={d.byCategory.reduce((n, r) => n + r.ggr, 0)} signed />,
                  }}
                />
              )}
            </section>
          </>
        )}
      </QueryView>
    </>
  );
}
