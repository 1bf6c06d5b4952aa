import { useTranslation } from 'react-i18next';
import { profitLoss } from '@playhall/contract/calls/agent';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { DateRangePicker } from '../../../components/ui/date-range-picker.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { AGENT_PAGE_SIZE, useAgentQuery } from '../api/use-agent-query.ts';
import { AccountFilter } from './account-filter.tsx';
import { useAgentNav } from './agent-nav.ts';
import { ListBody } from './list-body.tsx';
import { useListFilters } from './use-list-filters.ts';

const FIGURES = ['deposit', 'withdrawal', 'betAmount', 'validBet', 'winLoss', 'bonus', 'salary', 'dividend'] as const;

/** agentProfitLoss: one row per team member over the day range, with the team's totals. */
export function ProfitLoss() {
  const { t } = useTranslation();
  const nav = useAgentNav();
  const { range, setRange, filters, setFilter, page, setPage } = useListFilters({ account: nav.account ?? '' });
  const list = useAgentQuery(profitLoss, { ...(filters.account ? { account: filters.account } : {}), from: range.from, to: range.to, page, pageSize: AGENT_PAGE_SIZE });
  const label = (f: (typeof FIGURES)[number]) => (f === 'salary' || f === 'dividend' ? t(`agent.figure.${f}`) : t(`records.${f}`));

  return (
    <CardSection title={t('agent.nav.agentProfitLoss')} testId="profit-loss-section">
      <AccountFilter initial={filters.account} onSearch={(a) => setFilter('account', a)} testId="profit-loss" range={<DateRangePicker value={range} onChange={setRange} testId="profit-loss-range" />} />
      <ListBody query={list} page={page} onPage={setPage} empty={t('agent.empty.profitLoss')} testId="profit-loss">
        {(d) => (
          <DataTable
            rows={d.list}
            rowKey={(r) => r.memberId}
            testId="profit-loss-table"
            columns={[
              { key: 'account', header: t('agent.account'), cell: (r) => <span data-testid="profit-loss-row">{r.account}</span> },
              ...FIGURES.map((f) => ({ key: f, header: label(f), numeric: true, cell: (r: (typeof d.list)[number]) => <MoneyText minor={r[f]} signed={f === 'winLoss'} /> })),
            ]}
            totals={{
              account: t('records.total'),
              ...Object.fromEntries(FIGURES.map((f) => [f, <MoneyText key={f} minor={d.totals[f]} signed={f === 'winLoss'} testId={`profit-loss-total-${f}`} />])),
            }}
          />
        )}
      </ListBody>
    </CardSection>
  );
}
