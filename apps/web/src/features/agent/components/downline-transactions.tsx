import { useTranslation } from 'react-i18next';
import { downlineTransactions } from '@playhall/contract/calls/agent';
import { TRANSACTION_TYPES, type TTransaction } from '@playhall/contract/calls/wallet';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { DateRangePicker } from '../../../components/ui/date-range-picker.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { recordRemark, recordRemarkTitle } from '../../../lib/record-remark.ts';
import { AGENT_PAGE_SIZE, useAgentQuery } from '../api/use-agent-query.ts';
import { AccountFilter } from './account-filter.tsx';
import { useAgentNav } from './agent-nav.ts';
import { ListBody } from './list-body.tsx';
import styles from './agent-centre.module.css';
import { useListFilters } from './use-list-filters.ts';

type TType = TTransaction['type'];

/** agentDownlineTransactions: the team's account records by account, type and day range. */
export function DownlineTransactions() {
  const { t } = useTranslation();
  const nav = useAgentNav();
  const { range, setRange, filters, setFilter, page, setPage } = useListFilters<{ account: string; type: TType | '' }>({ account: nav.account ?? '', type: '' });
  const list = useAgentQuery(downlineTransactions, {
    ...(filters.account ? { account: filters.account } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    from: range.from,
    to: range.to,
    page,
    pageSize: AGENT_PAGE_SIZE,
  });

  return (
    <CardSection title={t('agent.nav.agentDownlineTransactions')} testId="downline-tx-section">
      <AccountFilter initial={filters.account} onSearch={(a) => setFilter('account', a)} testId="downline-tx" range={<DateRangePicker value={range} onChange={setRange} testId="downline-tx-range" />}>
        <Select
          className={styles.filter}
          label={t('records.typeLabel')}
          value={filters.type}
          onChange={(e) => setFilter('type', e.target.value as TType | '')}
          options={[{ value: '', label: t('records.allTypes') }, ...TRANSACTION_TYPES.map((k) => ({ value: k, label: t(`records.type.${k}`) }))]}
          data-testid="downline-tx-type"
        />
      </AccountFilter>
      <ListBody query={list} page={page} onPage={setPage} empty={t('agent.empty.transactions')} testId="downline-tx">
        {(d) => (
          <DataTable
            rows={d.list}
            rowKey={(r) => r.id}
            testId="downline-tx-table"
            columns={[
              { key: 'time', header: t('records.time'), cell: (r) => formatDateTime(r.time, true) },
              { key: 'account', header: t('agent.account'), cell: (r) => <span data-testid="downline-tx-row">{r.account}</span> },
              { key: 'type', header: t('records.typeLabel'), cell: (r) => t(`records.type.${r.type}`) },
              { key: 'amount', header: t('records.amount'), numeric: true, cell: (r) => <MoneyText minor={r.amount} signed /> },
              { key: 'balanceAfter', header: t('records.balanceAfter'), numeric: true, cell: (r) => <MoneyText minor={r.balanceAfter} /> },
              { key: 'remark', header: t('records.remark'), wrap: true, cell: (r) => <span title={recordRemarkTitle(r)}>{recordRemark(r)}</span> },
            ]}
          />
        )}
      </ListBody>
    </CardSection>
  );
}
