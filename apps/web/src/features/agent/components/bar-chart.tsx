import { formatMoney } from '../../../lib/format.ts';
import { MoneyText } from '../../../components/ui/money-text.tsx';
import styles from './agent-centre.module.css';

export interface TChartPoint {
  label: string;
  value: number;
}

// About the drawn width in the three-column grid, so text is barely stretched.
const W = 260;
const H = 140;
// The top band holds the label of the highest value, above the bars.
const PAD = { top: 18, right: 4, bottom: 18, left: 4 };

/** Compact money for an axis: 1.2M, 35K. */
function compact(minor: number): string {
  const major = minor / 100;
  const abs = Math.abs(major);
  if (abs >= 1e6) return `${(major / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${(major / 1e3).toFixed(1)}K`;
  return major.toFixed(0);
}

/**
 * Money per day as inline SVG bars (no chart package: three small charts do not earn one). `signed`
 * draws gains up in green and losses down in red around a zero line.
 */
export function BarChart({ title, points, tone, signed, empty, testId }: { title: string; points: readonly TChartPoint[]; tone: 'accent' | 'brand'; signed?: boolean; empty: string; testId: string }) {
  const total = points.reduce((s, p) => s + p.value, 0);
  const max = Math.max(0, ...points.map((p) => p.value));
  const min = signed ? Math.min(0, ...points.map((p) => p.value)) : 0;
  const span = max - min || 1;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((max - v) / span) * plotH;
  const step = (W - PAD.left - PAD.right) / Math.max(points.length, 1);
  const barW = Math.max(2, Math.min(28, step * 0.7));
  const labelEvery = Math.ceil(points.length / 6);

  return (
    <figure className={styles.chart} data-testid={testId}>
      <figcaption className={styles.chartTitle}>
        <span>{title}</span>
        <MoneyText minor={total} signed={signed} />
      </figcaption>
      <svg className={styles.chartSvg} viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={title}>
        <line className={styles.chartGrid} x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} />
        {max > 0 && <line className={styles.chartGrid} strokeDasharray="3 3" x1={PAD.left} x2={W - PAD.right} y1={y(max)} y2={y(max)} />}
        {points.every((p) => p.value === 0) && (
          <text className={styles.chartEmpty} x={W / 2} y={PAD.top + plotH / 2} textAnchor="middle">
            {empty}
          </text>
        )}
        {points.map((p, i) => {
          const x = PAD.left + i * step + (step - barW) / 2;
          const top = y(Math.max(p.value, 0));
          const height = Math.max(p.value === 0 ? 0 : 1, Math.abs(y(p.value) - y(0)));
          const cls = signed ? (p.value >= 0 ? styles.barUp : styles.barDown) : tone === 'accent' ? styles.barAccent : styles.barBrand;
          return (
            <g key={p.label}>
              <rect className={cls} x={x} y={top} width={barW} height={height} rx={2}>
                <title>{`${p.label}: ${formatMoney(p.value)}`}</title>
              </rect>
              {(i % labelEvery === 0 || i === points.length - 1) && (
                <text className={styles.chartAxis} x={x + barW / 2} y={H - 4} textAnchor="middle">
                  {p.label.slice(5)}
                </text>
              )}
            </g>
          );
        })}
        {/* Drawn last, above the dashed line of the highest value, so no bar covers it. */}
        {max > 0 && (
          <text className={styles.chartAxis} x={PAD.left} y={y(max) - 5} textAnchor="start" data-testid={`${testId}-max`}>
            {compact(max)}
          </text>
        )}
      </svg>
    </figure>
  );
}
