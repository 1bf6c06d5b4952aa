import { afterEach, describe, expect, it } from 'vitest';
import { setBusinessTimeZone } from '../../lib/format.ts';
import { matchQuickRange, quickRange } from './date-range.ts';

const today = new Date(2026, 2, 1); // 1 March 2026

describe('quickRange', () => {
  it('counts days in the viewer calendar, across month ends', () => {
    expect(quickRange('today', today)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(quickRange('yesterday', today)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(quickRange('last7', today)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(quickRange('thisMonth', new Date(2026, 2, 17))).toEqual({ from: '2026-03-01', to: '2026-03-17' });
  });
  it('recognises a range that equals a quick range', () => {
    expect(matchQuickRange({ from: '2026-02-23', to: '2026-03-01' }, today)).toBe('last7');
    expect(matchQuickRange({ from: '2026-02-22', to: '2026-03-01' }, today)).toBeUndefined();
  });
});

describe('quickRange in the merchant’s zone', () => {
  afterEach(() => setBusinessTimeZone(null));
  it('counts from the business day, whatever the viewer’s clock says', () => {
    // 17:30 UTC on 22 November is already 00:30 on the 23rd in Ho Chi Minh City.
    const evening = new Date('2026-11-22T17:30:00Z');
    setBusinessTimeZone('Asia/Ho_Chi_Minh');
    expect(quickRange('today', evening)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(quickRange('last7', evening)).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(matchQuickRange({ from: '2026-11-22', to: '2026-11-22' }, evening)).toBe('yesterday');
    setBusinessTimeZone('America/New_York');
    expect(quickRange('today', evening)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
  });
});
