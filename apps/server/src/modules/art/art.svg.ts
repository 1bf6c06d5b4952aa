import type { TReader } from '../../lib/content-language.ts';
import { artWordsFor } from './art-words.ts';

/**
 * The portal's own artwork, drawn as SVG (DESIGN.md, Artwork): vendor marks, footer provider logos,
 * banners and promotion art. Pure functions of their inputs, so any CDN host can serve the same bytes.
 */

export function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

const FONT = "font-family=\"'Segoe UI',Roboto,'Noto Sans',system-ui,sans-serif\"";

/** Two letters that stand for a vendor: initials of its words, or the start of its code. */
export function monogram(name: string, code: string): string {
  const words = name.replace(/[^\p{L}\p{N} ]/gu, ' ').split(/\s+/).filter(Boolean);
  const initials = words.length >= 2 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : code.slice(0, 2);
  return initials.toUpperCase();
}

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (shift: number) => Math.max(0, Math.min(255, ((n >> shift) & 255) + amount));
  return `#${[ch(16), ch(8), ch(0)].map((x) => x.toString(16).padStart(2, '0')).join('')}`;
}

function safeColour(colour: string): string {
  return /^#[0-9a-f]{6}$/i.test(colour) ? colour : '#6142bf';
}

/** Square vendor mark (dropdown cards, vendor tabs): gradient tile, monogram, name. */
export function vendorMark(code: string, name: string, colour: string): string {
  const c = safeColour(colour);
  const id = `g${code.replace(/[^A-Za-z0-9]/g, '')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(c, 40)}"/><stop offset="1" stop-color="${shade(c, -40)}"/></linearGradient></defs>
<rect width="160" height="160" rx="28" fill="url(#${id})"/>
<circle cx="128" cy="30" r="46" fill="#fff" opacity=".08"/>
<text x="80" y="92" text-anchor="middle" ${FONT} font-size="58" font-weight="800" fill="#fff" letter-spacing="1">${escapeXml(monogram(name, code))}</text>
<text x="80" y="132" text-anchor="middle" ${FONT} font-size="${name.length > 14 ? 12 : 15}" font-weight="600" fill="#fff" opacity=".92">${escapeXml(name)}</text>
</svg>`;
}

/** Relative luminance (WCAG) of a #rrggbb colour. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}

/** The emblem outlines a provider mark is drawn in (48 × 48 around 32,32), chosen by the provider's code. */
const EMBLEMS: readonly ((fill: string) => string)[] = [
  (f) => `<circle cx="32" cy="32" r="24" fill="${f}"/>`,
  (f) => `<rect x="8" y="8" width="48" height="48" rx="13" fill="${f}"/>`,
  (f) => `<path d="M32 5.5 58.5 32 32 58.5 5.5 32z" fill="${f}" stroke="${f}" stroke-width="4" stroke-linejoin="round"/>`,
  (f) => `<path d="M32 7 53.7 19.5v25L32 57 10.3 44.5v-25z" fill="${f}" stroke="${f}" stroke-width="3" stroke-linejoin="round"/>`,
  (f) => `<path d="M32 7 54 14.5V31c0 13.5-9.3 22.6-22 27C19.3 53.6 10 44.5 10 31V14.5z" fill="${f}"/>`,
  (f) =>
    `<path d="${Array.from({ length: 16 }, (_, i) => {
      const r = i % 2 ? 19 : 26;
      const a = (i * Math.PI) / 8 - Math.PI / 2;
      return `${i ? 'L' : 'M'}${(32 + r * Math.cos(a)).toFixed(1)} ${(32 + r * Math.sin(a)).toFixed(1)}`;
    }).join('')}z" fill="${f}" stroke="${f}" stroke-width="2" stroke-linejoin="round"/>`,
];

/** Colours of the words on each theme's footer: the design tokens --text and --text-muted (DESIGN.md). */
const FOOTER_TEXT = { dark: { text: '#e8ecf5', muted: '#9aa4bd' }, light: { text: '#1b2233', muted: '#5b6478' } } as const;
export type TArtTheme = keyof typeof FOOTER_TEXT;

