import styles from './console.module.css';

const BAD = new Set(['locked', 'closed', 'rejected', 'failed', 'disputed', 'void']);
const GOOD = new Set(['active', 'approved', 'paid', 'success', 'ok']);

/** A record's status in words, tinted red or green where the word says trouble or done. */
export function StatusChip({ status }: { status: string }) {
  const tone = BAD.has(status) ? styles.statusBad : GOOD.has(status) ? styles.statusGood : '';
  return <span className={[styles.status, tone].filter(Boolean).join(' ')}>{status}</span>;
}
