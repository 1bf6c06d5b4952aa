import { useTranslation } from 'react-i18next';
import { teamBets } from '@playhall/contract/calls/agent';
import { GAME_CATEGORIES, type TGameCategory } from '@playhall/contract/categories';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { DateRangePicker } from '../../../components/ui/date-range-picker.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { AGENT_PAGE_SIZE, useAgentQuery } from '../api/use-agent-query.ts';
import { AccountFilter } from './account-filter.tsx';
import { useAgentNav } from './agent-nav.ts';
import { Totals } from './totals.tsx';
import { ListBody } from './list-body.tsx';
import { useListFilters } from './use-list-filters.ts';
import styles from './agent-centre.module.css';

/** agentTeamBetting: the team's rounds by account, category and day range, with totals. */
export function TeamBetting() {
  const { t } = useTranslation();
  const nav = useAgentNav();
  const { range, setRange, filters, setFilter, page, setPage } = useListFilters<{ account: string; category: TGameCategory | '' }>({ account: nav.account ?? '', category: '' });
  const list = useAgentQuery(teamBets, {
    ...(filters.account ? { account: filters.account } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    from: range.from,
    to: range.to,
    page,
    pageSize: AGENT_PAGE_SIZE,
  });

  return (
    <CardSection title={t('agent.nav.agentTeamBetting')} testId="team-bets-section">
      <AccountFilter initial={filters.account} onSearch={(a) => setFilter('account', a)} testId="team-bets" range={<DateRangePicker value={range} onChange={setRange} testId="team-bets-range" />}>
        <Select
          className={styles.filter}
          label={t('games.record.category')}
          value={filters.category}
          onChange={(e) => setFilter('category', e.target.value as TGameCategory | '')}
          options={[{ value: '', label: t('games.record.allCategories') }, ...GAME_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))]}
          data-testid="team-bets-category"
        />
      </AccountFilter>
      <ListBody
        query={list}
        page={page}
        onPage={setPage}
        empty={t('agent.empty.bets')}
        testId="team-bets"
        before={(d) => (
          <Totals
            testId="team-bets-totals"
            items={[
              { key: 'betAmount', label: t('records.betAmount'), minor: d.totals.betAmount },
              { key: 'validBet', label: t('records.validBet'), minor: d.totals.validBet },
              { key: 'winLoss', label: t('records.winLoss'), minor: d.totals.winLoss, signed: true },
            ]}
          />
        )}
      >
        {(d) => (
          <DataTable
            rows={d.list}
            rowKey={(r) => r.roundId}
            testId="team-bets-table"
            columns={[
              { key: 'time', header: t('records.time'), cell: (r) => formatDateTime(r.time, true) },
              { key: 'account', header: t('agent.account'), cell: (r) => <span data-testid="team-bet-row">{r.account}</span> },
              { key: 'game', header: t('games.record.game'), cell: (r) => `${r.gameName} · ${t(`category.${r.category}`)}` },
              { key: 'status', header: t('games.record.status'), cell: (r) => t(`games.record.statusName.${r.status}`) },
              { key: 'betAmount', header: t('records.betAmount'), numeric: true, cell: (r) => <MoneyText minor={r.betAmount} /> },
              { key: 'validBet', header: t('records.validBet'), numeric: true, cell: (r) => <MoneyText minor={r.validBet} /> },
              { key: 'winLoss', header: t('records.winLoss'), numeric: true, cell: (r) => <MoneyText minor={r.winLoss} signed /> },
            ]}
          />
        )}
      </ListBody>
    </CardSection>
  );
}
