import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney, formatUtcOffset, htmlToText } from './format.ts';

describe('formatMoney', () => {
  it('shows two decimals with thousands separators', () => {
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(123456789)).toBe('1,234,567.89');
    expect(formatMoney(-100000)).toBe('-1,000.00');
    expect(formatMoney(150, true)).toBe('1.50 VND');
  });
});

describe('formatDateTime', () => {
  it('formats ISO instants as yyyy-MM-dd HH:mm in local time', () => {
    const d = new Date(2030, 0, 2, 3, 4, 5);
    expect(formatDateTime(d.toISOString())).toBe('2030-01-02 03:04');
    expect(formatDateTime(d.toISOString(), true)).toBe('2030-01-02 03:04:05');
  });
  it('returns null for garbage', () => {
    expect(formatDateTime('not a date')).toBeNull();
  });
});

describe('formatUtcOffset', () => {
  it('names the offset', () => {
    expect(formatUtcOffset()).toMatch(/^GMT[+-]\d{1,2}(:\d{2})?$/);
  });
});

describe('htmlToText', () => {
  it('strips tags, scripts and entities', () => {
    expect(htmlToText('<p>Hello&nbsp;<b>world</b></p><script>alert(1)</script> &amp; more')).toBe('Hello world & more');
  });
});
