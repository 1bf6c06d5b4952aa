import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ART_WORDS, artWordsFor } from './art-words.ts';
import {
  banner,
  bannerTitle,
  bannerTitleLines,
  breakPieces,
  escapeXml,
  gameTile,
  letterSpacing,
  monogram,
  promo,
  providerLogo,
  textWidth,
  vendorMark,
} from './art.svg.ts';

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

describe('artwork in the reader\'s language (issue 23)', () => {
  const reader = (language: string | null, fallback = 'EN') => ({ language, fallback });
  const seed = (code: string) =>
    JSON.parse(readFileSync(new URL(`../../db/seed-texts/${code}.json`, import.meta.url), 'utf8')) as Record<string, Record<string, { title?: string }>>;
  /** The drawn lines of words: x, y, size, letter spacing, textLength and text. */
  const lines = (svg: string) =>
    [...svg.matchAll(/<text x="([\d.]+)" y="(\d+)"([^>]*)>([^<]+)</g)].map(([, x, y, attrs = '', text = '']) => ({
      x: Number(x),
      y: Number(y),
      size: Number(/font-size="(\d+)"/.exec(attrs)?.[1]),
      spacing: Number(/letter-spacing="([\d.]+)"/.exec(attrs)?.[1] ?? 0),
      textLength: /textLength="(\d+)"/.exec(attrs)?.[1],
      medium: attrs.includes('font-weight="500"'),
      anchored: attrs.includes('text-anchor="middle"'),
      text: text.replace(/&amp;/g, '&'),
    }));

  it('draws the banners and promotions with the demo content\'s own titles in MY, CN and VI', () => {
    // Banner n is announcement n of type B; promotion art 1–3 the PR announcements, 4–8 the demo activities.
    const bannerKeys = ['Vietnamese lottery — draws every evening', 'Live baccarat, provably fair', 'Welcome to Playhall'];
    const promoKeys = [
      ['announcements', 'First deposit bonus'],
      ['announcements', 'Daily rebate'],
      ['announcements', 'Invite friends'],
      ['activities', 'Reload bonus 50%'],
      ['activities', 'Daily check-in'],
      ['activities', 'Weekly cashback 5%'],
      ['activities', 'Weekly turnover tiers'],
      ['activities', 'Share your big win'],
    ] as const;
    for (const code of ['MY', 'CN', 'VI'] as const) {
      const texts = seed(code.toLowerCase());
      const words = ART_WORDS[code];
      words.banners.forEach((b, i) => expect(texts.announcements?.[bannerKeys[i] ?? '']?.title, `${code} banner ${i + 1}`).toContain(b.title));
      words.promos.forEach((p, i) => {
        const [kind, key] = promoKeys[i] ?? ['', ''];
        expect(texts[kind]?.[key]?.title, `${code} promo ${i + 1}`).toContain(p.title);
      });
      // Nothing left in English.
      expect(words.playNow).not.toBe(ART_WORDS.EN.playNow);
      words.banners.forEach((b, i) => expect(b.subtitle).not.toBe(ART_WORDS.EN.banners[i]?.subtitle));
    }
  });

  it('speaks the reader\'s language: words, the button, aria-label and lang', () => {
    const vi = banner(1, reader('VI')) ?? '';
    expect(vi).toContain('>XỔ SỐ VIỆT NAM<');
    expect(vi).toContain('aria-label="Xổ số Việt Nam"');
    expect(vi).toContain('lang="vi"');
    expect(vi).toContain('>CHƠI NGAY<');
    expect(vi).not.toContain('PLAY NOW');
    const cn = banner(2, reader('CN')) ?? '';
    expect(cn).toContain('>真人百家乐<');
    expect(cn).toContain('>立即游戏<');
    expect(cn).toContain('lang="zh-CN"');
    const my = promo(5, reader('MY')) ?? '';
    expect(my).toContain('aria-label="နေ့စဉ် ချက်အင်"');
    expect(my).toContain('>7 ရက်<');
    expect(promo(7, reader('CN'))).toContain('>3档<');
    expect(promo(5, reader('VI'))).toContain('>7 NGÀY<');
    expect(banner(1)).toContain('>PLAY NOW<');
    expect(banner(1)).toContain('aria-label="Vietnamese lottery"');
  });

  it('falls back to the merchant\'s default language, then English; an English reader reads English', () => {
    expect(banner(1, reader('TH', 'CN'))).toBe(banner(1, reader('CN')));
    expect(banner(1, reader(null, 'MY'))).toBe(banner(1, reader('MY')));
    expect(banner(1, reader('TH', 'KO'))).toBe(banner(1));
    expect(banner(1, reader('EN', 'VI'))).toBe(banner(1));
    expect(promo(4, reader('XX', 'VI'))).toBe(promo(4, reader('VI')));
    expect(artWordsFor(reader('JA', 'AR')).language).toBe('EN');
    expect(banner(4, reader('VI'))).toBeNull();
    expect(promo(9, reader('CN'))).toBeNull();
  });

  it('keeps every line of every language inside its room, and spaces only letters drawn one by one', () => {
    for (const code of Object.keys(ART_WORDS)) {
      const drawings = [
        ...[1, 2, 3].map((n) => ({ svg: banner(n, reader(code)) ?? '', right: 700 })),
        ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ svg: promo(n, reader(code)) ?? '', right: 560 })),
      ];
      for (const { svg, right } of drawings) {
        for (const l of lines(svg).filter((l) => !l.anchored)) {
          const width = l.textLength ? Number(l.textLength) : textWidth(l.text, l.size, l.spacing, l.medium ? 'medium' : 'heavy');
          expect(l.x + width, `${code} ${l.text}`).toBeLessThanOrEqual(right);
          if (/[\p{Script=Myanmar}\p{Script=Han}]/u.test(l.text)) expect(l.spacing, `${code} ${l.text}`).toBe(0);
        }
        // The button's words stay inside the button.
        const button = Number(/<rect x="82" y="\d+" width="(\d+)" height="48"/.exec(svg)?.[1] ?? 600);
        for (const l of lines(svg).filter((l) => l.anchored && l.size === 18)) {
          expect(l.textLength ? Number(l.textLength) : textWidth(l.text, 18)).toBeLessThanOrEqual(button - 32);
        }
      }
    }
    expect(letterSpacing('LIVE BACCARAT', 2)).toBe(2);
    expect(letterSpacing('XỔ SỐ VIỆT NAM', 2)).toBe(2);
    expect(letterSpacing('真人百家乐', 2)).toBe(0);
    expect(letterSpacing('ဗီယက်နမ်ထီ', 2)).toBe(0);
    expect(letterSpacing('العربية', 2)).toBe(0);
  });

  it('breaks Chinese between words and Vietnamese between syllables, never before punctuation', () => {
    // A Chinese title has no spaces: it still breaks, between two words, into two lines that fit.
    const cn = '越南彩票每晚开奖真人百家乐';
    const cnLines = bannerTitleLines(cn, 56);
    expect(cnLines).toHaveLength(2);
    expect(cnLines.join('')).toBe(cn);
    for (const l of cnLines) expect(textWidth(l, 56)).toBeLessThanOrEqual(620);
    expect(breakPieces('越南彩票——每晚开奖')).toEqual(['越南', '彩票——', '每晚', '开', '奖']);
    expect(breakPieces('欢迎来到 Playhall')).toEqual(['欢迎', '来到 ', 'Playhall']);
    expect(breakPieces('「你好」世界')).toEqual(['「你好」', '世界']);
    // Words of spaced scripts break only at spaces.
    expect(breakPieces('DAILY CHECK-IN')).toEqual(['DAILY ', 'CHECK-IN']);
    expect(bannerTitleLines('CHÀO MỪNG BẠN ĐẾN VỚI PLAYHALL', 56)).toEqual(['CHÀO MỪNG BẠN', 'ĐẾN VỚI PLAYHALL']);
    expect(lines(banner(3, reader('VI')) ?? '').slice(0, 2).map((l) => l.text)).toEqual(['CHÀO MỪNG BẠN', 'ĐẾN VỚI PLAYHALL']);
    // A title that fits one line at a smaller size is drawn so, rather than in two.
    expect(bannerTitle('BACCARAT TRỰC TIẾP')).toEqual({ size: 48, lines: ['BACCARAT TRỰC TIẾP'] });
    expect(bannerTitle('LIVE BACCARAT')).toEqual({ size: 56, lines: ['LIVE BACCARAT'] });
    // A long Vietnamese promotion title takes two lines; a Burmese one too, without letter spacing.
    expect(lines(promo(7, reader('VI')) ?? '').slice(0, 2).map((l) => l.text)).toEqual(['MỐC DOANH SỐ', 'CƯỢC HẰNG TUẦN']);
    expect(lines(promo(7, reader('MY')) ?? '').slice(0, 2).map((l) => l.text)).toEqual(['အပတ်စဉ် လောင်းကြေး', 'လည်ပတ်မှု အဆင့်များ']);
  });

  it('draws a game tile\'s name in any script inside the tile', () => {
    const names = ['Sweet Bonanza', 'Bầu Cua Tôm Cá · Phòng', '鱼虾蟹 · 房间', '阿兹特克瀑布黄金水牛', 'ဘူးသီး ဂဏန်း ပုစွန် ငါး · အခန်း', 'ကျောက်စိမ်းငါးကြင်း'];
    for (const name of names) {
      const svg = gameTile('g1', name, 'Playhall Slots', '#1d7f6e');
      expect(svg).toContain(`aria-label="${name}"`);
      const drawn = lines(svg).filter((l) => l.size >= 20);
      expect(drawn.map((l) => l.text).join(' ').replace(/\s+/g, '')).toBe(name.replace(/\s+/g, ''));
      for (const l of drawn) expect(l.textLength ? Number(l.textLength) : textWidth(l.text, l.size), name).toBeLessThanOrEqual(168);
    }
    expect(lines(gameTile('g1', '阿兹特克瀑布黄金水牛', 'PG', '#000000')).filter((l) => l.size >= 20)).toHaveLength(2);
    expect(lines(gameTile('g1', 'ကျောက်စိမ်းငါးကြင်း', 'PG', '#000000')).filter((l) => l.size >= 20).map((l) => l.text)).toEqual(['ကျောက်စိမ်း', 'ငါးကြင်း']);
  });
});
