import { useTranslation } from 'react-i18next';
import { CONTRACT_KINDS, income, type TContractKind } from '@playhall/contract/calls/agent';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { DateRangePicker } from '../../../components/ui/date-range-picker.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { AGENT_PAGE_SIZE, useAgentQuery } from '../api/use-agent-query.ts';
import { Chip } from './chip.tsx';
import { ListBody } from './list-body.tsx';
import { Totals } from './totals.tsx';
import { useListFilters } from './use-list-filters.ts';
import styles from './agent-centre.module.css';

/** agentIncome: salaries and dividends received (in) and paid to downlines (out), with in/out/net totals. */
export function MyIncome() {
  const { t } = useTranslation();
  const { range, setRange, filters, setFilter, page, setPage } = useListFilters<{ kind: TContractKind | '' }>({ kind: '' });
  const list = useAgentQuery(income, { ...(filters.kind ? { kind: filters.kind } : {}), from: range.from, to: range.to, page, pageSize: AGENT_PAGE_SIZE });

  return (
    <CardSection title={t('agent.nav.agentIncome')} testId="income-section">
      <div className={styles.filters}>
        <Select
          className={styles.filter}
          label={t('agent.contracts.kind')}
          value={filters.kind}
          onChange={(e) => setFilter('kind', e.target.value as TContractKind | '')}
          options={[{ value: '', label: t('agent.allKinds') }, ...CONTRACT_KINDS.map((k) => ({ value: k, label: t(`agent.kind.${k}`) }))]}
          data-testid="income-kind"
        />
        <DateRangePicker value={range} onChange={setRange} testId="income-range" />
      </div>
      <ListBody
        query={list}
        page={page}
        onPage={setPage}
        empty={t('agent.empty.income')}
        testId="income"
        before={(d) => (
          <Totals
            testId="income-totals"
            items={[
              { key: 'in', label: t('agent.income.in'), minor: d.totals.in },
              { key: 'out', label: t('agent.income.out'), minor: d.totals.out },
              { key: 'net', label: t('agent.income.net'), minor: d.totals.net, signed: true },
            ]}
          />
        )}
      >
        {(d) => (
          <DataTable
            rows={d.list}
            rowKey={(r) => r.id}
            testId="income-table"
            columns={[
              { key: 'time', header: t('records.time'), cell: (r) => formatDateTime(r.time) },
              { key: 'kind', header: t('agent.contracts.kind'), cell: (r) => t(`agent.kind.${r.kind}`) },
              { key: 'direction', header: t('agent.income.direction'), cell: (r) => <Chip tone={r.direction === 'in' ? 'ok' : 'pending'} label={t(`agent.income.${r.direction}`)} /> },
              { key: 'counterparty', header: t('agent.income.counterparty'), cell: (r) => (r.counterparty === 'platform' ? t('agent.platform') : r.counterparty) },
              { key: 'period', header: t('agent.bills.period'), cell: (r) => r.period },
              { key: 'amount', header: t('records.amount'), numeric: true, cell: (r) => <MoneyText minor={r.direction === 'in' ? r.amount : -r.amount} signed /> },
            ]}
          />
        )}
      </ListBody>
    </CardSection>
  );
}