/**
 * Footer provider logo, 240 × 64: an emblem in the provider's colour with its monogram, and a wordmark (the
 * first word large, the rest spaced out beneath) in the theme's text colours, so the words read at 4.5:1 on
 * either footer; a name too long for the space is condensed, never cut.
 */
export function providerLogo(code: string, name: string, colour: string, theme: TArtTheme = 'dark'): string {
  // A near-black brand colour would vanish on the dark footer: it is lifted there.
  const c = theme === 'dark' && luminance(safeColour(colour)) < 0.03 ? shade(safeColour(colour), 56) : safeColour(colour);
  const ink = FOOTER_TEXT[theme];
  const id = `p${code.replace(/[^A-Za-z0-9]/g, '')}`;
  const emblem = EMBLEMS[hashOf(code) % EMBLEMS.length]?.(`url(#${id})`) ?? '';
  const letterInk = luminance(c) > 0.4 ? '#1b2233' : '#fff';
  const words = name.toUpperCase().split(/\s+/).filter(Boolean);
  const [first = '', ...rest] = words;
  const second = rest.join(' ');
  const room = 168;
  // Bold capitals run about 0.68 em wide; the second line also has 2 px of letter spacing per glyph.
  const fit = (text: string, size: number, spacing: number) =>
    text.length * (size * 0.68 + spacing) > room ? ` textLength="${room}" lengthAdjust="spacingAndGlyphs"` : '';
  const size = second ? 23 : 26;
  const wordmark = second
    ? `<text x="68" y="31" ${FONT} font-size="${size}" font-weight="800" fill="${ink.text}"${fit(first, size, 0)}>${escapeXml(first)}</text>
<text x="69" y="53" ${FONT} font-size="15" font-weight="700" letter-spacing="2" fill="${ink.muted}"${fit(second, 15, 2)}>${escapeXml(second)}</text>`
    : `<text x="68" y="42" ${FONT} font-size="${size}" font-weight="800" fill="${ink.text}"${fit(first, size, 0)}>${escapeXml(first)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 64" width="240" height="64" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(c, 36)}"/><stop offset="1" stop-color="${shade(c, -28)}"/></linearGradient></defs>
${emblem}
<text x="32" y="${monogram(name, code).length > 1 ? 39.5 : 41}" text-anchor="middle" ${FONT} font-size="${monogram(name, code).length > 1 ? 19 : 24}" font-weight="900" fill="${letterInk}" letter-spacing=".5">${escapeXml(monogram(name, code))}</text>
${wordmark}
</svg>`;
}

/**
 * Text layout for the words drawn in a reader's language (issue 23). An SVG cannot measure its text, so widths are
 * estimated per character, measured on heavy sans-serif faces in Chromium: capitals about 0.7 em, lower case 0.64 em,
 * ideographs, kana and hangul a full em, a Burmese (or Thai, Devanagari…) letter 0.9 em and its spacing vowel sign
 * (ေ ာ း) 0.5 em, a combining mark nothing. Medium weight (subtitles) takes 0.85 of that for the Latin-like letters.
 */
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u2014\u3000-\u303f\uff01-\uff60]/u;
/** Scripts written without spaces between words: a line may break between any two of their words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Myanmar}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}]/u;
/** Scripts whose marks stack above and below a letter: wider letters, and more room between lines. */
const STACKED = /[\p{Script=Myanmar}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Gurmukhi}\p{Script=Sinhala}]/u;
/** Only letters drawn one by one take letter spacing: it would tear apart joined (Arabic) or clustered (Burmese) ones, and CJK is set solid. */
const SPACEABLE = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]*$/u;

function advance(ch: string, medium: boolean): number {
  if (/[\p{Mn}\p{Me}\p{Cf}]/u.test(ch)) return 0;
  if (WIDE.test(ch)) return 1;
  if (STACKED.test(ch)) return /\p{Mc}/u.test(ch) ? 0.5 : 0.9;
  const latin = ch === ' ' ? 0.3 : /\p{Ll}/u.test(ch) ? 0.64 : 0.7;
  return medium ? latin * 0.85 : latin;
}

