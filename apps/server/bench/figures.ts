/**
 * One shape for every figure the bench prints: a row of the table and one JSON line each
 * (`{"bench":…}`), so any figure can be compared from run to run with grep and jq.
 */
export interface TFigure {
  /** Stable name, e.g. `member_info_pg` or `agent_settlement_100000`. */
  name: string;
  value: number;
  /** `req/s`, `tps`, `s`, `ms`, `MB`, `tickets/s` … */
  unit: string;
  /** value / baseline, when the figure is judged against another measured in the same run. */
  ratio?: number;
  /** What the ratio is against (`node:http hello`, `pgbench simple-update`). */
  baseline?: string;
  /** The goal of issue 14, e.g. `>= 0.15` (of the ratio) or `< 15 s` (of the value). */
  goal?: string;
  /** Whether the goal holds in this run; absent when there is no goal. */
  met?: boolean;
}

/** A goal on the value or ratio: `>= x` or `< x`; met is judged here so every part judges alike. */
export function judged(figure: Omit<TFigure, 'met'>, on: 'value' | 'ratio' = 'value'): TFigure {
  if (!figure.goal) return figure;
  const m = /^(>=|<=|<|>)\s*([\d.]+)/.exec(figure.goal);
  const x = on === 'ratio' ? figure.ratio : figure.value;
  if (!m || x === undefined) return figure;
  const bound = Number(m[2]);
  const met = m[1] === '>=' ? x >= bound : m[1] === '<=' ? x <= bound : m[1] === '<' ? x < bound : x > bound;
  return { ...figure, met };
}

export function printFigures(figures: TFigure[]): void {
  for (const f of figures) console.log(JSON.stringify({ bench: f.name, value: f.value, unit: f.unit, ratio: f.ratio ?? null, baseline: f.baseline ?? null, goal: f.goal ?? null, met: f.met ?? null }));
}
