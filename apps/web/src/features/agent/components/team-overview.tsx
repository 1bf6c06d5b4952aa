import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teamOverview } from '@playhall/contract/calls/agent';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DateRangePicker } from '../../../components/ui/date-range-picker.tsx';
import { quickRange, type TDayRange } from '../../../components/ui/date-range.ts';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAgentQuery } from '../api/use-agent-query.ts';
import { BarChart } from './bar-chart.tsx';
import styles from './agent-centre.module.css';

const COUNTS = ['teamSize', 'directMembers', 'directAgents', 'newMembers', 'activeMembers'] as const;
const MONEY = ['deposit', 'withdrawal', 'betAmount', 'validBet', 'winLoss', 'bonus'] as const;

/** agentTeamOverview (the default page): the team's figures over a day range and per-day charts. */
export function TeamOverview() {
  const { t } = useTranslation();
  const [range, setRange] = useState<TDayRange>(() => quickRange('last7'));
  const overview = useAgentQuery(teamOverview, range);
  const data = overview.data;

  return (
    <CardSection title={t('agent.nav.agentTeamOverview')} testId="overview-section" actions={<DateRangePicker value={range} onChange={setRange} testId="overview-range" />}>
      {overview.isPending ? (
        <div className={styles.offers} data-testid="overview-loading">
          <div className={styles.kpis}>
            {Array.from({ length: 12 }, (_, i) => (
              <Skeleton key={i} height={68} radius={10} />
            ))}
          </div>
          <Skeleton height={180} radius={10} />
        </div>
      ) : overview.isError || !data ? (
        <LoadFailed onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <div className={styles.kpis} data-testid="overview-kpis">
            {COUNTS.map((k) => (
              <div key={k} className={styles.kpi} data-testid={`kpi-${k}`}>
                <span className={styles.kpiLabel}>{t(`agent.overview.${k}`)}</span>
                <span className={styles.kpiValue}>{data[k].toLocaleString('en-US')}</span>
              </div>
            ))}
            <div className={`${styles.kpi} ${styles.kpiMoney}`} data-testid="kpi-teamBalance">
              <span className={styles.kpiLabel}>{t('agent.overview.teamBalance')}</span>
              <span className={styles.kpiValue}>
                <MoneyText minor={data.teamBalance} />
              </span>
            </div>
            {MONEY.map((k) => (
              <div key={k} className={`${styles.kpi} ${styles.kpiMoney}`} data-testid={`kpi-${k}`}>
                <span className={styles.kpiLabel}>{t(`records.${k}`)}</span>
                <span className={styles.kpiValue}>
                  <MoneyText minor={data.totals[k]} signed={k === 'winLoss'} />
                </span>
              </div>
            ))}
          </div>
          <div className={styles.charts}>
            <BarChart title={t('agent.overview.depositsPerDay')} tone="accent" points={data.series.map((d) => ({ label: d.date, value: d.deposit }))} empty={t('agent.overview.noData')} testId="chart-deposits" />
            <BarChart title={t('agent.overview.betsPerDay')} tone="brand" points={data.series.map((d) => ({ label: d.date, value: d.betAmount }))} empty={t('agent.overview.noData')} testId="chart-bets" />
            <BarChart title={t('agent.overview.profitPerDay')} tone="accent" signed points={data.series.map((d) => ({ label: d.date, value: -d.winLoss }))} empty={t('agent.overview.noData')} testId="chart-profit" />
          </div>
          <p className={styles.muted}>{t('agent.overview.profitNote')}</p>
        </>
      )}
    </CardSection>
  );
}