/** Estimated width of a text in px at a font size (heavy, or medium weight), with a letter spacing after each glyph. */
export function textWidth(text: string, size: number, spacing = 0, weight: 'heavy' | 'medium' = 'heavy'): number {
  let width = 0;
  for (const ch of text) {
    const a = advance(ch, weight === 'medium');
    if (a > 0) width += a * size + spacing;
  }
  return width;
}

/** The letter spacing a text may take: none for scripts that join or cluster their letters, or CJK. */
export function letterSpacing(text: string, px: number): number {
  return SPACEABLE.test(text) ? px : 0;
}

const spacingAttr = (text: string, px: number) => (letterSpacing(text, px) ? ` letter-spacing="${px}"` : '');

/** Distance between the baselines of two lines: more for scripts that stack marks, and for stacked Vietnamese accents. */
function lineStep(text: string, size: number): number {
  const factor = STACKED.test(text) ? 1.35 : /\p{M}/u.test(text.normalize('NFD')) ? 1.2 : 1.1;
  return Math.round(size * factor);
}

/** A line too wide for its room (one long word) is condensed to fit, never cut. */
function squeeze(width: number, room: number): string {
  return width > room ? ` textLength="${Math.floor(room)}" lengthAdjust="spacingAndGlyphs"` : '';
}

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/**
 * A text cut where a line may break: after a space, and between two words of a script written without spaces
 * (Chinese, Burmese, Thai; found by the word segmenter). Punctuation stays with the word before it, so no line starts
 * with "，" or "—"; an opening bracket goes with the word after it.
 */
export function breakPieces(text: string): string[] {
  const pieces: string[] = [];
  let glue = false;
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    const last = pieces.length - 1;
    const before = pieces[last] ?? '';
    const space = /^\s+$/u.test(segment);
    const opening = !isWordLike && /^[\p{Ps}\p{Pi}]/u.test(segment);
    const breaks =
      last < 0 ||
      (!glue && !space && (/\s$/u.test(before) || (isWordLike && (UNSPACED.test(before.slice(-1)) || UNSPACED.test(segment[0] ?? ''))) || opening));
    if (breaks) pieces.push(segment);
    else pieces[last] = before + segment;
    glue = opening;
  }
  return pieces;
}

/**
 * A text in one line if it fits its room, else in two lines cut where a line may break, as even as can be (the
 * widest of the two as narrow as possible). A text that cannot break stays one line.
 */
export function twoLines(text: string, width: (line: string) => number, room: number): string[] {
  if (width(text) <= room) return [text];
  const pieces = breakPieces(text);
  let best: string[] = [text];
  let widest = Infinity;
  for (let i = 1; i < pieces.length; i++) {
    const lines = [pieces.slice(0, i).join('').trim(), pieces.slice(i).join('').trim()];
    if (lines.some((l) => l === '')) continue;
    const w = Math.max(...lines.map(width));
    if (w < widest) [best, widest] = [lines, w];
  }
  return best;
}

/** Capitals where the script has them, by the language's own rules. */
const capitals = (text: string, tag: string) => text.toLocaleUpperCase(tag);

const BANNERS: { from: string; to: string; motif: 'balls' | 'cards' | 'stars' }[] = [
  { from: '#7a1c1c', to: '#d94a38', motif: 'balls' },
  { from: '#1d1340', to: '#6142bf', motif: 'cards' },
  { from: '#0e1320', to: '#1f6f8b', motif: 'stars' },
];

