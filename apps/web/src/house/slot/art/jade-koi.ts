import { gem, lin, mark, rad, rank, shadow, sparkles, star, tile, type TSlotArt } from './kit.ts';

/** Jade Koi: a calm pond, jade greens and coral, soft round lettering. */
const S = 'jk-sh';
const card = (letter: string, fill: string) =>
  rank(letter, { fill, stroke: '#06382c', font: "'Trebuchet MS', system-ui, sans-serif", shadow: S, weight: 800, ornament: '<circle cx="50" cy="86" r="4" fill="#7fe3c4" stroke="#06382c" stroke-width="1.5"/>' });

export const art: TSlotArt = {
  defs: [
    lin('jk-jade', ['#d9ffe9', '#45c98f', '#0d6b4a']),
    lin('jk-coral', ['#ffd6b8', '#ff7f50', '#b23a12']),
    lin('jk-pink', ['#ffe0ef', '#f07aae', '#a3265e']),
    lin('jk-gold', ['#fff4c2', '#f2c14e', '#a86d0c']),
    lin('jk-water', ['#bdf3ff', '#38b6d8', '#0b5577']),
    lin('jk-leaf', ['#c9f7a8', '#5cb83a', '#255e12']),
    rad('jk-shine', ['#ffffff', '#b8f0dc', '#2d9a72']),
    shadow(S),
  ].join(''),
  symbols: {
    koi:
      `<g filter="url(#${S})"><path d="M14 56 C26 30 58 26 76 42 L92 30 L88 52 L94 72 L76 60 C58 76 26 78 14 56Z" fill="url(#jk-coral)" stroke="#6e1f05" stroke-width="2.5" stroke-linejoin="round"/>` +
      '<path d="M36 40 q10 8 4 20 M52 36 q10 10 2 26" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".85"/><circle cx="24" cy="52" r="3.5" fill="#1a1a1a"/>' +
      '<path d="M40 70 q6 12 16 10" fill="url(#jk-coral)" stroke="#6e1f05" stroke-width="2"/></g>',
    lotus:
      `<g filter="url(#${S})"><ellipse cx="50" cy="78" rx="36" ry="9" fill="url(#jk-leaf)" stroke="#255e12" stroke-width="2"/>` +
      '<path d="M50 20 C60 36 60 58 50 72 C40 58 40 36 50 20Z M50 72 C34 66 24 50 26 34 C40 40 48 56 50 72Z M50 72 C66 66 76 50 74 34 C60 40 52 56 50 72Z" fill="url(#jk-pink)" stroke="#7a1a45" stroke-width="2" stroke-linejoin="round"/>' +
      '<path d="M50 72 C30 74 14 64 12 54 C28 54 42 62 50 72Z M50 72 C70 74 86 64 88 54 C72 54 58 62 50 72Z" fill="url(#jk-pink)" stroke="#7a1a45" stroke-width="2" opacity=".9"/></g>',
    frog:
      `<g filter="url(#${S})"><ellipse cx="50" cy="60" rx="32" ry="24" fill="url(#jk-leaf)" stroke="#1d4a0e" stroke-width="2.5"/>` +
      '<circle cx="34" cy="36" r="11" fill="url(#jk-leaf)" stroke="#1d4a0e" stroke-width="2.5"/><circle cx="66" cy="36" r="11" fill="url(#jk-leaf)" stroke="#1d4a0e" stroke-width="2.5"/>' +
      '<circle cx="34" cy="35" r="5" fill="#fff"/><circle cx="66" cy="35" r="5" fill="#fff"/><circle cx="35" cy="36" r="2.5" fill="#111"/><circle cx="67" cy="36" r="2.5" fill="#111"/>' +
      '<path d="M36 62 q14 10 28 0" stroke="#1d4a0e" stroke-width="3" fill="none" stroke-linecap="round"/><circle cx="50" cy="74" r="7" fill="url(#jk-gold)" stroke="#6b4208" stroke-width="1.5"/></g>',
    jade: `<g filter="url(#${S})">${gem(8, 'jk-jade', '#06382c', 'jk-shine', Math.PI / 8)}</g>`,
    A: card('A', 'jk-coral'),
    K: card('K', 'jk-jade'),
    Q: card('Q', 'jk-pink'),
    J: card('J', 'jk-water'),
    '10': card('10', 'jk-gold'),
    wild:
      tile('url(#jk-water)', 'url(#jk-gold)', 4) +
      `<g filter="url(#${S})"><path d="M22 40 C30 20 46 24 50 40 C54 24 70 20 78 40 C70 34 58 36 50 56 C42 36 30 34 22 40Z" fill="url(#jk-coral)" stroke="#6e1f05" stroke-width="2"/>` +
      '<circle cx="50" cy="58" r="9" fill="url(#jk-shine)" stroke="#06382c" stroke-width="2"/></g>' +
      mark('WILD', '#fff', '#0b5577'),
    scatter:
      `<circle cx="50" cy="46" r="36" fill="url(#jk-water)" opacity=".35"/><g filter="url(#${S})"><polygon points="${star(50, 44, 30, 20, 12)}" fill="url(#jk-gold)" stroke="#6b4208" stroke-width="2"/>` +
      '<circle cx="50" cy="44" r="17" fill="url(#jk-jade)" stroke="#06382c" stroke-width="2"/><path d="M42 44 q8 -10 16 0 q-8 10 -16 0z" fill="url(#jk-coral)"/></g>' +
      mark('SCATTER', '#fff', '#0d6b4a'),
  },
  logo: '<circle cx="32" cy="32" r="28" fill="#38b6d8" stroke="#45c98f" stroke-width="4"/><path d="M12 34 C20 18 40 16 50 28 L58 20 L56 34 L60 46 L50 40 C40 50 20 50 12 34Z" fill="#ff7f50" stroke="#6e1f05" stroke-width="2"/>',
  backdrop:
    '<rect width="800" height="500" fill="#062c2a"/><g fill="none" stroke="#7fe3c4" stroke-opacity=".14" stroke-width="2">' +
    Array.from({ length: 8 }, (_, i) => `<ellipse cx="${80 + (i % 4) * 210}" cy="${100 + Math.floor(i / 4) * 300}" rx="${60 + i * 6}" ry="${20 + i * 2}"/>`).join('') +
    `</g><g fill="#5cb83a" opacity=".18"><circle cx="60" cy="440" r="50"/><circle cx="740" cy="70" r="44"/></g>${sparkles(24, '#bdf3ff', 5)}`,
  theme: {
    frame: 'linear-gradient(180deg, #9ff0cf, #2d9a72 50%, #9ff0cf)',
    reels: 'linear-gradient(180deg, #073b37, #0d5c55 50%, #073b37)',
    marquee: 'linear-gradient(180deg, #0d6b4a, #063a2a)',
    ink: '#d9ffe9',
    accent: '#ff9a6b',
    glow: 'rgb(69 201 143 / 40%)',
    font: "'Trebuchet MS', system-ui, sans-serif",
  },
};
