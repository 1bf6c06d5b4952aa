import styles from './wallet.module.css';

export type TTone = 'ok' | 'pending' | 'bad' | 'neutral';

/** A record's status as a coloured pill (success, waiting, refused, or plain). */
export function StatusBadge({ tone, label, testId }: { tone: TTone; label: string; testId?: string }) {
  return (
    <span className={[styles.status, tone === 'neutral' ? '' : styles[tone]].filter(Boolean).join(' ')} data-testid={testId}>
      {label}
    </span>
  );
}
