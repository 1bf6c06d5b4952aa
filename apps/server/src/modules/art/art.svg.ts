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

const BANNERS: { title: string; subtitle: string; from: string; to: string; motif: 'balls' | 'cards' | 'stars' }[] = [
  { title: 'VIETNAMESE LOTTERY', subtitle: 'North · Central · South — every evening', from: '#7a1c1c', to: '#d94a38', motif: 'balls' },
  { title: 'LIVE BACCARAT', subtitle: 'Provably fair — check every round', from: '#1d1340', to: '#6142bf', motif: 'cards' },
  { title: 'WELCOME TO PLAYHALL', subtitle: 'Seven game categories, one wallet', from: '#0e1320', to: '#1f6f8b', motif: 'stars' },
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

/** Lines of a banner title that each fit beside the motif: one line if it fits, else words split in two. */
export function bannerTitleLines(title: string, size: number): string[] {
  // Heavy capitals run about 0.7 em wide, plus the 2 px letter spacing.
  const width = (text: string) => text.length * (size * 0.7 + 2);
  if (width(title) <= TEXT_ROOM) return [title];
  const words = title.split(' ');
  let best: string[] = [title];
  let widest = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const w = Math.max(...lines.map(width));
    if (w < widest) [best, widest] = [lines, w];
  }
  return best;
}

/** Hero banner n (1-based), 1200 × 360: the title, subtitle and button on the left, never under the motif. */
export function banner(n: number): string | null {
  const b = BANNERS[n - 1];
  if (!b) return null;
  const size = 56;
  const lines = bannerTitleLines(b.title, size);
  // A line still too wide for its room (one long word) is condensed to fit.
  const fit = (text: string, em: number, spacing: number) =>
    text.length * (em * 0.7 + spacing) > TEXT_ROOM ? ` textLength="${TEXT_ROOM}" lengthAdjust="spacingAndGlyphs"` : '';
  const top = lines.length === 1 ? 160 : 128;
  const title = lines
    .map((l, i) => `<text x="${TEXT_X}" y="${top + i * 62}" ${FONT} font-size="${size}" font-weight="900" fill="#fff" letter-spacing="2"${fit(l, size, 2)}>${escapeXml(l)}</text>`)
    .join('\n');
  const subtitleY = top + (lines.length - 1) * 62 + 50;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 360" width="1200" height="360" role="img" aria-label="${escapeXml(b.title)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.from}"/><stop offset="1" stop-color="${b.to}"/></linearGradient></defs>
<rect width="1200" height="360" fill="url(#bg)"/>
<circle cx="1050" cy="-40" r="260" fill="#fff" opacity=".05"/><circle cx="160" cy="420" r="220" fill="#000" opacity=".12"/>
${motif(b.motif, MOTIF_X, 180)}
${title}
<text x="${TEXT_X + 2}" y="${subtitleY}" ${FONT} font-size="24" font-weight="500" fill="#fff" opacity=".85"${fit(b.subtitle, 24 * 0.8, 0)}>${escapeXml(b.subtitle)}</text>
<rect x="${TEXT_X + 2}" y="${subtitleY + 30}" width="160" height="48" rx="24" fill="#f2c14e"/><text x="${TEXT_X + 82}" y="${subtitleY + 61}" text-anchor="middle" ${FONT} font-size="18" font-weight="800" fill="#1b2233">PLAY NOW</text>
</svg>`;
}

const PROMOS: { title: string; figure: string; from: string; to: string }[] = [
  { title: 'FIRST DEPOSIT', figure: '100%', from: '#6142bf', to: '#b36bff' },
  { title: 'DAILY REBATE', figure: '1.2%', from: '#0f766e', to: '#2fbf71' },
  { title: 'INVITE FRIENDS', figure: '+VIP', from: '#b45309', to: '#f2c14e' },
  // The demo activities (issue 17, db/seed-activities.ts).
  { title: 'RELOAD BONUS', figure: '50%', from: '#1d4ed8', to: '#38bdf8' },
  { title: 'DAILY CHECK-IN', figure: '7 DAYS', from: '#be185d', to: '#f472b6' },
  { title: 'WEEKLY CASHBACK', figure: '5%', from: '#0f766e', to: '#5eead4' },
  { title: 'TURNOVER TIERS', figure: '3 TIERS', from: '#7c2d12', to: '#fb923c' },
  { title: 'SHARE YOUR WIN', figure: '50K', from: '#4338ca', to: '#a78bfa' },
];

/** Promotion card art n (1-based), 600 × 300. */
export function promo(n: number): string | null {
  const p = PROMOS[n - 1];
  if (!p) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 300" width="600" height="300" role="img" aria-label="${escapeXml(p.title)}">
<defs><linearGradient id="pg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
<rect width="600" height="300" fill="url(#pg)"/>
<circle cx="520" cy="60" r="140" fill="#fff" opacity=".08"/>
<text x="40" y="120" ${FONT} font-size="30" font-weight="800" fill="#fff" letter-spacing="2">${escapeXml(p.title)}</text>
<text x="40" y="220" ${FONT} font-size="92" font-weight="900" fill="#fff">${escapeXml(p.figure)}</text>
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

/** A game tile (catalogue cards): the vendor's colour, a motif of the game's own, the title and vendor. */
export function gameTile(gameId: string, name: string, vendorName: string, colour: string): string {
  const c = safeColour(colour);
  const h = hashOf(gameId);
  const motif = TILE_MOTIFS[h % TILE_MOTIFS.length]?.(shade(c, 60)) ?? '';
  const id = `t${h.toString(36)}`;
  const words = name.split(' ');
  const lines = name.length > 12 && words.length > 1 ? [words.slice(0, Math.ceil(words.length / 2)).join(' '), words.slice(Math.ceil(words.length / 2)).join(' ')] : [name];
  const size = Math.max(...lines.map((l) => l.length)) > 11 ? 20 : 24;
  const text = lines
    .map((l, i) => `<text x="100" y="${(lines.length === 1 ? 116 : 104) + i * (size + 4)}" text-anchor="middle" ${FONT} font-size="${size}" font-weight="800" fill="#fff">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="${id}" x1="0" y1="0" x2="${h % 2}" y2="1"><stop offset="0" stop-color="${shade(c, 50)}"/><stop offset="1" stop-color="${shade(c, -60)}"/></linearGradient></defs>
<rect width="200" height="200" rx="24" fill="url(#${id})"/>
${motif}
${text}
<text x="100" y="178" text-anchor="middle" ${FONT} font-size="12" font-weight="600" fill="#fff" opacity=".8" letter-spacing="1">${escapeXml(vendorName.toUpperCase())}</text>
</svg>`;
}
