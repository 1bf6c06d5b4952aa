import { formatMoney } from '../../../lib/format.ts';
import styles from './dashboard-page.module.css';

const W = 860;
const H = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 72 };

/** Bars per day of one figure, drawn in SVG (no chart library for one chart); negative days hang below the zero line. */
export function ByDayChart({ days, label }: { days: { day: string; value: number }[]; label: string }) {
  const max = Math.max(0, ...days.map((d) => d.value));
  const min = Math.min(0, ...days.map((d) => d.value));
  const span = max - min || 1;
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / span) * innerH;
  const slot = innerW / Math.max(1, days.length);
  const bar = Math.max(2, Math.min(36, slot * 0.7));
  const labelEvery = Math.ceil(days.length / 10);
  return (
    <svg className={styles.chart} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${label} by day`} data-testid="by-day-chart">
      {[max, (max + min) / 2, min].map((v, i) => (
        <g key={i}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className={styles.grid} />
          <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end" className={styles.axis}>
            {formatMoney(Math.round(v))}
          </text>
        </g>
      ))}
      <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} className={styles.zero} />
      {days.map((d, i) => {
        const x = PAD.left + i * slot + (slot - bar) / 2;
        const top = Math.min(y(d.value), y(0));
        return (
          <g key={d.day}>
            <rect x={x} y={top} width={bar} height={Math.max(1, Math.abs(y(d.value) - y(0)))} rx={2} className={d.value < 0 ? styles.barNegative : styles.bar}>
              <title>{`${d.day}: ${formatMoney(d.value)}`}</title>
            </rect>
            {i % labelEvery === 0 && (
              <text x={x + bar / 2} y={H - 8} textAnchor="middle" className={styles.axis}>
                {d.day.slice(5)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
