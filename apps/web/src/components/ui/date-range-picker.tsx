import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatUtcOffset } from '../../lib/format.ts';
import { matchQuickRange, QUICK_RANGES, quickRange, type TDayRange } from './date-range.ts';
import styles from './date-range-picker.module.css';
import fieldStyles from './field.module.css';

/**
 * Date-range picker with quick ranges (DESIGN.md); days are inclusive, yyyy-MM-dd, counted in the merchant's time
 * zone like the times of the records below it, which the picker names once (issue 16).
 */
export function DateRangePicker({ value, onChange, testId = 'date-range' }: { value: TDayRange; onChange: (range: TDayRange) => void; testId?: string }) {
  const { t } = useTranslation();
  const active = matchQuickRange(value);
  const offset = formatUtcOffset();
  return (
    <div className={styles.wrap} data-testid={testId}>
      <label className={styles.day}>
        <span className="sr-only">{t('common.from')}</span>
        <input
          type="date"
          className={fieldStyles.control}
          value={value.from}
          max={value.to}
          onChange={(e) => e.target.value && onChange({ ...value, from: e.target.value })}
          data-testid={`${testId}-from`}
        />
      </label>
      <span className={styles.dash} aria-hidden>
        –
      </span>
      <label className={styles.day}>
        <span className="sr-only">{t('common.to')}</span>
        <input
          type="date"
          className={fieldStyles.control}
          value={value.to}
          min={value.from}
          onChange={(e) => e.target.value && onChange({ ...value, to: e.target.value })}
          data-testid={`${testId}-to`}
        />
      </label>
      <div className={styles.quick} role="group" aria-label={t('common.quickRange')}>
        {QUICK_RANGES.map((k) => (
          <button key={k} type="button" className={styles.chip} aria-pressed={active === k} onClick={() => onChange(quickRange(k))} data-testid={`${testId}-${k}`}>
            {t(`common.range.${k}`)}
          </button>
        ))}
      </div>
      <span className={styles.zone} title={t('common.timeZoneHint', { offset })} data-testid={`${testId}-zone`}>
        <Clock size={12} aria-hidden />
        <span className="sr-only">{t('common.timeZoneHint', { offset })}</span>
        <span aria-hidden>{offset}</span>
      </span>
    </div>
  );
}
