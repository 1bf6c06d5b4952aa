import { useTranslation } from 'react-i18next';
import { formatCountdown, secondsUntil, useServerNow } from '../server-clock.ts';
import styles from './lottery.module.css';

/** Time left until `iso` on the server clock; `doneText` once it passed, a dash until the clock is known. */
export function LottoCountdown({ iso, doneText, testId, large }: { iso: string; doneText: string; testId?: string; large?: boolean }) {
  const { t } = useTranslation();
  const now = useServerNow();
  const left = now === null ? null : secondsUntil(iso, now);
  return (
    <span
      className={[styles.countdown, large ? styles.countdownLarge : '', left !== null && left <= 10 ? styles.countdownSoon : ''].filter(Boolean).join(' ')}
      data-testid={testId}
      data-seconds={left ?? undefined}
      role="timer"
      aria-label={t('lottery.timeLeft')}
    >
      {left === null ? '--:--' : left === 0 ? doneText : formatCountdown(left)}
    </span>
  );
}
