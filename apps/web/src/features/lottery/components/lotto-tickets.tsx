import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTicket } from '@playhall/contract/calls/games';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { afterMoneyMoved } from '../../wallet/api/get-merchant-wallet.ts';
import { TICKETS_PAGE_SIZE, useLottoTickets } from '../api/get-tickets.ts';
import styles from './lottery.module.css';

const TONE: Record<TTicket['status'], string> = { open: 'pending', won: 'ok', lost: 'bad', void: 'neutral' };

/**
 * The member's tickets (lottery.tickets): open ones refresh every 5 s; when one settles, the header
 * balance and the records load again, as after any money movement.
 */
export function LottoTickets({ token, gameCode }: { token: string | null; gameCode?: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useLottoTickets(token, gameCode, page);
  const openIds = useRef<Set<number> | null>(null);

  const rows = list.data?.list;
  useEffect(() => {
    if (!rows) return;
    const now = new Set(rows.filter((r) => r.status === 'open').map((r) => r.ticketId));
    const before = openIds.current;
    openIds.current = now;
    // A ticket that was open and is not any more has settled: its payout moved money.
    if (before && [...before].some((id) => !now.has(id))) void afterMoneyMoved(qc, token);
  }, [rows, qc, token]);

  if (token === null) return <EmptyState compact text={t('lottery.loginForTickets')} testId="lotto-tickets" />;
  if (list.isPending) return <Skeleton height={200} radius={10} />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (list.data.list.length === 0) return <EmptyState compact text={t('lottery.noTickets')} testId="lotto-tickets" />;

  return (
    <div data-testid="lotto-tickets">
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="sr-only">{t('lottery.tickets')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('lottery.col.time')}</th>
              {!gameCode && <th scope="col">{t('lottery.col.game')}</th>}
              <th scope="col">{t('lottery.col.draw')}</th>
              <th scope="col">{t('lottery.col.type')}</th>
              <th scope="col">{t('lottery.col.numbers')}</th>
              <th scope="col" className={styles.num}>
                {t('lottery.col.amount')}
              </th>
              <th scope="col">{t('lottery.col.status')}</th>
              <th scope="col" className={styles.num}>
                {t('lottery.col.hits')}
              </th>
              <th scope="col" className={styles.num}>
                {t('lottery.col.payout')}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.list.map((r) => (
              <tr key={r.ticketId} data-testid="lotto-ticket" data-status={r.status} data-ticket={r.ticketId} data-draw={r.drawNo} data-payout={r.payout ?? ''} data-amount={r.amount}>
                <td>{formatDateTime(r.createdAt, true)}</td>
                {!gameCode && <td>{r.gameCode}</td>}
                <td className="tabular">#{r.drawNo}</td>
                <td>{t(`lottery.betType.${r.betType}`)}</td>
                <td className={styles.ticketNumbers}>{r.numbers.join(' ')}</td>
                <td className={styles.num}>
                  <MoneyText minor={r.amount} />
                </td>
                <td>
                  <span className={styles.chip} data-tone={TONE[r.status]}>
                    {t(`lottery.status.${r.status}`)}
                  </span>
                </td>
                <td className={styles.num}>{r.hits ?? '—'}</td>
                <td className={styles.num}>{r.payout === null ? '—' : <MoneyText minor={r.payout} signed={r.payout > 0} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.data.total > TICKETS_PAGE_SIZE && (
        <div className={styles.tableFooter}>
          <Pagination page={page} total={Math.ceil(list.data.total / TICKETS_PAGE_SIZE)} onChange={setPage} />
        </div>
      )}
    </div>
  );
}
