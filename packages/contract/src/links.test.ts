import { describe, expect, it } from 'vitest';
import { isSafeLink } from './links.ts';

describe('isSafeLink', () => {
  it('takes http(s) addresses and references inside this site', () => {
    for (const link of ['https://t.me/playhall_support', 'http://example.com/a?b=c#d', '/promotions', '/helpmc?topic=contact', 'img/banners/1.svg', '?tab=2', '#top']) {
      expect(isSafeLink(link), link).toBe(true);
    }
  });

  it('refuses other schemes, other hosts by a relative reference, and what a browser would rewrite', () => {
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'mailto:a@b.c',
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example',
      'https:evil.example',
      'https://user:pass@evil.example/',
      'https://',
      '',
    ]) {
      expect(isSafeLink(link), JSON.stringify(link)).toBe(false);
    }
  });
});
