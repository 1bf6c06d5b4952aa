import type { TSymbol } from './slot-rules.ts';

/**
 * Lucky Crown's artwork, drawn in code: one 100 × 100 SVG per symbol. The gradients live once in the page
 * (`SLOT_DEFS`) and every symbol refers to them.
 */
const stops = (id: string, colours: string[], horizontal = false) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${horizontal ? 1 : 0}" y2="${horizontal ? 0 : 1}">${colours
    .map((c, i) => `<stop offset="${i / (colours.length - 1)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

export const SLOT_DEFS = [
  stops('lc-gold', ['#fff4b8', '#f2c14e', '#a86d0c']),
  stops('lc-purple', ['#9b7bff', '#6142bf', '#2d1870']),
  stops('lc-red', ['#ff8a8a', '#e2323f', '#8e0f1b']),
  stops('lc-blue', ['#9ad4ff', '#2f7de0', '#123f8a']),
  stops('lc-green', ['#a5f5c4', '#2fbf71', '#0d6b3a']),
  stops('lc-orange', ['#ffd29a', '#f08a24', '#a14a06']),
  stops('lc-ice', ['#e9fdff', '#6fd6f2', '#1c7fb0']),
  stops('lc-pink', ['#ffd1ec', '#ff5fb4', '#a3126a']),
  '<radialGradient id="lc-glow"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>',
  '<filter id="lc-shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="2" stdDeviation="1.6" flood-color="#000" flood-opacity=".55"/></filter>',
].join('');

const royal = (letter: string, fill: string, gem: string) =>
  `<g filter="url(#lc-shadow)"><text x="50" y="72" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-weight="900" font-size="66" fill="url(#${fill})" stroke="#1b1030" stroke-width="2.5" paint-order="stroke">${letter}</text>` +
  `<path d="M50 80 l6 6 -6 6 -6 -6z" fill="url(#${gem})" stroke="#1b1030" stroke-width="1.2"/></g>`;

const star = (cx: number, cy: number, outer: number, inner: number, points: number) =>
  Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');

export const SYMBOL_ART: Record<TSymbol, string> = {
  W:
    '<rect x="6" y="6" width="88" height="88" rx="16" fill="url(#lc-purple)" stroke="url(#lc-gold)" stroke-width="3"/>' +
    '<g filter="url(#lc-shadow)"><path d="M20 60 L24 26 L38 42 L50 18 L62 42 L76 26 L80 60 Z" fill="url(#lc-gold)" stroke="#6b4208" stroke-width="2" stroke-linejoin="round"/>' +
    '<rect x="20" y="58" width="60" height="11" rx="3" fill="url(#lc-gold)" stroke="#6b4208" stroke-width="2"/>' +
    '<circle cx="24" cy="25" r="4" fill="url(#lc-gold)"/><circle cx="50" cy="17" r="4.5" fill="url(#lc-gold)"/><circle cx="76" cy="25" r="4" fill="url(#lc-gold)"/>' +
    '<circle cx="38" cy="63.5" r="3" fill="#e2323f"/><circle cx="50" cy="63.5" r="3.4" fill="#2f7de0"/><circle cx="62" cy="63.5" r="3" fill="#2fbf71"/></g>' +
    '<text x="50" y="88" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="900" font-size="15" letter-spacing="2" fill="#fff" stroke="#2d1870" stroke-width="3" paint-order="stroke">WILD</text>',
  S:
    `<circle cx="50" cy="46" r="40" fill="url(#lc-glow)" opacity=".35"/><polygon points="${star(50, 45, 36, 15, 5)}" fill="url(#lc-pink)" stroke="#fff" stroke-width="2.5" stroke-linejoin="round" filter="url(#lc-shadow)"/>` +
    `<polygon points="${star(50, 45, 16, 7, 5)}" fill="url(#lc-gold)"/>` +
    '<text x="50" y="92" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="900" font-size="12" letter-spacing="1.5" fill="#fff" stroke="#a3126a" stroke-width="3" paint-order="stroke">SCATTER</text>',
  C:
    '<g filter="url(#lc-shadow)"><path d="M24 16 H76 Q78 50 50 58 Q22 50 24 16 Z" fill="url(#lc-gold)" stroke="#6b4208" stroke-width="2" stroke-linejoin="round"/>' +
    '<path d="M30 22 H70" stroke="#fff8d0" stroke-width="3" stroke-linecap="round" opacity=".8"/>' +
    '<rect x="45" y="56" width="10" height="18" fill="url(#lc-gold)" stroke="#6b4208" stroke-width="2"/>' +
    '<ellipse cx="50" cy="80" rx="21" ry="7" fill="url(#lc-gold)" stroke="#6b4208" stroke-width="2"/>' +
    '<circle cx="50" cy="36" r="7" fill="url(#lc-red)" stroke="#6b4208" stroke-width="1.5"/><circle cx="35" cy="34" r="3.5" fill="url(#lc-blue)"/><circle cx="65" cy="34" r="3.5" fill="url(#lc-blue)"/></g>',
  D:
    '<g filter="url(#lc-shadow)"><polygon points="28,22 72,22 88,40 50,88 12,40" fill="url(#lc-ice)" stroke="#0d4a6e" stroke-width="2" stroke-linejoin="round"/>' +
    '<path d="M12 40 H88 M28 22 L40 40 L50 22 L60 40 L72 22 M40 40 L50 88 L60 40" fill="none" stroke="#0d4a6e" stroke-width="1.5" stroke-linejoin="round" opacity=".7"/>' +
    '<polygon points="30,26 44,26 38,36" fill="#fff" opacity=".7"/></g>',
  B:
    '<g filter="url(#lc-shadow)"><circle cx="50" cy="15" r="5" fill="url(#lc-gold)" stroke="#6b4208" stroke-width="2"/>' +
    '<path d="M50 19 C32 19 28 36 28 50 C28 64 20 68 17 76 H83 C80 68 72 64 72 50 C72 36 68 19 50 19 Z" fill="url(#lc-gold)" stroke="#6b4208" stroke-width="2" stroke-linejoin="round"/>' +
    '<path d="M38 30 C34 38 34 48 35 58" stroke="#fff8d0" stroke-width="4" stroke-linecap="round" fill="none" opacity=".7"/>' +
    '<rect x="15" y="74" width="70" height="7" rx="3.5" fill="url(#lc-orange)" stroke="#6b4208" stroke-width="2"/>' +
    '<circle cx="50" cy="87" r="6" fill="url(#lc-gold)" stroke="#6b4208" stroke-width="2"/></g>',
  A: royal('A', 'lc-red', 'lc-gold'),
  K: royal('K', 'lc-blue', 'lc-gold'),
  Q: royal('Q', 'lc-green', 'lc-gold'),
  J: royal('J', 'lc-orange', 'lc-gold'),
};

/** The page's logo: the wild crown on its own. */
export const SLOT_LOGO =
  '<defs><linearGradient id="lc-logo" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff4b8"/><stop offset=".5" stop-color="#f2c14e"/><stop offset="1" stop-color="#a86d0c"/></linearGradient></defs>' +
  '<path d="M8 46 L12 16 L24 30 L32 8 L40 30 L52 16 L56 46 Z" fill="url(#lc-logo)" stroke="#6b4208" stroke-width="2.5" stroke-linejoin="round"/>' +
  '<rect x="8" y="44" width="48" height="10" rx="3" fill="url(#lc-logo)" stroke="#6b4208" stroke-width="2.5"/><circle cx="32" cy="49" r="3" fill="#e2323f"/>';
