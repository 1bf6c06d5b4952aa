import { describe, expect, it } from 'vitest';
import { nextGridIndex } from './roving-grid.ts';

describe('nextGridIndex', () => {
  // A board of 100 in rows of 10.
  const move = (key: string, index: number, rtl = false) => nextGridIndex(key, index, 100, 10, rtl);

  it('steps along a row and across rows, mirrored right to left', () => {
    expect(move('ArrowRight', 0)).toBe(1);
    expect(move('ArrowRight', 9)).toBe(10);
    expect(move('ArrowLeft', 10)).toBe(9);
    expect(move('ArrowRight', 5, true)).toBe(4);
    expect(move('ArrowLeft', 5, true)).toBe(6);
  });

  it('moves a row up and down', () => {
    expect(move('ArrowDown', 3)).toBe(13);
    expect(move('ArrowUp', 33)).toBe(23);
  });

  it('goes to the ends of the row', () => {
    expect(move('Home', 37)).toBe(30);
    expect(move('End', 31)).toBe(39);
    // A last row that is not full ends at the last cell.
    expect(nextGridIndex('End', 21, 25, 10)).toBe(24);
  });

  it('stays at the edges of the grid', () => {
    expect(move('ArrowLeft', 0)).toBe(0);
    expect(move('ArrowUp', 4)).toBe(4);
    expect(move('ArrowDown', 95)).toBe(95);
    expect(move('ArrowRight', 99)).toBe(99);
  });

  it('ignores other keys and empty grids', () => {
    expect(move('Enter', 4)).toBeNull();
    expect(move(' ', 4)).toBeNull();
    expect(nextGridIndex('ArrowDown', 0, 0, 10)).toBeNull();
  });
});
