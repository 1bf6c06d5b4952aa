import { lin, mark, rad, shadow, sparkles, star, tile, type TSlotArt } from './kit.ts';

/** Candy Burst: pastel sweets on a pink-and-mint candy shop wall, round shiny shapes. */
const S = 'cb-sh';
const shine = '<ellipse cx="38" cy="32" rx="9" ry="5" fill="#fff" opacity=".6" transform="rotate(-30 38 32)"/>';

export const art: TSlotArt = {
  defs: [
    lin('cb-pink', ['#ffe0f0', '#ff6fb5', '#b8226e']),
    lin('cb-mint', ['#e0fff4', '#4fe0b0', '#138a66']),
    lin('cb-lemon', ['#fffbd0', '#ffd93c', '#c28a06']),
    lin('cb-grape', ['#efe0ff', '#a770ff', '#5a24b0']),
    lin('cb-orange', ['#ffe6cc', '#ff9a3c', '#b85606']),
    lin('cb-choc', ['#c48a60', '#7a4626', '#3e1e0a']),
    lin('cb-berry', ['#ffd0d6', '#ff3b5c', '#9a0a24']),
    rad('cb-ball', ['#ffffff', '#ff8fc6', '#c8267a']),
    shadow(S),
  ].join(''),
  symbols: {
    lollipop:
      `<g filter="url(#${S})"><path d="M50 58 V94" stroke="#f4f0e8" stroke-width="6" stroke-linecap="round"/><circle cx="50" cy="36" r="28" fill="url(#cb-pink)" stroke="#8a1650" stroke-width="2.5"/>` +
      '<path d="M50 36 m0 -20 a20 20 0 1 1 -20 20 a14 14 0 1 1 14 -14 a8 8 0 1 1 -8 8" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/></g>',
    cupcake:
      `<g filter="url(#${S})"><path d="M24 54 H76 L68 90 H32Z" fill="url(#cb-mint)" stroke="#0d5a40" stroke-width="2.5"/><path d="M36 56 L40 88 M50 56 V88 M64 56 L60 88" stroke="#0d5a40" stroke-width="2"/>` +
      '<path d="M20 56 C14 44 26 34 34 38 C34 24 52 20 58 30 C66 22 84 30 78 44 C86 48 82 58 76 56Z" fill="url(#cb-pink)" stroke="#8a1650" stroke-width="2.5"/><circle cx="54" cy="20" r="7" fill="url(#cb-berry)" stroke="#6a0618" stroke-width="2"/>' +
      '<path d="M34 46 l4 2 M50 40 l2 4 M64 46 l-3 3" stroke="#ffd93c" stroke-width="3" stroke-linecap="round"/></g>',
    donut:
      `<g filter="url(#${S})"><circle cx="50" cy="50" r="38" fill="url(#cb-orange)" stroke="#7a3a06" stroke-width="2.5"/><path d="M16 48 C20 26 40 14 58 16 C76 20 88 36 84 54 C78 50 72 58 66 54 C60 62 52 54 46 60 C40 52 30 60 26 52 C22 56 18 52 16 48Z" fill="url(#cb-grape)" stroke="#4a1a90" stroke-width="2"/>` +
      '<circle cx="50" cy="48" r="12" fill="#3a1a4a" stroke="#4a1a90" stroke-width="2.5"/><path d="M30 34 l4 -2 M42 26 l4 2 M64 28 l2 4 M72 42 l4 -1 M36 52 l1 4" stroke="#fffbd0" stroke-width="3" stroke-linecap="round"/></g>',
    gummy:
      `<g filter="url(#${S})"><circle cx="34" cy="22" r="9" fill="url(#cb-berry)" stroke="#6a0618" stroke-width="2"/><circle cx="66" cy="22" r="9" fill="url(#cb-berry)" stroke="#6a0618" stroke-width="2"/>` +
      '<path d="M26 40 C26 24 74 24 74 40 C82 50 76 60 70 62 C76 74 70 90 58 90 H42 C30 90 24 74 30 62 C24 60 18 50 26 40Z" fill="url(#cb-berry)" stroke="#6a0618" stroke-width="2.5" opacity=".92"/>' +
      '<circle cx="42" cy="40" r="3" fill="#3a0410"/><circle cx="58" cy="40" r="3" fill="#3a0410"/><path d="M44 50 q6 4 12 0" stroke="#3a0410" stroke-width="2.5" fill="none"/>' + shine + '</g>',
    heart: `<g filter="url(#${S})"><path d="M50 86 C20 64 10 46 14 32 C18 16 40 12 50 30 C60 12 82 16 86 32 C90 46 80 64 50 86Z" fill="url(#cb-pink)" stroke="#8a1650" stroke-width="2.5"/>${shine}</g>`,
    star: `<g filter="url(#${S})"><polygon points="${star(50, 52, 40, 18, 5)}" fill="url(#cb-lemon)" stroke="#8a5a06" stroke-width="2.5" stroke-linejoin="round"/>${shine}</g>`,
    drop: `<g filter="url(#${S})"><path d="M50 10 C64 34 78 48 78 64 C78 80 66 90 50 90 C34 90 22 80 22 64 C22 48 36 34 50 10Z" fill="url(#cb-mint)" stroke="#0d5a40" stroke-width="2.5"/>${shine}</g>`,
    wild:
      tile('url(#cb-grape)', '#fff', 4) +
      `<g filter="url(#${S})"><rect x="22" y="30" width="56" height="28" rx="14" fill="url(#cb-lemon)" stroke="#8a5a06" stroke-width="2"/><path d="M22 44 L8 32 V56Z M78 44 L92 32 V56Z" fill="url(#cb-pink)" stroke="#8a1650" stroke-width="2"/><path d="M36 32 L30 56 M50 31 L44 57 M64 32 L58 56" stroke="#ff6fb5" stroke-width="4"/></g>` +
      mark('WILD', '#fff', '#5a24b0'),
    scatter:
      `<circle cx="50" cy="44" r="38" fill="url(#cb-ball)"/><g filter="url(#${S})"><polygon points="${star(50, 44, 24, 10, 6)}" fill="#fff"/></g>${shine}` +
      mark('SCATTER', '#fff', '#b8226e'),
  },
  logo: '<circle cx="32" cy="26" r="20" fill="#ff6fb5" stroke="#fff" stroke-width="3"/><path d="M32 46 V62" stroke="#fff" stroke-width="5" stroke-linecap="round"/><path d="M32 26 m0 -12 a12 12 0 1 1 -12 12 a8 8 0 1 1 8 -8" fill="none" stroke="#fff" stroke-width="3.5"/>',
  backdrop:
    '<rect width="800" height="500" fill="#3a0f3a"/><g opacity=".22">' +
    Array.from({ length: 20 }, (_, i) => `<rect x="${i * 40}" y="0" width="20" height="500" fill="${i % 2 ? '#ff6fb5' : '#4fe0b0'}"/>`).join('') +
    `</g>${sparkles(40, '#fffbd0', 13)}`,
  theme: {
    frame: 'linear-gradient(180deg, #ffe0f0, #ff6fb5 50%, #4fe0b0)',
    reels: 'linear-gradient(180deg, #5a1a5a, #7a2a7a 50%, #5a1a5a)',
    marquee: 'linear-gradient(180deg, #ff6fb5, #a770ff)',
    ink: '#fff',
    accent: '#ffd93c',
    glow: 'rgb(255 111 181 / 45%)',
    font: "'Comic Sans MS', 'Chalkboard SE', 'Trebuchet MS', sans-serif",
  },
};
