import { useTranslation } from 'react-i18next';
import type { TActivityDetail } from '@playhall/contract/calls/promotions';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { checkInDays } from '../activity-text.ts';
import styles from './promotions.module.css';

type TProgress = NonNullable<TActivityDetail['progress']>;
type TCheckIn = NonNullable<TActivityDetail['checkIn']>;
type TTiers = NonNullable<TActivityDetail['tiers']>;
type TApplication = NonNullable<TActivityDetail['application']>;

/** The member's figures in the activity's window: deposits, valid bets, net loss. */
export function ProgressSection({ progress }: { progress: TProgress }) {
  const { t } = useTranslation();
  return (
    <section className={styles.panel} data-testid="promo-progress">
      <div className={styles.panelBody}>
        <h2 className={styles.sectionTitle}>{t('promotions.progress.title')}</h2>
        <div className={styles.stats}>
          {(['deposit', 'validBet', 'netLoss'] as const).map((k) => (
            <div key={k} className={styles.stat}>
              <span className={styles.statLabel}>{t(`promotions.progress.${k}`)}</span>
              <span className={styles.statValue} data-testid={`promo-progress-${k}`}>
                <MoneyText minor={progress[k]} />
              </span>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The check-in cycle: each day's amount, the days signed, the next one, and the streak. */
export function CheckInSection({ checkIn }: { checkIn: TCheckIn }) {
  const { t } = useTranslation();
  const states = checkInDays(checkIn.streak, checkIn.signedToday, checkIn.days.length);
  return (
    <section className={styles.panel} data-testid="promo-checkin">
      <div className={styles.panelBody}>
        <div className={styles.appHead}>
          <h2 className={styles.sectionTitle}>{t('promotions.checkIn.title')}</h2>
          <span className={`${styles.pill} ${styles['pill-action']}`} data-testid="promo-streak">
            {t('promotions.checkIn.streak', { count: checkIn.streak })}
          </span>
        </div>
        <ol className={styles.calendar}>
          {checkIn.days.map((amount, i) => (
            <li key={i} className={styles.day} data-state={states[i]}>
              <span className={styles.dayName}>{t('promotions.checkIn.day', { n: i + 1 })}</span>
              <span className={styles.dayAmount}>
                <MoneyText minor={amount} />
              </span>
            </li>
          ))}
        </ol>
        {checkIn.signedToday && <p className={styles.note}>{t('promotions.checkIn.signedToday')}</p>}
      </div>
    </section>
  );
}

/** Turnover tiers: the valid bet of each, its reward, reached and paid. */
export function TiersSection({ tiers }: { tiers: TTiers }) {
  const { t } = useTranslation();
  return (
    <section className={styles.panel} data-testid="promo-tiers">
      <div className={styles.panelBody}>
        <h2 className={styles.sectionTitle}>{t('promotions.tiers.title')}</h2>
        <DataTable
          rows={tiers}
          rowKey={(r) => r.validBet}
          columns={[
            { key: 'bet', header: t('promotions.tiers.validBet'), numeric: true, cell: (r) => <MoneyText minor={r.validBet} /> },
            { key: 'amount', header: t('promotions.tiers.amount'), numeric: true, cell: (r) => <MoneyText minor={r.amount} /> },
            {
              key: 'state',
              header: t('promotions.rewards.statusCol'),
              cell: (r) => (
                <span className={`${styles.pill} ${styles[r.paid ? 'pill-ok' : r.reached ? 'pill-action' : 'pill-neutral']}`}>
                  {t(r.paid ? 'promotions.tiers.paid' : r.reached ? 'promotions.tiers.reached' : 'promotions.tiers.open')}
                </span>
              ),
            },
          ]}
        />
      </div>
    </section>
  );
}

const APPLICATION_TONE = { applying: 'pill-pending', approved: 'pill-ok', rejected: 'pill-bad' } as const;

/** The member's latest application: its status, when it was sent, and the reason of a rejection. */
export function ApplicationStatus({ application, canApply }: { application: TApplication; canApply: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.appBox} data-testid="promo-application" data-status={application.status}>
      <div className={styles.appHead}>
        <strong>{t('promotions.application.title')}</strong>
        <span className={`${styles.pill} ${styles[APPLICATION_TONE[application.status]]}`} data-testid="promo-application-status">
          {t(`promotions.application.status.${application.status}`)}
        </span>
      </div>
      <p className={styles.muted}>
        {t('promotions.application.sentAt', { time: formatDateTime(application.time) })} · {t('promotions.application.images', { count: application.images })}
      </p>
      <p>{application.remark}</p>
      {application.status === 'rejected' && application.reason && (
        <p className={styles.reason} data-testid="promo-application-reason">
          {t('promotions.application.reason', { reason: application.reason })}
        </p>
      )}
      {application.status === 'rejected' && canApply && <p className={styles.muted}>{t('promotions.application.again')}</p>}
    </div>
  );
}