function motif(kind: 'balls' | 'cards' | 'stars', x: number, y: number): string {
  if (kind === 'balls') {
    const nums = ['07', '18', '25', '33', '42'];
    return nums
      .map(
        (n, i) =>
          `<g transform="translate(${x + i * 86} ${y + (i % 2) * 40})"><circle r="38" fill="#f2c14e"/><circle r="26" fill="#fff"/><text y="10" text-anchor="middle" ${FONT} font-size="28" font-weight="800" fill="#7a1c1c">${n}</text></g>`,
      )
      .join('');
  }
  if (kind === 'cards') {
    return ['A', 'K', '9']
      .map(
        (r, i) =>
          `<g transform="translate(${x + i * 70} ${y - 40}) rotate(${(i - 1) * 12})"><rect width="110" height="160" rx="12" fill="#fff"/><text x="18" y="42" ${FONT} font-size="34" font-weight="800" fill="${i === 1 ? '#111' : '#c62828'}">${r}</text><text x="55" y="110" text-anchor="middle" font-size="54" fill="${i === 1 ? '#111' : '#c62828'}">${i === 1 ? '♠' : '♥'}</text></g>`,
      )
      .join('');
  }
  return Array.from({ length: 9 }, (_, i) => {
    const cx = x + (i % 3) * 110 + (i % 2) * 30;
    const cy = y - 60 + Math.floor(i / 3) * 80;
    return `<circle cx="${cx}" cy="${cy}" r="${10 + (i % 4) * 6}" fill="#f2c14e" opacity="${0.35 + (i % 3) * 0.2}"/>`;
  }).join('');
}

/** Where a banner's motif starts; the words keep left of it, with a margin. */
const MOTIF_X = 760;
const TEXT_X = 80;
const TEXT_ROOM = MOTIF_X - 60 - TEXT_X;
/** Title sizes a banner tries, largest first, until its lines fit beside the motif. */
const TITLE_SIZES = [56, 48] as const;
const SMALLEST_TITLE = 42;

/** The width a banner title's line takes at a size: heavy letters, with 2 px of letter spacing where the script takes it. */
const titleWidth = (size: number) => (line: string) => textWidth(line, size, letterSpacing(line, 2));

/** Lines of a banner title that each fit beside the motif: one line if it fits, else cut in two where a line may break. */
export function bannerTitleLines(title: string, size: number): string[] {
  return twoLines(title, titleWidth(size), TEXT_ROOM);
}

/**
 * A banner title's size and lines: one line at the largest size it fits, else two lines at the largest size they fit,
 * else two lines at the smallest size, condensed.
 */
export function bannerTitle(title: string): { size: number; lines: string[] } {
  for (const size of TITLE_SIZES) if (titleWidth(size)(title) <= TEXT_ROOM) return { size, lines: [title] };
  for (const size of TITLE_SIZES) {
    const lines = bannerTitleLines(title, size);
    if (lines.every((l) => titleWidth(size)(l) <= TEXT_ROOM)) return { size, lines };
  }
  return { size: SMALLEST_TITLE, lines: bannerTitleLines(title, SMALLEST_TITLE) };
}

/** The reader of an artwork's words when none is named: English. */
const ENGLISH: TReader = { language: null, fallback: 'EN' };

/**
 * Hero banner n (1-based), 1200 × 360, in the reader's language (art-words.ts): the title, subtitle and button on the
 * left, never under the motif.
 */
