import { CURRENCY } from '@playhall/contract/constants';
import { formatMoney } from '../../lib/format.ts';
import styles from './money-text.module.css';

/** An amount per spec §9 (two decimals, thousands separators), with the VND symbol when asked. */
export function MoneyText({ minor, currency, signed, testId }: { minor: number; currency?: boolean; signed?: boolean; testId?: string }) {
  const tone = signed ? (minor > 0 ? styles.positive : minor < 0 ? styles.negative : undefined) : undefined;
  return (
    // dir="ltr" isolates it (the sign, digits and symbol keep their order inside right-to-left text).
    <span className={[styles.money, tone].filter(Boolean).join(' ')} data-testid={testId} dir="ltr">
      {signed && minor > 0 ? '+' : ''}
      {formatMoney(minor)}
      {currency && <span className={styles.currency}>{CURRENCY}</span>}
    </span>
  );
}
