import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BILL_STATUSES, bills, type TBill, type TContractKind } from '@playhall/contract/calls/agent';
import { Button } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { DateRangePicker } from '../../../components/ui/date-range-picker.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { AGENT_PAGE_SIZE, useAgentQuery } from '../api/use-agent-query.ts';
import { formatRate } from '../contract-terms.ts';
import { Chip, type TChipTone } from './chip.tsx';
import { ListBody } from './list-body.tsx';
import { PayBillDialog } from './pay-bill-dialog.tsx';
import { Totals } from './totals.tsx';
import { useListFilters } from './use-list-filters.ts';
import styles from './agent-centre.module.css';

type TStatus = (typeof BILL_STATUSES)[number];
type TRole = 'payee' | 'payer';

const TONE: Record<TStatus, TChipTone> = {
  pendingReview: 'pending',
  issued: 'brand',
  paid: 'ok',
  partlyPaid: 'pending',
  notReached: 'neutral',
  insufficientBalance: 'bad',
  refused: 'bad',
};

/** A bill the payer still owes something on (the upline pays it from its balance). */
function isPayable(bill: TBill): boolean {
  return bill.payer !== null && bill.amount > bill.paidAmount && ['issued', 'partlyPaid', 'insufficientBalance', 'refused'].includes(bill.status);
}

const PAGE_OF: Record<Exclude<TContractKind, 'realtimeSalary'>, 'agentDividend' | 'agentDailyWages' | 'agentHourlySalary'> = {
  dividend: 'agentDividend',
  dailySalary: 'agentDailyWages',
  hourlySalary: 'agentHourlySalary',
};

/**
 * Dividend records, daily wages, hourly salary (spec §2): the bills of one kind this agent receives
 * (payee) or owes its downlines (payer), with totals; an unpaid bill it owes is paid here.
 */
export function BillsPage({ kind }: { kind: Exclude<TContractKind, 'realtimeSalary'> }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<TRole>('payee');
  const [paying, setPaying] = useState<TBill | null>(null);
  const { range, setRange, filters, setFilter, page, setPage } = useListFilters<{ status: TStatus | '' }>({ status: '' });
  const list = useAgentQuery(bills, { kind, role, ...(filters.status ? { status: filters.status } : {}), from: range.from, to: range.to, page, pageSize: AGENT_PAGE_SIZE });
  const baseLabel = kind === 'dividend' ? t('agent.bills.netLoss') : t('agent.bills.validBet');

  return (
    <CardSection title={t(`agent.nav.${PAGE_OF[kind]}`)} testId="bills-section">
      <Tabs
        label={t(`agent.nav.${PAGE_OF[kind]}`)}
        value={role}
        onChange={(r) => {
          setRole(r);
          setPage(1);
        }}
        variant="underline"
        items={[
          { value: 'payee', label: t('agent.bills.received'), testId: 'bills-tab-payee' },
          { value: 'payer', label: t('agent.bills.owed'), testId: 'bills-tab-payer' },
        ]}
      />
      <div className={styles.filters}>
        <Select
          className={styles.filter}
          label={t('agent.status')}
          value={filters.status}
          onChange={(e) => setFilter('status', e.target.value as TStatus | '')}
          options={[{ value: '', label: t('agent.allStatuses') }, ...BILL_STATUSES.map((s) => ({ value: s, label: t(`agent.billStatus.${s}`) }))]}
          data-testid="bills-status"
        />
        <DateRangePicker value={range} onChange={setRange} testId="bills-range" />
      </div>
      {kind === 'dividend' && role === 'payer' && <p className={styles.warn}>{t('agent.bills.dividendRule')}</p>}
      <ListBody
        query={list}
        page={page}
        onPage={setPage}
        empty={t('agent.empty.bills')}
        testId="bills"
        before={(d) => (
          <Totals
            testId="bills-totals"
            items={[
              { key: 'amount', label: t('agent.bills.amount'), minor: d.totals.amount },
              { key: 'paidAmount', label: t('agent.bills.paidAmount'), minor: d.totals.paidAmount },
            ]}
          />
        )}
      >
        {(d) => (
          <DataTable
            rows={d.list}
            rowKey={(b) => b.id}
            testId="bills-table"
            columns={[
              { key: 'period', header: t('agent.bills.period'), cell: (b) => <span data-testid="bill-row" data-status={b.status}>{b.period}</span> },
              {
                key: 'party',
                header: role === 'payee' ? t('agent.bills.payer') : t('agent.bills.payee'),
                cell: (b) => (role === 'payee' ? (b.payer?.account ?? t('agent.platform')) : b.payee.account),
              },
              { key: 'base', header: baseLabel, numeric: true, cell: (b) => <MoneyText minor={b.base} /> },
              { key: 'activeMembers', header: t('agent.overview.activeMembers'), numeric: true, cell: (b) => b.activeMembers },
              { key: 'rate', header: t('agent.terms.rate'), numeric: true, cell: (b) => formatRate(b.rate) },
              // Bills are paid whole: the amount and the status say it all (the totals above add what was paid).
              { key: 'amount', header: t('agent.bills.amount'), numeric: true, cell: (b) => <MoneyText minor={b.amount} /> },
              {
                key: 'status',
                header: t('agent.status'),
                cell: (b) => (
                  <>
                    <Chip tone={TONE[b.status]} label={t(`agent.billStatus.${b.status}`)} status={b.status} />
                    {(b.paidAt || b.deadline) && (
                      <span className={styles.sub} data-testid="bill-time">
                        {b.paidAt ? t('agent.bills.paidOn', { time: formatDateTime(b.paidAt) }) : t('agent.bills.dueBy', { time: formatDateTime(b.deadline ?? '', { offset: true }) })}
                      </span>
                    )}
                  </>
                ),
              },
              ...(role === 'payer'
                ? [
                    {
                      key: 'pay',
                      header: '',
                      numeric: true,
                      cell: (b: TBill) =>
                        isPayable(b) ? (
                          <Button size="sm" onClick={() => setPaying(b)} data-testid="bill-pay">
                            {t('agent.bills.pay')}
                          </Button>
                        ) : null,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </ListBody>
      {paying && <PayBillDialog bill={paying} onClose={() => setPaying(null)} />}
    </CardSection>
  );
}
