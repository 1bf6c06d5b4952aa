/**
 * The scoreboards of a baccarat or dragon tiger table, from the results of the session in order: the bead plate
 * (one bead per coup), the big road (a column per streak, ties marked on the last win) and the three roads derived
 * from the big road (big eye boy, small road, cockroach pig), all on a grid of six rows with the "dragon tail" (a
 * streak longer than the column, or blocked below, turns right along its row). The side that wins is `a` (Banker,
 * Dragon) or `b` (Player, Tiger); `t` is a tie.
 */
export type TRoadResult = 'a' | 'b' | 't';

export const ROAD_ROWS = 6;

export interface TRoadCell<V> {
  col: number;
  row: number;
  value: V;
  /** Ties after this win (big road only). */
  ties: number;
}

/** The big road's streaks: each a list of wins of one side with the ties that followed each; leading ties start the first. */
export function bigRoadColumns(results: readonly TRoadResult[]): { side: 'a' | 'b'; ties: number[] }[] {
  const columns: { side: 'a' | 'b'; ties: number[] }[] = [];
  let leadingTies = 0;
  for (const r of results) {
    const last = columns[columns.length - 1];
    if (r === 't') {
      if (last) last.ties[last.ties.length - 1] = (last.ties[last.ties.length - 1] ?? 0) + 1;
      else leadingTies += 1;
    } else if (last && last.side === r) last.ties.push(0);
    else {
      columns.push({ side: r, ties: [columns.length === 0 ? leadingTies : 0] });
    }
  }
  return columns;
}

/** Places streaks on the six-row grid, turning right at the bottom or at an occupied cell (the dragon tail). */
export function placeStreaks<V>(streaks: readonly { value: V; ties: readonly number[] }[], rows = ROAD_ROWS): TRoadCell<V>[] {
  const taken = new Set<string>();
  const cells: TRoadCell<V>[] = [];
  let start = -1;
  for (const streak of streaks) {
    start += 1;
    while (taken.has(`${start}:0`)) start += 1;
    let col = start, row = 0;
    streak.ties.forEach((ties, i) => {
      if (i > 0) {
        if (row + 1 < rows && !taken.has(`${col}:${row + 1}`)) row += 1;
        else col += 1;
      }
      taken.add(`${col}:${row}`);
      cells.push({ col, row, value: streak.value, ties });
    });
  }
  return cells;
}

export const bigRoad = (results: readonly TRoadResult[]): TRoadCell<'a' | 'b'>[] =>
  placeStreaks(bigRoadColumns(results).map((c) => ({ value: c.side, ties: c.ties })));

/**
 * A derived road: `k` = 1 big eye boy, 2 small road, 3 cockroach pig. Each entry of the big road from the one
 * that has something to compare with on gets red (the road is regular) or blue (it is choppy): an entry heading
 * a new column is red when the two columns before it, k apart, have the same length; an entry further down its
 * column is blue only when the column k to the left ends exactly one row above it.
 */
export function derivedRoad(results: readonly TRoadResult[], k: 1 | 2 | 3): ('red' | 'blue')[] {
  const lengths = bigRoadColumns(results).map((c) => c.ties.length);
  const marks: ('red' | 'blue')[] = [];
  lengths.forEach((length, c) => {
    for (let row = 0; row < length; row += 1) {
      if (row === 0) {
        if (c - k - 1 < 0) continue;
        marks.push(lengths[c - 1] === lengths[c - k - 1] ? 'red' : 'blue');
      } else {
        if (c - k < 0) continue;
        marks.push(lengths[c - k] === row ? 'blue' : 'red');
      }
    }
  });
  return marks;
}

/** A derived road's marks as streaks on the grid, like the big road. */
export function derivedRoadCells(results: readonly TRoadResult[], k: 1 | 2 | 3): TRoadCell<'red' | 'blue'>[] {
  const streaks: { value: 'red' | 'blue'; ties: number[] }[] = [];
  for (const mark of derivedRoad(results, k)) {
    const last = streaks[streaks.length - 1];
    if (last && last.value === mark) last.ties.push(0);
    else streaks.push({ value: mark, ties: [0] });
  }
  return placeStreaks(streaks);
}
