import { describe, expect, it } from 'vitest';
import { banner, bannerTitleLines, escapeXml, monogram, providerLogo, vendorMark } from './art.svg.ts';

describe('artwork', () => {
  it('escapes names so a vendor name cannot inject markup', () => {
    expect(escapeXml('<a&"\'>')).toBe('&lt;a&amp;&quot;&apos;&gt;');
    expect(vendorMark('X', '<script>', '#123456')).not.toContain('<script>');
    expect(providerLogo('AB', 'A & <B>', 'red')).not.toContain('<B>');
    expect(providerLogo('AB', 'A & B', 'red')).toContain('stop-color="#8566e3"');
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

/** WCAG contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const n = Number.parseInt(hex.slice(1), 16);
    const lin = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('footer provider logos (issue 16)', () => {
  const FOOTER = { dark: '#0e1320', light: '#f4f6fa' } as const;
  it('draw an emblem and a wordmark whose words read at 4.5:1 on the footer of their theme', () => {
    for (const theme of ['dark', 'light'] as const) {
      const svg = providerLogo('PPL', 'Pragmatic Live', '#f28c28', theme);
      expect(svg).toContain('>PRAGMATIC</text>');
      expect(svg).toContain('>LIVE</text>');
      const fills = [...svg.matchAll(/<text[^>]* fill="(#[0-9a-f]{6})"[^>]*>[A-Z]/g)].map((m) => m[1] ?? '');
      // The monogram sits on the emblem; the words sit on the footer.
      for (const fill of fills.slice(1)) expect(contrast(fill, FOOTER[theme]), `${theme} ${fill}`).toBeGreaterThanOrEqual(4.5);
    }
  });
  it('puts dark letters on a light emblem and condenses a long name instead of cutting it', () => {
    expect(providerLogo('JILI', 'JILI', '#f9a825')).toMatch(/font-weight="900" fill="#1b2233"/);
    expect(providerLogo('EVO', 'Evolution', '#0b1f3a')).toMatch(/font-weight="900" fill="#fff"/);
    expect(providerLogo('SG', 'Spadegaming', '#455a64')).toContain('textLength="168"');
    expect(providerLogo('EBET', 'eBET', '#1d7f6e')).not.toContain('textLength');
  });
});

describe('banner titles (issue 16)', () => {
  it('break onto two lines rather than run under the motif', () => {
    expect(bannerTitleLines('LIVE BACCARAT', 56)).toEqual(['LIVE BACCARAT']);
    expect(bannerTitleLines('VIETNAMESE LOTTERY', 56)).toEqual(['VIETNAMESE', 'LOTTERY']);
    expect(bannerTitleLines('WELCOME TO PLAYHALL', 56)).toEqual(['WELCOME TO', 'PLAYHALL']);
    for (const n of [1, 2, 3]) {
      const svg = banner(n) ?? '';
      // Every line of words ends left of the motif (x 760), by the width the layout counts for heavy capitals.
      for (const m of svg.matchAll(/<text x="(\d+)"[^>]*font-size="(\d+)"[^>]*letter-spacing="2"[^>]*>([^<]+)</g)) {
        const [, x, size, text] = m;
        expect(Number(x) + (text ?? '').length * (Number(size) * 0.7 + 2), text).toBeLessThanOrEqual(700);
      }
    }
  });
});
