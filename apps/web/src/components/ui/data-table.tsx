import type { ReactNode } from 'react';
import styles from './data-table.module.css';

export interface TColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Money and counts sit at the end of the cell (DESIGN.md: money right-aligned, tabular figures). */
  numeric?: boolean;
  /** Long text may break onto a second line (cells stay on one line otherwise). */
  wrap?: boolean;
}

interface TDataTableProps<Row> {
  columns: readonly TColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A totals row under the body, one cell per column key (missing keys stay empty). */
  totals?: Partial<Record<string, ReactNode>>;
  caption?: string;
  testId?: string;
  /** Rows to point out (the record a page was opened for): marked with `data-highlight`. */
  highlight?: (row: Row) => boolean;
}

/** The table of DESIGN.md: sticky header, optional totals row; the caller adds pagination below. */
export function DataTable<Row>({ columns, rows, rowKey, totals, caption, testId, highlight }: TDataTableProps<Row>) {
  const cls = (c: TColumn<Row>) => [c.numeric ? styles.numeric : '', c.wrap ? styles.wrap : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-testid={testId}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cls(c)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-highlight={highlight?.(row) || undefined}>
              {columns.map((c) => (
                <td key={c.key} className={cls(c)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {totals && (
          <tfoot>
            <tr>
              {columns.map((c) => (
                <td key={c.key} className={cls(c)}>
                  {totals[c.key]}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
