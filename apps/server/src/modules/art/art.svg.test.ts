import { describe, expect, it } from 'vitest';
import { banner, escapeXml, monogram, providerLogo, vendorMark } from './art.svg.ts';

describe('artwork', () => {
  it('escapes names so a vendor name cannot inject markup', () => {
    expect(escapeXml('<a&"\'>')).toBe('&lt;a&amp;&quot;&apos;&gt;');
    expect(vendorMark('X', '<script>', '#123456')).not.toContain('<script>');
    expect(providerLogo('A & B', 'red')).toContain('fill="#6142bf"');
  });
  it('draws monograms from words or the code', () => {
    expect(monogram('Pragmatic Play', 'PP')).toBe('PP');
    expect(monogram('Evolution', 'EVO')).toBe('EV');
  });
  it('has three banners and nothing beyond', () => {
    expect(banner(1)).toContain('<svg');
    expect(banner(4)).toBeNull();
  });
});
