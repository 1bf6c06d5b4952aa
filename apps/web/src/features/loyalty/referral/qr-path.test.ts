import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { qrPath } from './qr-path.ts';

describe('qrPath', () => {
  it('draws exactly the dark modules of the code, inside a quiet zone', () => {
    const link = 'https://play.example/register?referralCode=AB12CD34';
    const { size, path } = qrPath(link);
    const grid = encode(link, { ecc: 'M', border: 2 });
    expect(size).toBe(grid.size);
    const squares = path.match(/M\d+ \d+h1v1h-1z/g) ?? [];
    expect(squares.length).toBe(grid.data.flat().filter(Boolean).length);
    expect(path.replace(/M\d+ \d+h1v1h-1z/g, '')).toBe('');
    // Nothing in the two-module border.
    for (const sq of squares) {
      const [x, y] = sq.slice(1, -'h1v1h-1z'.length).split(' ').map(Number) as [number, number];
      for (const v of [x, y]) {
        expect(v).toBeGreaterThanOrEqual(2);
        expect(v).toBeLessThan(size - 2);
      }
    }
  });

  it('changes with the link', () => {
    expect(qrPath('https://a.example/register?referralCode=A').path).not.toBe(qrPath('https://a.example/register?referralCode=B').path);
  });
});
