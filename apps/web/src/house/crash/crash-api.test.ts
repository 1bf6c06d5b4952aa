import { describe, expect, it } from 'vitest';
import { parseTarget } from './crash-api.ts';

describe('crash auto cash-out input', () => {
  it('reads multipliers as hundredths, empty as off, anything else as not a number', () => {
    expect(parseTarget('2')).toBe(200);
    expect(parseTarget(' 1.01 ')).toBe(101);
    expect(parseTarget('2,5')).toBe(250);
    expect(parseTarget('3.5x')).toBe(350);
    expect(parseTarget('')).toBeNull();
    expect(parseTarget('1.001')).toBeNaN();
    expect(parseTarget('abc')).toBeNaN();
  });
});
