import { lin, mark, rad, rank, shadow, sparkles, tile, type TSlotArt } from './kit.ts';

/** Golden Buffalo: sunset prairie, copper and turquoise, woodcut lettering. */
const S = 'gb-sh';
const card = (letter: string, fill: string) =>
  rank(letter, { fill, stroke: '#2a1405', font: "Rockwell, 'Roboto Slab', Georgia, serif", shadow: S, ornament: '<path d="M34 86 h32" stroke="#40c4b4" stroke-width="3" stroke-dasharray="4 3"/>' });

export const art: TSlotArt = {
  defs: [
    lin('gb-gold', ['#fff2b3', '#f0b43c', '#8a4f08']),
    lin('gb-brown', ['#c98a55', '#7a4520', '#3a1c08']),
    lin('gb-copper', ['#ffc49a', '#d86b2b', '#7a2e08']),
    lin('gb-turq', ['#bff7ee', '#40c4b4', '#0d6b63']),
    lin('gb-grey', ['#e6e9ef', '#8d96a8', '#3c4352']),
    lin('gb-sand', ['#ffe4b0', '#d9a45a', '#8c5a1c']),
    rad('gb-sun', ['#fff6c8', '#ffb93c', '#d8571c']),
    shadow(S),
  ].join(''),
  symbols: {
    buffalo:
      `<g filter="url(#${S})"><path d="M18 34 C8 30 6 18 14 12 C14 22 22 26 30 26 M82 34 C92 30 94 18 86 12 C86 22 78 26 70 26" fill="none" stroke="url(#gb-sand)" stroke-width="6" stroke-linecap="round"/>` +
      '<path d="M26 30 C30 20 70 20 74 30 C84 40 80 60 68 72 C62 82 38 82 32 72 C20 60 16 40 26 30Z" fill="url(#gb-brown)" stroke="#2a1405" stroke-width="2.5"/>' +
      '<path d="M30 32 C40 24 60 24 70 32 C64 40 36 40 30 32Z" fill="#5a3010"/><ellipse cx="50" cy="70" rx="14" ry="9" fill="#d9a45a" stroke="#2a1405" stroke-width="2"/>' +
      '<circle cx="44" cy="70" r="2.2" fill="#2a1405"/><circle cx="56" cy="70" r="2.2" fill="#2a1405"/><circle cx="38" cy="48" r="3.5" fill="#fff"/><circle cx="62" cy="48" r="3.5" fill="#fff"/><circle cx="38" cy="48" r="1.8" fill="#111"/><circle cx="62" cy="48" r="1.8" fill="#111"/></g>',
    eagle:
      `<g filter="url(#${S})"><path d="M50 40 C40 30 20 26 6 34 C18 38 24 44 28 52 C36 48 44 48 50 54 C56 48 64 48 72 52 C76 44 82 38 94 34 C80 26 60 30 50 40Z" fill="url(#gb-brown)" stroke="#2a1405" stroke-width="2"/>` +
      '<path d="M42 44 C40 30 46 20 56 20 C64 20 68 28 66 34 L58 36 C58 44 52 50 42 44Z" fill="#fff" stroke="#2a1405" stroke-width="2"/><path d="M66 30 l10 4 -10 4z" fill="url(#gb-gold)" stroke="#8a4f08" stroke-width="1.5"/><circle cx="58" cy="28" r="2.2" fill="#111"/>' +
      '<path d="M42 56 l-4 26 8 -8 4 10 4 -10 8 8 -4 -26z" fill="url(#gb-brown)" stroke="#2a1405" stroke-width="2"/></g>',
    wolf:
      `<g filter="url(#${S})"><path d="M24 14 L36 36 L50 30 L64 36 L76 14 L82 46 C82 66 66 84 50 88 C34 84 18 66 18 46Z" fill="url(#gb-grey)" stroke="#1f2430" stroke-width="2.5" stroke-linejoin="round"/>` +
      '<path d="M50 50 L40 60 L50 84 L60 60Z" fill="#f1f3f7"/><path d="M34 48 l10 4 M66 48 l-10 4" stroke="#1f2430" stroke-width="3" stroke-linecap="round"/><circle cx="40" cy="52" r="2.5" fill="#ffd23c"/><circle cx="60" cy="52" r="2.5" fill="#ffd23c"/>' +
      '<path d="M44 70 h12 l-6 6z" fill="#1f2430"/></g>',
    cougar:
      `<g filter="url(#${S})"><circle cx="50" cy="52" r="32" fill="url(#gb-sand)" stroke="#5a3010" stroke-width="2.5"/><path d="M22 32 l4 -16 14 10z M78 32 l-4 -16 -14 10z" fill="url(#gb-sand)" stroke="#5a3010" stroke-width="2.5" stroke-linejoin="round"/>` +
      '<ellipse cx="50" cy="68" rx="15" ry="11" fill="#fff3dc"/><path d="M44 60 h12 l-6 6z" fill="#8a3a20"/><path d="M36 48 q4 -4 8 0 M56 48 q4 -4 8 0" stroke="#2a1405" stroke-width="3" fill="none" stroke-linecap="round"/>' +
      '<path d="M24 66 l14 2 M24 72 l14 -1 M76 66 l-14 2 M76 72 l-14 -1" stroke="#5a3010" stroke-width="1.5"/></g>',
    A: card('A', 'gb-copper'),
    K: card('K', 'gb-turq'),
    Q: card('Q', 'gb-gold'),
    J: card('J', 'gb-sand'),
    '10': card('10', 'gb-grey'),
    wild:
      `<circle cx="50" cy="46" r="42" fill="url(#gb-sun)"/><g filter="url(#${S})"><path d="M16 70 L36 44 L46 56 L60 34 L84 70Z" fill="#5a3010" stroke="#2a1405" stroke-width="2"/></g>` +
      mark('WILD', '#fff2b3', '#7a2e08'),
    scatter:
      tile('url(#gb-gold)', '#7a2e08') +
      `<g filter="url(#${S})"><path d="M50 14 C56 30 56 42 50 54 C44 42 44 30 50 14Z" fill="url(#gb-turq)" stroke="#0d4a44" stroke-width="2"/><path d="M50 54 v22" stroke="#7a2e08" stroke-width="4"/><circle cx="50" cy="56" r="6" fill="url(#gb-copper)" stroke="#7a2e08" stroke-width="2"/></g>` +
      mark('SCATTER', '#fff', '#7a2e08'),
  },
  logo: '<circle cx="32" cy="32" r="28" fill="#ffb93c"/><path d="M10 28 C6 22 8 14 14 12 C14 20 18 22 22 22 M54 28 C58 22 56 14 50 12 C50 20 46 22 42 22" stroke="#fff2b3" stroke-width="4" fill="none" stroke-linecap="round"/><path d="M20 24 C24 16 40 16 44 24 C50 34 44 48 32 52 C20 48 14 34 20 24Z" fill="#7a4520" stroke="#2a1405" stroke-width="2"/>',
  backdrop:
    '<defs><linearGradient id="gb-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a0f2e"/><stop offset=".55" stop-color="#b4431c"/><stop offset="1" stop-color="#f0b43c"/></linearGradient></defs>' +
    '<rect width="800" height="500" fill="url(#gb-sky)"/><circle cx="400" cy="360" r="110" fill="#ffd86b" opacity=".35"/>' +
    '<path d="M0 380 L90 300 L150 340 L260 250 L360 330 L470 270 L560 330 L660 260 L800 350 V500 H0Z" fill="#3a1c08" opacity=".75"/>' +
    `<path d="M0 440 L120 400 L260 430 L420 390 L600 430 L800 400 V500 H0Z" fill="#1f0e04"/>${sparkles(30, '#fff2b3', 3)}`,
  theme: {
    frame: 'linear-gradient(180deg, #ffc49a, #7a2e08 50%, #ffc49a)',
    reels: 'linear-gradient(180deg, #2a1405, #4a260c 50%, #2a1405)',
    marquee: 'linear-gradient(180deg, #d86b2b, #5a2006)',
    ink: '#fff2b3',
    accent: '#40c4b4',
    glow: 'rgb(240 180 60 / 40%)',
    font: "Rockwell, 'Roboto Slab', Georgia, serif",
  },
};
