import { coin, lin, mark, rad, rank, shadow, sparkles, star, tile, type TSlotArt } from './kit.ts';

/** Dragon Pearl: imperial red and gold, jade dragon, a pearl in flames. */
const S = 'dp-sh';
const card = (letter: string, fill: string) =>
  rank(letter, { fill, stroke: '#4a0a0a', font: "Georgia, 'Times New Roman', serif", shadow: S, ornament: '<path d="M38 84 q12 -8 24 0" fill="none" stroke="#f6c453" stroke-width="3" stroke-linecap="round"/>' });

export const art: TSlotArt = {
  defs: [
    lin('dp-gold', ['#fff1b0', '#f6c453', '#a0600a']),
    lin('dp-red', ['#ff7a6b', '#d7261e', '#6e0b0b']),
    lin('dp-jade', ['#b8f5d0', '#2fae6e', '#0b5a34']),
    lin('dp-blue', ['#a8dcff', '#2f7de0', '#123f8a']),
    lin('dp-plum', ['#e6a8ff', '#9b3fd0', '#4a1470']),
    rad('dp-pearl', ['#ffffff', '#f3ecff', '#b9a8e0']),
    rad('dp-fire', ['#fff3a0', '#ff9a2e', '#d7261e']),
    shadow(S),
  ].join(''),
  symbols: {
    dragon:
      `<g filter="url(#${S})"><path d="M18 78 C10 52 30 40 44 46 C58 52 66 40 60 28 C72 30 84 44 78 60 C72 76 52 70 44 62 C38 70 30 78 18 78Z" fill="url(#dp-jade)" stroke="#0b3d22" stroke-width="2.5" stroke-linejoin="round"/>` +
      '<path d="M60 28 L54 12 L66 22 L74 10 L74 26" fill="url(#dp-gold)" stroke="#6b4208" stroke-width="2" stroke-linejoin="round"/>' +
      '<circle cx="68" cy="38" r="4.5" fill="#fff"/><circle cx="69" cy="38" r="2.2" fill="#d7261e"/>' +
      '<path d="M78 52 q10 2 14 -4 M78 56 q8 6 14 4" stroke="url(#dp-gold)" stroke-width="3" fill="none" stroke-linecap="round"/>' +
      '<path d="M26 64 l6 -6 M34 60 l6 -6 M44 54 l4 -6" stroke="#b8f5d0" stroke-width="2.5" stroke-linecap="round"/></g>',
    pearl:
      `<g filter="url(#${S})"><path d="M50 10 C58 22 76 24 74 44 C86 40 88 58 80 68 H20 C12 58 14 40 26 44 C24 24 42 22 50 10Z" fill="url(#dp-fire)" opacity=".9"/>` +
      '<circle cx="50" cy="56" r="24" fill="url(#dp-pearl)" stroke="#8f7bc4" stroke-width="2"/><ellipse cx="42" cy="47" rx="7" ry="4" fill="#fff" transform="rotate(-30 42 47)"/>' +
      '<path d="M22 86 q28 -12 56 0" stroke="url(#dp-gold)" stroke-width="5" fill="none" stroke-linecap="round"/></g>',
    phoenix:
      `<g filter="url(#${S})"><path d="M50 70 C30 70 22 52 28 40 C36 46 44 48 50 44 C56 48 64 46 72 40 C78 52 70 70 50 70Z" fill="url(#dp-red)" stroke="#5a0707" stroke-width="2"/>` +
      '<path d="M50 44 C46 32 50 20 60 16 C58 24 62 28 58 36Z" fill="url(#dp-fire)" stroke="#8a2a05" stroke-width="2"/><circle cx="56" cy="24" r="2" fill="#2b0606"/><path d="M61 22 l7 2 -7 3z" fill="url(#dp-gold)"/>' +
      '<path d="M40 68 C30 80 22 86 12 88 M50 70 C50 82 46 90 40 94 M60 68 C70 80 80 86 90 86" stroke="url(#dp-gold)" stroke-width="4" fill="none" stroke-linecap="round"/>' +
      '<path d="M28 40 C18 34 10 22 12 12 C22 22 30 26 36 30 M72 40 C82 34 90 22 88 12 C78 22 70 26 64 30" fill="url(#dp-fire)" stroke="#8a2a05" stroke-width="1.5"/></g>',
    lantern:
      `<g filter="url(#${S})"><path d="M50 6 v8" stroke="#6b4208" stroke-width="3"/><rect x="36" y="14" width="28" height="8" rx="2" fill="url(#dp-gold)" stroke="#6b4208" stroke-width="2"/>` +
      '<ellipse cx="50" cy="46" rx="30" ry="26" fill="url(#dp-red)" stroke="#5a0707" stroke-width="2.5"/>' +
      '<path d="M50 20 v52 M36 22 q-10 24 0 48 M64 22 q10 24 0 48" stroke="#f6c453" stroke-width="2" fill="none" opacity=".8"/>' +
      '<rect x="36" y="70" width="28" height="8" rx="2" fill="url(#dp-gold)" stroke="#6b4208" stroke-width="2"/><path d="M44 78 v14 M50 78 v16 M56 78 v14" stroke="url(#dp-gold)" stroke-width="3" stroke-linecap="round"/></g>',
    coin: `<g filter="url(#${S})">${coin('dp-gold', '#6b4208', '<rect x="42" y="40" width="16" height="16" fill="#7a1010" stroke="#6b4208" stroke-width="2"/><path d="M30 48 h8 M62 48 h8 M50 22 v14 M50 60 v14" stroke="#6b4208" stroke-width="3" stroke-linecap="round"/>')}</g>`,
    A: card('A', 'dp-red'),
    K: card('K', 'dp-jade'),
    Q: card('Q', 'dp-blue'),
    J: card('J', 'dp-plum'),
    wild:
      tile('url(#dp-red)', 'url(#dp-gold)', 4) +
      `<g filter="url(#${S})"><circle cx="50" cy="42" r="26" fill="none" stroke="url(#dp-gold)" stroke-width="3"/><text x="50" y="55" text-anchor="middle" font-family="'Noto Serif CJK SC', serif" font-weight="900" font-size="36" fill="url(#dp-gold)" stroke="#4a0a0a" stroke-width="2" paint-order="stroke">龍</text></g>` +
      mark('WILD', '#fff1b0', '#6e0b0b'),
    scatter:
      `<circle cx="50" cy="44" r="38" fill="url(#dp-fire)" opacity=".35"/><g filter="url(#${S})"><polygon points="${star(50, 42, 32, 14, 8)}" fill="url(#dp-gold)" stroke="#6b4208" stroke-width="2"/>` +
      '<circle cx="50" cy="42" r="14" fill="url(#dp-pearl)" stroke="#8f7bc4" stroke-width="1.5"/></g>' +
      mark('SCATTER', '#fff1b0', '#6e0b0b'),
  },
  logo:
    '<circle cx="32" cy="32" r="28" fill="#d7261e" stroke="#f6c453" stroke-width="4"/><circle cx="32" cy="32" r="12" fill="#fff" stroke="#f6c453" stroke-width="3"/><path d="M12 40 q10 -18 20 -8 q10 10 20 -10" stroke="#2fae6e" stroke-width="5" fill="none" stroke-linecap="round"/>',
  backdrop:
    '<rect width="800" height="500" fill="#3a0606"/><g fill="none" stroke="#f6c453" stroke-opacity=".12" stroke-width="3">' +
    Array.from({ length: 9 }, (_, i) => `<path d="M${i * 100 - 40} 500 q50 -60 100 0 q50 60 100 0"/><path d="M${i * 100 - 40} 40 q50 -60 100 0"/>`).join('') +
    `</g>${sparkles(40, '#f6c453', 11)}`,
  theme: {
    frame: 'linear-gradient(180deg, #f6c453, #a0600a 45%, #f6c453)',
    reels: 'linear-gradient(180deg, #4a0909, #7a1212 50%, #4a0909)',
    marquee: 'linear-gradient(180deg, #b01515, #5a0707)',
    ink: '#fff1b0',
    accent: '#f6c453',
    glow: 'rgb(215 38 30 / 45%)',
    font: "Georgia, 'Times New Roman', serif",
  },
};