export function banner(n: number, reader: TReader = ENGLISH): string | null {
  const b = BANNERS[n - 1];
  const { tag, words } = artWordsFor(reader);
  const w = words.banners[n - 1];
  if (!b || !w) return null;
  const heading = capitals(w.title, tag);
  const { size, lines } = bannerTitle(heading);
  const step = Math.max(62, lineStep(heading, size));
  const top = lines.length === 1 ? 160 : 128;
  const title = lines
    .map(
      (l, i) =>
        `<text x="${TEXT_X}" y="${top + i * step}" ${FONT} font-size="${size}" font-weight="900" fill="#fff"${spacingAttr(l, 2)}${squeeze(titleWidth(size)(l), TEXT_ROOM)}>${escapeXml(l)}</text>`,
    )
    .join('\n');
  const subtitleY = top + (lines.length - 1) * step + 50;
  const subtitle = `<text x="${TEXT_X + 2}" y="${subtitleY}" ${FONT} font-size="24" font-weight="500" fill="#fff" opacity=".85"${squeeze(textWidth(w.subtitle, 24, 0, 'medium'), TEXT_ROOM - 2)}>${escapeXml(w.subtitle)}</text>`;
  const play = capitals(words.playNow, tag);
  // The button grows with its words (up to 300 px), keeping 24 px on either side.
  const playWidth = textWidth(play, 18);
  const buttonWidth = Math.round(Math.min(300, Math.max(160, playWidth + 48)));
  const button = `<rect x="${TEXT_X + 2}" y="${subtitleY + 30}" width="${buttonWidth}" height="48" rx="24" fill="#f2c14e"/><text x="${TEXT_X + 2 + buttonWidth / 2}" y="${subtitleY + 61}" text-anchor="middle" ${FONT} font-size="18" font-weight="800" fill="#1b2233"${squeeze(playWidth, buttonWidth - 32)}>${escapeXml(play)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 360" width="1200" height="360" role="img" lang="${tag}" aria-label="${escapeXml(w.title)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.from}"/><stop offset="1" stop-color="${b.to}"/></linearGradient></defs>
<rect width="1200" height="360" fill="url(#bg)"/>
<circle cx="1050" cy="-40" r="260" fill="#fff" opacity=".05"/><circle cx="160" cy="420" r="220" fill="#000" opacity=".12"/>
${motif(b.motif, MOTIF_X, 180)}
${title}
${subtitle}
${button}
</svg>`;
}

const PROMOS: { from: string; to: string }[] = [
  { from: '#6142bf', to: '#b36bff' },
  { from: '#0f766e', to: '#2fbf71' },
  { from: '#b45309', to: '#f2c14e' },
  // The demo activities (issue 17, db/seed-activities.ts).
  { from: '#1d4ed8', to: '#38bdf8' },
  { from: '#be185d', to: '#f472b6' },
  { from: '#0f766e', to: '#5eead4' },
  { from: '#7c2d12', to: '#fb923c' },
  { from: '#4338ca', to: '#a78bfa' },
];
/** A promotion's words keep 40 px from either edge. */
const PROMO_ROOM = 600 - 2 * 40;

/** Promotion card art n (1-based), 600 × 300, in the reader's language: the title (in two lines when long) and the figure. */
export function promo(n: number, reader: TReader = ENGLISH): string | null {
  const p = PROMOS[n - 1];
  const { tag, words } = artWordsFor(reader);
  const w = words.promos[n - 1];
  if (!p || !w) return null;
  const heading = capitals(w.title, tag);
  const width = (line: string) => textWidth(line, 30, letterSpacing(line, 2));
  const lines = twoLines(heading, width, PROMO_ROOM);
  const step = lineStep(heading, 30);
  const top = lines.length === 1 ? 120 : 134 - step;
  const title = lines
    .map((l, i) => `<text x="40" y="${top + i * step}" ${FONT} font-size="30" font-weight="800" fill="#fff"${spacingAttr(l, 2)}${squeeze(width(l), PROMO_ROOM)}>${escapeXml(l)}</text>`)
    .join('\n');
  const figure = capitals(w.figure, tag);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 300" width="600" height="300" role="img" lang="${tag}" aria-label="${escapeXml(w.title)}">
<defs><linearGradient id="pg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
<rect width="600" height="300" fill="url(#pg)"/>
<circle cx="520" cy="60" r="140" fill="#fff" opacity=".08"/>
${title}
<text x="40" y="220" ${FONT} font-size="92" font-weight="900" fill="#fff"${squeeze(textWidth(figure, 92), PROMO_ROOM)}>${escapeXml(figure)}</text>
</svg>`;
}

/** The Playhall wordmark. */
export function logo(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 180 40" width="180" height="40" role="img" aria-label="Playhall">
<rect x="2" y="4" width="32" height="32" rx="9" fill="#6142bf"/><path d="M13 12 L26 20 L13 28 Z" fill="#f2c14e"/>
<text x="42" y="29" ${FONT} font-size="24" font-weight="800" fill="#f2c14e" letter-spacing=".5">Playhall</text>
</svg>`;
}

