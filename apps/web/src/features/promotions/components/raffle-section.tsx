import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { claimRaffle, type TRaffleView } from '@playhall/contract/calls/promotions';
import type { TRaffleCheck } from '@playhall/contract/raffle';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { call } from '../../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { createRequestIdSlot } from '../../../lib/money-input.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { afterMoneyMoved } from '../../wallet/api/get-merchant-wallet.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { checkRaffleDraw } from '../raffle-check.ts';
import { showActivityError } from './activity-error.ts';
import styles from './promotions.module.css';

/**
 * The raffle of an activity: the seed's hash before the draw, the member's tickets, the prizes; after the draw the
 * revealed seed, the winners, the member's claim and "Verify the draw", which re-runs the published function here.
 */
export function RaffleSection({ activityId, raffle }: { activityId: number; raffle: TRaffleView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const [check, setCheck] = useState<TRaffleCheck | 'running' | null>(null);
  const [pending, setPending] = useState(false);
  const [slot] = useState(createRequestIdSlot);
  const unclaimed = raffle.winners.some((w) => w.mine && !w.claimed);
  const prizeName = (i: number) => raffle.prizes[i]?.name ?? `#${i + 1}`;

  async function verify() {
    setCheck('running');
    try {
      setCheck(await checkRaffleDraw(raffle));
    } catch {
      setCheck({ commitMatches: false, winnersMatch: false });
    }
  }

  async function claim() {
    setPending(true);
    try {
      const won = await call(claimRaffle, { requestId: slot.take(), promotionId: activityId });
      slot.reset();
      showDialog({ icon: 'success', title: t('promotions.raffle.title'), text: t('promotions.raffle.won', { prize: won.prizeName, amount: formatMoney(won.amount, true) }) });
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['promotions'] }), afterMoneyMoved(queryClient, token)]);
    } catch (err) {
      showActivityError(err);
    } finally {
      setPending(false);
    }
  }

  const ok = check !== null && check !== 'running' && check.commitMatches && check.winnersMatch;
  return (
    <section className={styles.panel} data-testid="raffle-section">
      <div className={styles.panelBody}>
        <h2 className={styles.sectionTitle}>{t('promotions.raffle.title')}</h2>
        <p className={styles.note}>{t('promotions.raffle.ticketPer', { amount: formatMoney(raffle.ticketPer, true) })}</p>
        <div>
          <p className={styles.statLabel}>{t('promotions.raffle.seedHash')}</p>
          <p className={styles.hash} data-testid="raffle-seed-hash">
            {raffle.seedHash}
          </p>
        </div>
        <div className={styles.stats}>
          <div className={styles.stat}>
            <span className={styles.statLabel}>{t('promotions.raffle.myTickets')}</span>
            <span className={styles.statValue} data-testid="raffle-my-count">
              {raffle.myTickets.length}
            </span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statLabel}>{t('promotions.raffle.totalTickets')}</span>
            <span className={styles.statValue} data-testid="raffle-total">
              {raffle.totalTickets}
            </span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statLabel}>{t('promotions.raffle.prizes')}</span>
            <span className={styles.statValue}>{raffle.prizes.length}</span>
          </div>
        </div>
        {raffle.myTickets.length > 0 ? (
          <div className={styles.tickets} data-testid="raffle-my-tickets">
            {raffle.myTickets.map((n) => (
              <span key={n} className={styles.ticket}>
                {t('promotions.raffle.ticket', { n })}
              </span>
            ))}
          </div>
        ) : (
          <p className={styles.note}>{t('promotions.raffle.noTickets')}</p>
        )}
        <DataTable
          rows={raffle.prizes.map((p, i) => ({ ...p, i }))}
          rowKey={(p) => p.i}
          testId="raffle-prizes"
          columns={[
            { key: 'prize', header: t('promotions.raffle.prize'), cell: (p) => p.name, wrap: true },
            { key: 'amount', header: t('promotions.rewards.amount'), numeric: true, cell: (p) => <MoneyText minor={p.amount} /> },
          ]}
        />
        {raffle.drawnAt === null ? (
          <p className={styles.note} data-testid="raffle-not-drawn">
            {t('promotions.raffle.notDrawn')}
          </p>
        ) : (
          <>
            <h3 className={styles.sectionTitle}>{t('promotions.raffle.winners')}</h3>
            <p className={styles.note}>{t('promotions.raffle.drawnAt', { time: formatDateTime(raffle.drawnAt) })}</p>
            {raffle.seed && (
              <div>
                <p className={styles.statLabel}>{t('promotions.raffle.seed')}</p>
                <p className={styles.hash} data-testid="raffle-seed">
                  {raffle.seed}
                </p>
              </div>
            )}
            <DataTable
              rows={raffle.winners}
              rowKey={(w) => w.prize}
              testId="raffle-winners"
              highlight={(w) => w.mine}
              columns={[
                { key: 'prize', header: t('promotions.raffle.prize'), cell: (w) => prizeName(w.prize), wrap: true },
                { key: 'ticket', header: '#', numeric: true, cell: (w) => w.ticket },
                { key: 'member', header: t('promotions.raffle.member'), cell: (w) => <span className={w.mine ? styles.mine : undefined}>{w.member}</span> },
                { key: 'amount', header: t('promotions.rewards.amount'), numeric: true, cell: (w) => <MoneyText minor={w.amount} /> },
                {
                  key: 'claimed',
                  header: '',
                  cell: (w) => (w.claimed ? <span className={`${styles.pill} ${styles['pill-ok']}`}>{t('promotions.raffle.claimedBadge')}</span> : null),
                },
              ]}
            />
            {unclaimed && (
              <Button onClick={() => void claim()} disabled={pending} data-testid="raffle-claim">
                {t('promotions.raffle.claim')}
              </Button>
            )}
            <Button variant="secondary" onClick={() => void verify()} disabled={check === 'running' || !raffle.seed} data-testid="raffle-verify">
              <ShieldCheck size={16} aria-hidden />
              {check === 'running' ? t('promotions.raffle.verifying') : t('promotions.raffle.verify')}
            </Button>
            {check !== null && check !== 'running' && (
              <p className={styles.verdict} data-ok={ok} role="status" data-testid="raffle-verdict">
                {ok ? <CircleCheck size={18} color="var(--success)" aria-hidden /> : <CircleAlert size={18} color="var(--danger)" aria-hidden />}
                {ok ? t('promotions.raffle.verified') : t('promotions.raffle.verifyFailed')}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
