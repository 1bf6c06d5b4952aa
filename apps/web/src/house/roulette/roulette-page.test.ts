import { describe, expect, it } from 'vitest';
import { ROULETTE_GROUPS, rouletteCovered } from '@playhall/contract/house-rules/roulette';
import { cellOf, hotAndCold, hotSpots, numberSpots, outsideSpots, WHEEL_ORDER } from './roulette-board.ts';

describe('roulette board layout', () => {
  it('has a spot for every bet of the board, each once: 37 numbers, 108 on the lines, 12 outside', () => {
    const spots = [...numberSpots(), ...hotSpots(), ...outsideSpots()];
    expect(spots).toHaveLength(157);
    expect(new Set(spots.map((s) => s.key)).size).toBe(157);
    const groups = Object.values(ROULETTE_GROUPS).reduce((n, list) => n + list.length, 0);
    expect(numberSpots().length + hotSpots().length).toBe(groups);
  });

  it('puts each line spot where the numbers it covers meet', () => {
    for (const spot of hotSpots()) {
      expect(spot.x).toBeGreaterThan(0);
      expect(spot.x).toBeLessThanOrEqual(1);
      expect(spot.y).toBeGreaterThanOrEqual(0);
      expect(spot.y).toBeLessThanOrEqual(1);
      // Every covered number other than zero touches the spot: its cell's box holds the point (edges included).
      for (const n of rouletteCovered(spot.type, spot.selection).filter((x) => x > 0)) {
        const { column, row } = cellOf(n);
        const [x, y] = [spot.x * 13, spot.y * 3];
        // Streets, six lines and the first four sit on the board's bottom edge under their columns.
        const rowOk = ['street', 'sixline', 'basket'].includes(spot.type) ? y === 3 : y >= row && y <= row + 1;
        expect(x >= column && x <= column + 1 && rowOk, `${spot.key}: ${n}`).toBe(true);
      }
    }
  });

  it('lays the numbers out as the felt does and the wheel in the European order', () => {
    expect(cellOf(3)).toEqual({ column: 1, row: 0 });
    expect(cellOf(1)).toEqual({ column: 1, row: 2 });
    expect(cellOf(35)).toEqual({ column: 12, row: 1 });
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, n) => n));
    expect(WHEEL_ORDER.slice(0, 4)).toEqual([0, 32, 15, 19]);
  });

  it('finds hot and cold numbers of a run', () => {
    const { hot, cold } = hotAndCold([7, 7, 7, 12, 12, 0, 33], 3);
    expect(hot).toEqual([7, 12, 0]);
    expect(cold).toEqual([1, 2, 3]);
  });
});
