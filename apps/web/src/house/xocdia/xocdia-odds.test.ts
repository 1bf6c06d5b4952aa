import { describe, expect, it } from 'vitest';
import { oddsOf } from './xocdia-page.ts';

describe('xóc đĩa odds', () => {
  it('prints the odds from the rules', () => {
    expect(oddsOf('chan')).toBe('0.96 : 1');
    expect(oddsOf('red4')).toBe('14.5 : 1');
    expect(oddsOf('white3')).toBe('2.9 : 1');
    expect(oddsOf('le', 'vi-VN')).toBe('0,96 : 1');
  });
});
