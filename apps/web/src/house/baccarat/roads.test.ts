import { describe, expect, it } from 'vitest';
import { bigRoad, bigRoadColumns, derivedRoad, derivedRoadCells, type TRoadResult } from './roads.ts';

const seq = (s: string) => [...s] as TRoadResult[];

describe('roads', () => {
  it('big road: a column per streak, ties marked on the last win, leading ties on the first', () => {
    expect(bigRoadColumns(seq('tabbtta'))).toEqual([
      { side: 'a', ties: [1] },
      { side: 'b', ties: [0, 2] },
      { side: 'a', ties: [0] },
    ]);
    expect(bigRoad(seq('aab')).map((c) => [c.col, c.row, c.value])).toEqual([[0, 0, 'a'], [0, 1, 'a'], [1, 0, 'b']]);
  });

  it('turns a streak longer than six rows right along the bottom (the dragon tail), and the next streak still starts on the next column', () => {
    const cells = bigRoad(seq('aaaaaaaab'));
    expect(cells.slice(5, 8).map((c) => [c.col, c.row])).toEqual([[0, 5], [1, 5], [2, 5]]);
    expect(cells[8]).toMatchObject({ col: 1, row: 0, value: 'b' });
    // A streak blocked by a tail above it turns right early.
    const blocked = bigRoad(seq('aaaaaaaabbbbbb'));
    expect(blocked.filter((c) => c.value === 'b').map((c) => [c.col, c.row])).toEqual([[1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [2, 4]]);
  });

  it('derived roads: red for a regular road, blue for a choppy one, from the right starting point', () => {
    // Big road columns of lengths 1, 1, 1, 1 (a b a b): a new column compares the two before it → red each time.
    expect(derivedRoad(seq('abab'), 1)).toEqual(['red', 'red']);
    // Lengths 2, 1, 2: column 1 row 0 → nothing to compare; column 1... [a a][b][a a]
    // column 2 row 0: lengths[1]=1 vs lengths[0]=2 → blue; column 2 row 1: lengths[1] = 1 = row → blue.
    expect(derivedRoad(seq('aabaa'), 1)).toEqual(['blue', 'blue']);
    // Column 1 row 1 compares with column 0: it has a second row → red.
    expect(derivedRoad(seq('aabb'), 1)).toEqual(['red']);
    expect(derivedRoad(seq('ababab'), 2)).toEqual(['red', 'red', 'red']);
    expect(derivedRoad(seq('ababab'), 3)).toEqual(['red', 'red']);
    expect(derivedRoadCells(seq('aabaab'), 1).map((c) => c.value)).toEqual(derivedRoad(seq('aabaab'), 1));
  });
});
