import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { claimReward, REWARD_STATUSES, type TReward } from '@playhall/contract/calls/promotions';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { RefreshButton } from '../../../components/ui/refresh-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../config/paths.ts';
import { call } from '../../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { newRequestId } from '../../../lib/money-input.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { closeModal } from '../../../stores/ui-store.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { afterMoneyMoved } from '../../wallet/api/get-merchant-wallet.ts';
import { turnoverPercent } from '../activity-text.ts';
import { useRewards } from '../api/get-rewards.ts';
import { showActivityError } from './activity-error.ts';
import styles from './promotions.module.css';

const PAGE_SIZE = 10;
type TFilter = (typeof REWARD_STATUSES)[number] | 'all';

const STATUS_PILL = { claim: 'pill-action', issued: 'pill-ok', claimed: 'pill-ok', expired: 'pill-neutral' } as const;
const BONUS_PILL = { open: 'pill-pending', converted: 'pill-ok', forfeited: 'pill-bad' } as const;

/** A bonus's turnover: a bar with done / required, and what became of the bonus. */
function TurnoverCell({ reward }: { reward: TReward }) {
  const { t } = useTranslation();
  const turnover = reward.turnover;
  if (!turnover) return <span className={styles.muted}>—</span>;
  const percent = turnoverPercent(turnover.done, turnover.required);
  return (
    <div className={styles.rcTurnover} data-testid="rc-turnover" data-status={turnover.status}>
      <div
        className={styles.bar}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('promotions.rewards.turnover')}
      >
        <div className={styles.barFill} style={{ width: `${percent}%` }} />
      </div>
      <div className={styles.barText}>
        <span data-testid="rc-turnover-done">
          {formatMoney(Math.min(turnover.done, turnover.required))} / {formatMoney(turnover.required)}
        </span>
        <span className={`${styles.pill} ${styles[BONUS_PILL[turnover.status]]}`} data-testid="rc-bonus-status">
          {t(`promotions.rewards.bonusStatus.${turnover.status}`)}
        </span>
      </div>
      {turnover.status === 'open' && turnover.expiresAt && (
        <span className={styles.muted}>{t('promotions.rewards.expiresAt', { time: formatDateTime(turnover.expiresAt) })}</span>
      )}
    </div>
  );
}

