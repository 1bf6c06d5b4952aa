import styles from './agent-centre.module.css';

export type TChipTone = 'ok' | 'pending' | 'bad' | 'brand' | 'neutral';

/** A status as a coloured pill. */
export function Chip({ tone, label, testId, status }: { tone: TChipTone; label: string; testId?: string; status?: string }) {
  return (
    <span className={[styles.chip, tone === 'neutral' ? '' : styles[tone]].filter(Boolean).join(' ')} data-testid={testId} data-status={status}>
      {label}
    </span>
  );
}