/** A small hash of a text, for choosing a game tile's motif and angle. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

const TILE_MOTIFS = [
  // rings
  (c: string) => `<circle cx="150" cy="40" r="70" fill="none" stroke="#fff" stroke-opacity=".14" stroke-width="14"/><circle cx="30" cy="170" r="46" fill="${c}" opacity=".35"/>`,
  // diamonds
  () => `<path d="M100 18l34 34-34 34-34-34z" fill="#fff" opacity=".13"/><path d="M160 90l22 22-22 22-22-22z" fill="#fff" opacity=".1"/><path d="M36 96l18 18-18 18-18-18z" fill="#fff" opacity=".08"/>`,
  // waves
  () => `<path d="M0 150q50-34 100 0t100 0v50H0z" fill="#fff" opacity=".1"/><path d="M0 170q50-30 100 0t100 0v30H0z" fill="#fff" opacity=".12"/>`,
  // rays
  () => `<g opacity=".1" fill="#fff">${Array.from({ length: 8 }, (_, i) => `<path d="M100 70L${100 + 140 * Math.cos((i * Math.PI) / 4)} ${70 + 140 * Math.sin((i * Math.PI) / 4)}L${100 + 140 * Math.cos((i * Math.PI) / 4 + 0.2)} ${70 + 140 * Math.sin((i * Math.PI) / 4 + 0.2)}z"/>`).join('')}</g>`,
  // coins
  () => `<g fill="#ffd36b" opacity=".35"><circle cx="40" cy="40" r="16"/><circle cx="160" cy="56" r="11"/><circle cx="150" cy="150" r="18"/></g>`,
];

/** A game tile's words keep 16 px from either edge. */
const TILE_ROOM = 200 - 2 * 16;

/**
 * A game tile (catalogue cards): the vendor's colour, a motif of the game's own, the title and vendor. The name comes
 * in the reader's language (art.routes.ts): one line at 24 px if it fits, else two lines cut where a line may break
 * (between words, or between any two words of Chinese or Burmese), at 20 px when 24 is too wide, condensed if still so.
 */
export function gameTile(gameId: string, name: string, vendorName: string, colour: string): string {
  const c = safeColour(colour);
  const h = hashOf(gameId);
  const motif = TILE_MOTIFS[h % TILE_MOTIFS.length]?.(shade(c, 60)) ?? '';
  const id = `t${h.toString(36)}`;
  const lines = twoLines(name, (l) => textWidth(l, 24), TILE_ROOM);
  const size = lines.every((l) => textWidth(l, 24) <= TILE_ROOM) ? 24 : 20;
  const step = Math.max(size + 4, lineStep(name, size));
  const top = lines.length === 1 ? 116 : 104;
  const text = lines
    .map(
      (l, i) =>
        `<text x="100" y="${top + i * step}" text-anchor="middle" ${FONT} font-size="${size}" font-weight="800" fill="#fff"${squeeze(textWidth(l, size), TILE_ROOM)}>${escapeXml(l)}</text>`,
    )
    .join('');
  const vendor = vendorName.toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="${id}" x1="0" y1="0" x2="${h % 2}" y2="1"><stop offset="0" stop-color="${shade(c, 50)}"/><stop offset="1" stop-color="${shade(c, -60)}"/></linearGradient></defs>
<rect width="200" height="200" rx="24" fill="url(#${id})"/>
${motif}
${text}
<text x="100" y="178" text-anchor="middle" ${FONT} font-size="12" font-weight="600" fill="#fff" opacity=".8"${spacingAttr(vendor, 1)}${squeeze(textWidth(vendor, 12, letterSpacing(vendor, 1)), TILE_ROOM)}>${escapeXml(vendor)}</text>
</svg>`;
}
