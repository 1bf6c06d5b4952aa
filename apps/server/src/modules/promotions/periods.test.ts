import { describe, expect, it } from 'vitest';
import { localDay, periodOf } from './promotions.service.ts';

describe('periods of cashback and turnover tiers (merchant time zone)', () => {
  const tz = 'Asia/Ho_Chi_Minh';
  it('a day runs from local midnight to local midnight', () => {
    // 2026-11-25 23:30 local is 16:30 UTC.
    const at = new Date('2026-11-25T16:30:00Z');
    expect(localDay(tz, at)).toBe('2026-11-25');
    expect(periodOf(tz, 'day', at)).toEqual({ start: new Date('2026-11-24T17:00:00Z'), end: new Date('2026-11-25T17:00:00Z') });
    // Half an hour later it is the 26th there.
    expect(localDay(tz, new Date('2026-11-25T17:30:00Z'))).toBe('2026-11-26');
  });
  it('a week runs from Monday local midnight', () => {
    // Wednesday 2026-11-25 local; the week began Monday 2026-11-23 00:00 local.
    const week = periodOf(tz, 'week', new Date('2026-11-25T05:00:00Z'));
    expect(week).toEqual({ start: new Date('2026-11-22T17:00:00Z'), end: new Date('2026-11-29T17:00:00Z') });
    // Sunday 23:59 local is still that week; Monday 00:00 local starts the next.
    expect(periodOf(tz, 'week', new Date('2026-11-29T16:59:59Z')).start).toEqual(week.start);
    expect(periodOf(tz, 'week', new Date('2026-11-29T17:00:00Z')).start).toEqual(week.end);
  });
});
