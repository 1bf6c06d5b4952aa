import { describe, expect, it } from 'vitest';
import { nextCheckDelay } from './reality-check-schedule.ts';

const MIN = 60_000;

describe('nextCheckDelay', () => {
  it('counts whole intervals from the log-in, so a reload keeps the rhythm', () => {
    const since = Date.parse('2026-03-01T10:00:00Z');
    expect(nextCheckDelay(since, 15, since)).toBe(15 * MIN);
    expect(nextCheckDelay(since, 15, since + 7 * MIN)).toBe(8 * MIN);
    // A reload 40 minutes in: the next check is at 45, not 40 + 15.
    expect(nextCheckDelay(since, 15, since + 40 * MIN)).toBe(5 * MIN);
  });

  it('is never zero: a check due exactly now plans the following one', () => {
    const since = 1_000_000;
    expect(nextCheckDelay(since, 30, since + 30 * MIN)).toBe(30 * MIN);
  });

  it('treats a log-in time ahead of the browser clock as just now', () => {
    expect(nextCheckDelay(10 * MIN, 15, 9 * MIN)).toBe(16 * MIN);
  });
});
