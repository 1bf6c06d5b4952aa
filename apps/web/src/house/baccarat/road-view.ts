import { h } from '../shared/dom.ts';
import { bigRoad, derivedRoadCells, ROAD_ROWS, type TRoadCell, type TRoadResult } from './roads.ts';
import './roads.css';

/**
 * The scoreboard of a card table (baccarat, dragon tiger): bead plate, big road and the three derived roads, drawn
 * from the session's results (roads.ts). Side `a` (Banker, Dragon) is red, side `b` (Player, Tiger) blue, a tie green.
 */
export interface TRoadLabels {
  title: string;
  bead: string;
  big: string;
  bigEye: string;
  small: string;
  cockroach: string;
  /** The bead's letter of each result (庄 / 闲 / 和 …). */
  a: string;
  b: string;
  t: string;
  empty: string;
}

const BEAD_COLUMNS = 12;
const BIG_COLUMNS = 24;

function grid(cells: TRoadCell<string>[], columns: number, kind: string, testId: string): HTMLElement {
  // Only the last `columns` columns show, as a paper scoreboard scrolls.
  const last = cells.reduce((m, c) => Math.max(m, c.col), -1);
  const first = Math.max(0, last - columns + 1);
  return h('div', { class: `road-grid road-${kind}`, style: `--road-cols:${columns}`, 'data-testid': testId },
    ...cells.filter((c) => c.col >= first).map((c) =>
      h('span', { class: `road-mark road-${c.value}${c.ties > 0 ? ' has-tie' : ''}`, style: `grid-column:${c.col - first + 1};grid-row:${c.row + 1}` },
        c.ties > 1 ? h('b', {}, String(c.ties)) : null),
    ),
  );
}

export function createRoads(labels: TRoadLabels, prefix: string) {
  const results: TRoadResult[] = [];
  const extras: string[][] = [];
  const box = h('section', { class: 'road-box', 'aria-label': labels.title, 'data-testid': `${prefix}-roads` });
  function render() {
    const beads: TRoadCell<string>[] = results.map((r, i) => ({ col: Math.floor(i / ROAD_ROWS), row: i % ROAD_ROWS, value: r, ties: 0 }));
    const beadGrid = grid(beads, BEAD_COLUMNS, 'bead', `${prefix}-road`);
    beads.forEach((b, i) => {
      const el = beadGrid.children[beadGrid.children.length - beads.length + i];
      if (el) {
        el.textContent = labels[b.value as TRoadResult];
        el.classList.add('bac-bead', `bac-bead-${b.value}`);
        for (const extra of extras[i] ?? []) el.append(h('i', { class: extra }));
      }
    });
    box.replaceChildren(
      h('div', { class: 'road-part road-part-bead' }, h('span', { class: 'road-title' }, labels.bead), beadGrid),
      h('div', { class: 'road-part road-part-big' }, h('span', { class: 'road-title' }, labels.big), grid(bigRoad(results), BIG_COLUMNS, 'big', `${prefix}-big-road`)),
      h('div', { class: 'road-part road-part-derived' },
        h('span', { class: 'road-title' }, labels.bigEye), grid(derivedRoadCells(results, 1), BIG_COLUMNS, 'eye', `${prefix}-big-eye`),
        h('span', { class: 'road-title' }, labels.small), grid(derivedRoadCells(results, 2), BIG_COLUMNS, 'small', `${prefix}-small-road`),
        h('span', { class: 'road-title' }, labels.cockroach), grid(derivedRoadCells(results, 3), BIG_COLUMNS, 'roach', `${prefix}-cockroach`),
      ),
      ...(results.length === 0 ? [h('p', { class: 'road-empty' }, labels.empty)] : []),
    );
  }
  render();
  return {
    box,
    /** Adds a result; `marks` are classes of small dots on its bead (pairs). */
    add(result: TRoadResult, marks: string[] = []) {
      results.push(result);
      extras.push(marks);
      render();
    },
  };
}
