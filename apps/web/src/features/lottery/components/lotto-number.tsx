import styles from './lottery.module.css';

/** A drawn number with its lô (last two digits) highlighted, as results sheets print them. */
export function LottoNumber({ value, size = 'md' }: { value: string; size?: 'md' | 'lg' }) {
  const head = value.length > 2 ? value.slice(0, -2) : '';
  const tail = value.length > 2 ? value.slice(-2) : value;
  return (
    <span className={[styles.number, size === 'lg' ? styles.numberLarge : ''].filter(Boolean).join(' ')}>
      {head && <span className={styles.numberHead}>{head}</span>}
      <span className={styles.numberTail}>{tail}</span>
    </span>
  );
}
