import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBetRecord } from '@playhall/contract/calls/wallet';
import { GAME_CATEGORIES, type TGameCategory } from '@playhall/contract/categories';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DataTable, type TColumn } from '../../../components/ui/data-table.tsx';
import { DateRangePicker } from '../../../components/ui/date-range-picker.tsx';
import { quickRange, type TDayRange } from '../../../components/ui/date-range.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { BET_PAGE_SIZE, useBets, type TBetQuery } from '../api/get-bets.ts';
import { laneOf, useGameVendors } from '../api/get-game-vendors.ts';
import { BetDetailDialog } from './bet-detail-dialog.tsx';
import styles from './betting-record.module.css';

/**
 * personalHistoryCopy (spec §2): the member's rounds by category, vendor and day range, with the totals
 * of bet, valid bet and win/loss over the whole query; a round opens its detail and fairness data.
 */
export function BettingRecord() {
  const { t } = useTranslation();
  const [range, setRange] = useState<TDayRange>(() => quickRange('last7'));
  const [category, setCategory] = useState<TGameCategory | ''>('');
  const [vassalage, setVassalage] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const { data: lanes } = useGameVendors();
  const vendors = category ? (laneOf(lanes, category)?.vendors ?? []) : [];
  const query: TBetQuery = { ...(category ? { category } : {}), ...(vassalage ? { vassalage } : {}), from: range.from, to: range.to };
  const list = useBets(query, page);

  const columns: TColumn<TBetRecord>[] = [
    { key: 'time', header: t('records.time'), cell: (r) => formatDateTime(r.time, true) },
    {
      key: 'game',
      header: t('games.record.game'),
      cell: (r) => (
        <button type="button" className={styles.round} onClick={() => setOpen(r.roundId)} data-testid="bet-round" data-round={r.roundId}>
          <span className={styles.gameName}>{r.gameName}</span>
          <span className={styles.sub}>
            {t(`category.${r.category}`)} · {r.vassalage}
          </span>
        </button>
      ),
    },
    { key: 'status', header: t('games.record.status'), cell: (r) => <span className={styles.status} data-status={r.status}>{t(`games.record.statusName.${r.status}`)}</span> },
    { key: 'betAmount', header: t('games.record.bet'), numeric: true, cell: (r) => <MoneyText minor={r.betAmount} /> },
    { key: 'validBet', header: t('games.record.validBet'), numeric: true, cell: (r) => <MoneyText minor={r.validBet} /> },
    { key: 'winLoss', header: t('games.record.winLoss'), numeric: true, cell: (r) => <MoneyText minor={r.winLoss} signed /> },
  ];

  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  return (
    <CardSection title={t('centre.personalHistoryCopy')} testId="bets-section">
      <div className={styles.filters}>
        <Select
          className={styles.select}
          aria-label={t('games.record.category')}
          value={category}
          onChange={(e) => {
            reset(setCategory)(e.target.value as TGameCategory | '');
            setVassalage('');
          }}
          options={[{ value: '', label: t('games.record.allCategories') }, ...GAME_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))]}
          data-testid="bets-category"
        />
        <Select
          className={styles.select}
          aria-label={t('games.record.vendor')}
          value={vassalage}
          disabled={!category}
          onChange={(e) => reset(setVassalage)(e.target.value)}
          options={[{ value: '', label: t('games.record.allVendors') }, ...vendors.map((v) => ({ value: v.vassalage, label: v.displayName }))]}
          data-testid="bets-vendor"
        />
        <DateRangePicker value={range} onChange={reset(setRange)} testId="bets-range" />
      </div>
      {list.isPending ? (
        <Skeleton height={240} radius={10} />
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : (
        <>
          <div className={styles.totals} data-testid="bets-totals">
            {(['betAmount', 'validBet', 'winLoss'] as const).map((k) => (
              <div key={k} className={styles.total}>
                <span className={styles.totalLabel}>{t(`games.record.total.${k}`)}</span>
                <span className={styles.totalValue}>
                  <MoneyText minor={list.data.totals[k]} signed={k === 'winLoss'} testId={`bets-total-${k}`} />
                </span>
              </div>
            ))}
          </div>
          {list.data.list.length === 0 ? (
            <EmptyState compact text={t('games.record.empty')} testId="bets-empty" />
          ) : (
            <>
              <DataTable columns={columns} rows={list.data.list} rowKey={(r) => r.roundId} caption={t('centre.personalHistoryCopy')} testId="bets-table" />
              <div className={styles.footer}>
                <span className={styles.sub}>{t('games.record.count', { count: list.data.total })}</span>
                <Pagination page={page} total={Math.ceil(list.data.total / BET_PAGE_SIZE)} onChange={setPage} />
              </div>
            </>
          )}
        </>
      )}
      {open && <BetDetailDialog roundId={open} onClose={() => setOpen(null)} />}
    </CardSection>
  );
}
