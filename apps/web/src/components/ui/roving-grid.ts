/**
 * Arrow keys over a grid of buttons that is one Tab stop (a roving tabindex): the lottery's number board has a
 * hundred, which a keyboard would otherwise Tab through one by one to reach the stake.
 */

/**
 * The index the focus moves to for a key, or null when the key does not move it: left and right step one (mirrored
 * in right-to-left), up and down one row of `columns`, Home and End to the row's ends; never past the first or last.
 */
export function nextGridIndex(key: string, index: number, count: number, columns: number, rtl = false): number | null {
  if (count === 0 || index < 0 || columns < 1) return null;
  const rowStart = index - (index % columns);
  let next: number;
  switch (key) {
    case 'ArrowRight':
      next = index + (rtl ? -1 : 1);
      break;
    case 'ArrowLeft':
      next = index + (rtl ? 1 : -1);
      break;
    case 'ArrowDown':
      next = index + columns;
      break;
    case 'ArrowUp':
      next = index - columns;
      break;
    case 'Home':
      next = rowStart;
      break;
    case 'End':
      next = Math.min(rowStart + columns, count) - 1;
      break;
    default:
      return null;
  }
  return next < 0 || next >= count ? index : next;
}

/** How many cells the first row of a laid-out grid holds (cells whose top is the first cell's). */
export function gridColumns(cells: readonly HTMLElement[]): number {
  const top = cells[0]?.offsetTop;
  const n = cells.findIndex((c) => c.offsetTop !== top);
  return n === -1 ? Math.max(cells.length, 1) : n;
}
