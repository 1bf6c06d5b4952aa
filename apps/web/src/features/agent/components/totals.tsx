import { MoneyText } from '../../../components/ui/money-text.tsx';
import styles from './agent-centre.module.css';

/** The totals of a whole query as cards above its list. */
export function Totals({ items, testId }: { items: { key: string; label: string; minor: number; signed?: boolean }[]; testId: string }) {
  return (
    <div className={styles.totals} data-testid={testId}>
      {items.map((i) => (
        <div key={i.key} className={`${styles.kpi} ${styles.kpiMoney}`}>
          <span className={styles.kpiLabel}>{i.label}</span>
          <span className={styles.kpiValue}>
            <MoneyText minor={i.minor} signed={i.signed} testId={`${testId}-${i.key}`} />
          </span>
        </div>
      ))}
    </div>
  );
}
