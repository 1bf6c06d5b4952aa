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

/** Footer provider logo: a wordmark on a pill in the provider's colour; long names are condensed to fit. */
export function providerLogo(name: string, colour: string): string {
  const c = safeColour(colour);
  const label = name.toUpperCase();
  // Bold capitals run about 0.7 em wide; past the pill's inner width the glyphs are condensed, not shrunk.
  const fit = label.length * 0.7 * 20 > 176 ? ' textLength="176" lengthAdjust="spacingAndGlyphs"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 64" width="200" height="64" role="img" aria-label="${escapeXml(name)}">
<rect x="1" y="1" width="198" height="62" rx="14" fill="${c}"/>
<rect x="1" y="1" width="198" height="31" rx="14" fill="#fff" opacity=".07"/>
<text x="100" y="39" text-anchor="middle" ${FONT} font-size="20" font-weight="800" fill="#fff"${fit}>${escapeXml(label)}</text>
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

/** Hero banner n (1-based), 1200 × 360. */
export function banner(n: number): string | null {
  const b = BANNERS[n - 1];
  if (!b) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 360" width="1200" height="360" role="img" aria-label="${escapeXml(b.title)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.from}"/><stop offset="1" stop-color="${b.to}"/></linearGradient></defs>
<rect width="1200" height="360" fill="url(#bg)"/>
<circle cx="1050" cy="-40" r="260" fill="#fff" opacity=".05"/><circle cx="160" cy="420" r="220" fill="#000" opacity=".12"/>
${motif(b.motif, 720, 180)}
<text x="80" y="160" ${FONT} font-size="56" font-weight="900" fill="#fff" letter-spacing="2">${escapeXml(b.title)}</text>
<text x="82" y="210" ${FONT} font-size="24" font-weight="500" fill="#fff" opacity=".85">${escapeXml(b.subtitle)}</text>
<rect x="82" y="240" width="160" height="48" rx="24" fill="#f2c14e"/><text x="162" y="271" text-anchor="middle" ${FONT} font-size="18" font-weight="800" fill="#1b2233">PLAY NOW</text>
</svg>`;
}

const PROMOS: { title: string; figure: string; from: string; to: string }[] = [
  { title: 'FIRST DEPOSIT', figure: '100%', from: '#6142bf', to: '#b36bff' },
  { title: 'DAILY REBATE', figure: '1.2%', from: '#0f766e', to: '#2fbf71' },
  { title: 'INVITE FRIENDS', figure: '+VIP', from: '#b45309', to: '#f2c14e' },
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
