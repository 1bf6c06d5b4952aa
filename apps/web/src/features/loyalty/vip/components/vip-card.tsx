import { CalendarClock, Crown, Mountain } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TVipLevel, TVipProgress } from '@playhall/contract/calls/loyalty';
import { formatDate, formatMoney } from '../../../../lib/format.ts';
import { lastDayOf, nextLevelBars, progressPercent } from '../vip-progress.ts';
import styles from './vip.module.css';

function Meter({ label, done, required, percent, testId }: { label: string; done: number; required: number; percent: number; testId: string }) {
  const { t } = useTranslation();
  const left = Math.max(0, required - done);
  return (
    <div className={styles.meter} data-testid={testId}>
      <div className={styles.meterHead}>
        <span>{label}</span>
        <span className={styles.meterFigures}>
          {formatMoney(Math.min(done, required))} / {formatMoney(required)}
        </span>
      </div>
      <div className={styles.bar} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={label}>
        <div className={styles.barFill} style={{ width: `${percent}%` }} />
      </div>
      <span className={styles.hint}>{left > 0 ? t('vip.stillNeeded', { amount: formatMoney(left, true) }) : t('vip.met')}</span>
    </div>
  );
}

/** The member's VIP card: the level, the way to the next one, what keeping the level this month needs. */
export function VipCard({ me, levels }: { me: TVipProgress; levels: readonly TVipLevel[] }) {
  const { t } = useTranslation();
  const bars = nextLevelBars(me, levels);
  const mine = levels.find((l) => l.level === me.level);
  return (
    <div className={styles.card} data-testid="vip-card" data-level={me.level}>
      <div className={styles.identity}>
        <span className={styles.levelBadge} style={{ alignSelf: 'flex-start' }}>
          <Crown size={14} aria-hidden />
          <span data-testid="vip-card-level">VIP {me.level}</span>
        </span>
        <span className={styles.levelName} data-testid="vip-card-name">
          {me.name}
        </span>
        {me.since && <span className={styles.muted}>{t('vip.since', { date: formatDate(me.since) })}</span>}
        <span className={styles.muted}>
          {t('vip.totals', { bet: formatMoney(me.validBet), deposit: formatMoney(me.deposit) })}
        </span>
        {mine && (
          <span className={styles.muted} data-testid="vip-card-withdrawals">
            {mine.withdrawalsPerDay > 0
              ? t('vip.withdrawalsToday', { used: me.withdrawalsToday.count, limit: mine.withdrawalsPerDay })
              : t('vip.withdrawalsTodayOnly', { used: me.withdrawalsToday.count })}
          </span>
        )}
        {me.labels.length > 0 && (
          <div className={styles.labels} aria-label={t('vip.labels')}>
            {me.labels.map((l) => (
              <span key={l} className={styles.label}>
                {l}
              </span>
            ))}
          </div>
        )}
      </div>
      <div className={styles.block}>
        <h3 className={styles.blockTitle}>{bars ? t('vip.toNext', { name: bars.name }) : t('vip.nextLevel')}</h3>
        {bars ? (
          <>
            <Meter label={t('vip.validBet')} testId="vip-next-bet" {...bars.validBet} />
            {bars.deposit && <Meter label={t('vip.deposit')} testId="vip-next-deposit" {...bars.deposit} />}
          </>
        ) : (
          <span className={styles.top} data-testid="vip-top">
            <Mountain size={18} aria-hidden />
            {t('vip.atTop')}
          </span>
        )}
      </div>
      <div className={styles.block}>
        <h3 className={styles.blockTitle}>{t('vip.keepTitle')}</h3>
        {me.keep ? (
          <>
            <Meter
              label={t('vip.keepBet')}
              testId="vip-keep"
              done={me.keep.done}
              required={me.keep.required}
              percent={progressPercent(me.keep.done, me.keep.required)}
            />
            <span className={styles.muted}>
              <CalendarClock size={14} aria-hidden style={{ verticalAlign: '-2px' }} /> {t('vip.keepBy', { date: formatDate(lastDayOf(me.keep.monthEnds)) })}
            </span>
          </>
        ) : (
          <span className={styles.muted} data-testid="vip-keep-none">
            {t('vip.keepNone')}
          </span>
        )}
      </div>
    </div>
  );
}
