import { describe, expect, it } from 'vitest';
import { winnerAge } from './winner-age.ts';

const now = Date.parse('2026-11-26T12:00:00Z');

describe('winnerAge', () => {
  it('says just now under a minute (and for a clock a little ahead)', () => {
    expect(winnerAge('2026-11-26T11:59:30Z', now)).toEqual({ unit: 'now' });
    expect(winnerAge('2026-11-26T12:00:20Z', now)).toEqual({ unit: 'now' });
  });

  it('counts minutes, then hours, then gives the date', () => {
    expect(winnerAge('2026-11-26T11:58:59Z', now)).toEqual({ unit: 'minutes', count: 1 });
    expect(winnerAge('2026-11-26T11:00:01Z', now)).toEqual({ unit: 'minutes', count: 59 });
    expect(winnerAge('2026-11-26T09:30:00Z', now)).toEqual({ unit: 'hours', count: 2 });
    expect(winnerAge('2026-11-25T11:59:00Z', now)).toEqual({ unit: 'date' });
  });
});