/** rewardCenter (spec §2): the bonus wallet, the turnover left and every reward with its status and turnover. */
export function RewardCenter() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const [filter, setFilter] = useState<TFilter>('all');
  const [page, setPage] = useState(1);
  const [claiming, setClaiming] = useState<number | null>(null);
  const list = useRewards(filter === 'all' ? {} : { status: filter }, page, PAGE_SIZE);
  // The server converts a bonus whose turnover is met when the list is asked for: the header's balance follows.
  const bonusBalance = list.data?.bonusBalance;
  useEffect(() => {
    if (bonusBalance !== undefined) void queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] });
  }, [bonusBalance, queryClient]);

  async function claim(reward: TReward) {
    setClaiming(reward.id);
    try {
      // One request id per press: a repeated press of a claimed reward is refused, not paid again.
      const done = await call(claimReward, { requestId: newRequestId(), rewardId: reward.id });
      showDialog({ icon: 'success', title: reward.title, text: t('promotions.claimedAmount', { amount: formatMoney(done.amount, true) }) });
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['promotions'] }), afterMoneyMoved(queryClient, token)]);
    } catch (err) {
      showActivityError(err);
      await queryClient.invalidateQueries({ queryKey: ['promotions', 'rewards'] });
    } finally {
      setClaiming(null);
    }
  }

  const tabs = (['all', ...REWARD_STATUSES] as const).map((s) => ({
    value: s as TFilter,
    label: s === 'all' ? t('promotions.rewards.filterAll') : t(`promotions.rewards.statuses.${s}`),
    testId: `rc-filter-${s}`,
  }));

  return (
    <CardSection
      title={t('centre.rewardCenter')}
      testId="rc-section"
      actions={<RefreshButton label={t('records.refresh')} busy={list.isFetching} onClick={() => void list.refetch()} testId="rc-refresh" />}
    >
      {list.isPending ? (
        <>
          <Skeleton height={84} radius={10} />
          <Skeleton height={240} radius={10} />
        </>
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : (
        <>
          <div className={styles.rcStats}>
            <div className={styles.stat}>
              <span className={styles.statLabel}>{t('promotions.rewards.bonusBalance')}</span>
              <span className={styles.statValue}>
                <MoneyText minor={list.data.bonusBalance} currency testId="rc-bonus-balance" />
              </span>
            </div>
            <div className={styles.stat}>
              <span className={styles.statLabel}>{t('promotions.rewards.turnoverLeft')}</span>
              <span className={styles.statValue}>
                <MoneyText minor={list.data.turnoverLeft} currency testId="rc-turnover-left" />
              </span>
            </div>
            <div className={styles.stat}>
              <span className={styles.statLabel}>{t('promotions.rewards.claimable')}</span>
              <span className={styles.statValue} data-testid="rc-claimable">
                {list.data.claimable}
              </span>
            </div>
          </div>
          <p className={styles.note}>{t('promotions.rewards.hint')}</p>
          <div className={styles.rcFilters}>
            <Tabs
              items={tabs}
              value={filter}
              label={t('promotions.rewards.filterLabel')}
              onChange={(v) => {
                setFilter(v);
                setPage(1);
              }}
            />
          </div>
          {list.data.list.length === 0 ? (
            <EmptyState
              compact
              text={t('promotions.rewards.empty')}
              testId="rc-empty"
              action={
                <Link className={buttonClass('secondary', 'sm')} to={paths.promotions} onClick={() => closeModal()}>
                  {t('promotions.rewards.browse')}
                </Link>
              }
            />
          ) : (
            <>
              <DataTable
                rows={list.data.list}
                rowKey={(r) => r.id}
                testId="rc-table"
                columns={[
                  {
                    key: 'time',
                    header: t('promotions.rewards.time'),
                    cell: (r) => formatDateTime(r.time),
                  },
                  {
                    key: 'title',
                    header: t('promotions.rewards.titleCol'),
                    wrap: true,
                    cell: (r) => (
                      <span className={styles.rcTitle}>
                        <strong data-testid="rc-title">{r.title}</strong>
                        <span className={styles.muted}>
                          {t(`promotions.rewards.source.${r.source}`)} · {t(`promotions.rewards.form.${r.form}`)}
                        </span>
                      </span>
                    ),
                  },
                  {
                    key: 'amount',
                    header: t('promotions.rewards.amount'),
                    numeric: true,
                    cell: (r) => (r.form === 'points' ? t('promotions.reward.points', { count: r.amount }) : <MoneyText minor={r.amount} testId="rc-amount" />),
                  },
                  {
                    key: 'status',
                    header: t('promotions.rewards.statusCol'),
                    wrap: true,
                    cell: (r) => (
                      <span className={styles.rcTitle}>
                        <span className={`${styles.pill} ${styles[STATUS_PILL[r.status]]}`} data-testid="rc-status" data-status={r.status}>
                          {t(`promotions.rewards.statuses.${r.status}`)}
                        </span>
                        {r.status === 'claim' && r.claimBy && <span className={styles.muted}>{t('promotions.rewards.claimBy', { time: formatDateTime(r.claimBy) })}</span>}
                      </span>
                    ),
                  },
                  { key: 'turnover', header: t('promotions.rewards.turnover'), cell: (r) => <TurnoverCell reward={r} /> },
                  {
                    key: 'action',
                    header: '',
                    cell: (r) =>
                      r.status === 'claim' ? (
                        <Button size="sm" disabled={claiming !== null} onClick={() => void claim(r)} data-testid="rc-claim">
                          {t('promotions.rewards.claim')}
                        </Button>
                      ) : null,
                  },
                ]}
              />
              <div className={styles.pager}>
                <span className={styles.muted}>{t('records.count', { count: list.data.total })}</span>
                <Pagination page={page} total={Math.ceil(list.data.total / PAGE_SIZE)} onChange={setPage} />
              </div>
            </>
          )}
        </>
      )}
    </CardSection>
  );
}
