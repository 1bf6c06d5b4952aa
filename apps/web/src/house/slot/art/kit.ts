/**
 * The drawing kit of the slot titles' artwork: every title module (`art/<id>.ts`, lazy-loaded by the page) builds
 * its symbols, frame and backdrop from these few helpers, so each stays a few kB. Symbols are 100 × 100 SVG
 * markup; gradients and filters are declared once per page in the title's `defs` under the title's own prefix.
 */

/** What a title's art module exports: the page draws the machine from it. */
export interface TSlotArt {
  /** Gradients and filters, inserted once into the page. */
  defs: string;
  /** Markup per symbol id (viewBox 0 0 100 100). */
  symbols: Record<string, string>;
  /** The top bar's logo (viewBox 0 0 64 64). */
  logo: string;
  /** Behind the machine (viewBox 0 0 800 500, stretched): the title's scenery. */
  backdrop: string;
  /** Colours of the cabinet (CSS values). */
  theme: {
    /** The frame around the reels. */
    frame: string;
    /** The reels' window. */
    reels: string;
    /** The marquee's background and its text colour. */
    marquee: string;
    ink: string;
    /** Win highlights, line colours' first pick, the counters. */
    accent: string;
    /** The glow around the cabinet. */
    glow: string;
    /** The marquee's lettering. */
    font: string;
  };
}

/** A linear gradient from top to bottom (or left to right). */
export const lin = (id: string, colours: readonly string[], horizontal = false): string =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${horizontal ? 1 : 0}" y2="${horizontal ? 0 : 1}">${colours
    .map((c, i) => `<stop offset="${(i / Math.max(1, colours.length - 1)).toFixed(2)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;

/** A radial gradient, light from the upper left. */
export const rad = (id: string, colours: readonly string[]): string =>
  `<radialGradient id="${id}" cx=".38" cy=".32" r=".75">${colours
    .map((c, i) => `<stop offset="${(i / Math.max(1, colours.length - 1)).toFixed(2)}" stop-color="${c}"/>`)
    .join('')}</radialGradient>`;

/** A soft drop shadow under a symbol. */
export const shadow = (id: string): string =>
  `<filter id="${id}" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="2" stdDeviation="1.6" flood-color="#000" flood-opacity=".5"/></filter>`;

/** Points of a star polygon. */
export const star = (cx: number, cy: number, outer: number, inner: number, points: number): string =>
  Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / points - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');

/** Points of a regular polygon. */
export const polygon = (cx: number, cy: number, r: number, sides: number, turn = 0): string =>
  Array.from({ length: sides }, (_, i) => {
    const a = (2 * Math.PI * i) / sides - Math.PI / 2 + turn;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');

/** A card rank (A, K, Q, J, 10) in the title's lettering and colours, with a small ornament under it. */
export function rank(letter: string, o: { fill: string; stroke: string; font: string; shadow: string; ornament?: string; weight?: number }): string {
  const size = letter.length > 1 ? 50 : 64;
  return `<g filter="url(#${o.shadow})"><text x="50" y="${letter.length > 1 ? 67 : 72}" text-anchor="middle" font-family="${o.font}" font-weight="${o.weight ?? 900}" font-size="${size}" fill="url(#${o.fill})" stroke="${o.stroke}" stroke-width="3" paint-order="stroke"${letter.length > 1 ? ' letter-spacing="-3"' : ''}>${letter}</text>${o.ornament ?? ''}</g>`;
}

/**
 * The mark of a special symbol (WILD, SCATTER, BONUS) across its foot: the same short word in every language,
 * as on the machines of this market, so the player recognises the specials at a glance.
 */
export function mark(text: string, fill: string, stroke: string, y = 89): string {
  const size = text.length > 5 ? 13 : 16;
  return `<text x="50" y="${y}" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="900" font-size="${size}" letter-spacing="1.5" fill="${fill}" stroke="${stroke}" stroke-width="3.5" paint-order="stroke">${text}</text>`;
}

/** A rounded tile behind a special symbol. */
export const tile = (fill: string, stroke: string, strokeWidth = 3): string =>
  `<rect x="6" y="6" width="88" height="88" rx="16" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"/>`;

/** A cut gem: a faceted polygon with a highlight. */
export function gem(sides: number, fill: string, edge: string, shade: string, turn = 0, r = 36): string {
  const outer = polygon(50, 48, r, sides, turn);
  const inner = polygon(50, 48, r * 0.55, sides, turn);
  const o = outer.split(' ');
  const i = inner.split(' ');
  const facets = o.map((p, k) => `M${p} L${i[k]}`).join(' ');
  return `<polygon points="${outer}" fill="url(#${fill})" stroke="${edge}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<polygon points="${inner}" fill="url(#${shade})" opacity=".55" stroke="${edge}" stroke-width="1"/>` +
    `<path d="${facets}" stroke="${edge}" stroke-width="1" opacity=".6"/>` +
    `<ellipse cx="40" cy="34" rx="8" ry="4" fill="#fff" opacity=".55" transform="rotate(-30 40 34)"/>`;
}

/** A round coin with a square hole or an emblem. */
export const coin = (fill: string, edge: string, emblem: string): string =>
  `<circle cx="50" cy="48" r="36" fill="url(#${fill})" stroke="${edge}" stroke-width="3"/><circle cx="50" cy="48" r="27" fill="none" stroke="${edge}" stroke-width="1.5" opacity=".7"/>${emblem}`;

/** Scattered dots and sparkles for a backdrop (deterministic: the same picture every time). */
export function sparkles(count: number, colour: string, seed = 7): string {
  let x = seed;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  return Array.from({ length: count }, () => {
    const cx = (next() * 800).toFixed(0), cy = (next() * 500).toFixed(0), r = (0.8 + next() * 2.4).toFixed(1), o = (0.25 + next() * 0.6).toFixed(2);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}" opacity="${o}"/>`;
  }).join('');
}
