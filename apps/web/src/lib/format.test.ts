import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatUtcOffset, htmlToText, setBusinessTimeZone, zonedParts } from './format.ts';

describe('formatMoney', () => {
  it('shows two decimals with thousands separators', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(123456789)).toBe('1,234,567.89');
    expect(formatMoney(-100000)).toBe('-1,000.00');
    expect(formatMoney(150, true)).toBe('1.50 VND');
  });
});

describe('dates and times in the merchant’s zone', () => {
  afterEach(() => setBusinessTimeZone(null));
  // 07:01 UTC: a notice dated by the server in Ho Chi Minh City says 14:01, and so must every record.
  const moment = '2026-11-25T07:01:09Z';

  it('shows the moment in the business zone, whatever the viewer’s clock', () => {
    setBusinessTimeZone('Asia/Ho_Chi_Minh');
    expect(formatDateTime(moment)).toBe('2026-11-25 14:01');
    expect(formatDateTime(moment, true)).toBe('2026-11-25 14:01:09');
    expect(formatDateTime(new Date(moment), { seconds: true, offset: true })).toBe('2026-11-25 14:01:09 GMT+7');
    expect(formatDate(moment)).toBe('2026-11-25');
    expect(formatUtcOffset(new Date(moment))).toBe('GMT+7');
  });

  it('crosses the date line with the zone, not with UTC', () => {
    setBusinessTimeZone('Asia/Ho_Chi_Minh');
    // 17:30 UTC on the 22nd is 00:30 on the 23rd in Ho Chi Minh City: midnight is 00, never 24.
    expect(formatDateTime('2026-11-22T17:30:00Z')).toBe('2026-11-23 00:30');
    expect(formatDate('2026-11-22T17:30:00Z')).toBe('2026-11-23');
    setBusinessTimeZone('America/New_York');
    expect(formatDateTime('2026-11-22T17:30:00Z', { offset: true })).toBe('2026-11-22 12:30 GMT-5');
    // Summer time: the offset is the one in force at that moment.
    expect(formatUtcOffset(new Date('2026-07-01T12:00:00Z'))).toBe('GMT-4');
  });

  it('names half-hour offsets and UTC itself', () => {
    setBusinessTimeZone('Asia/Kolkata');
    expect(formatDateTime(moment, { offset: true })).toBe('2026-11-25 12:31 GMT+5:30');
    setBusinessTimeZone('UTC');
    expect(formatDateTime(moment, { offset: true })).toBe('2026-11-25 07:01 GMT+0');
    expect(zonedParts(new Date(moment))).toEqual({ year: 2026, month: 11, day: 25, hour: 7, minute: 1, second: 9, offset: 0 });
  });

  it('keeps the viewer’s zone for an unknown zone name, and returns null for garbage', () => {
    setBusinessTimeZone('Mars/Olympus_Mons');
    const local = new Date(2030, 0, 2, 3, 4, 5);
    expect(formatDateTime(local.toISOString(), true)).toBe('2030-01-02 03:04:05');
    expect(formatDateTime('not a date')).toBeNull();
    expect(formatDate('')).toBeNull();
  });
});

describe('htmlToText', () => {
  it('strips tags, scripts and entities', () => {
    expect(htmlToText('<p>Hello&nbsp;<b>world</b></p><script>alert(1)</script> &amp; more')).toBe('Hello world & more');
  });
});
