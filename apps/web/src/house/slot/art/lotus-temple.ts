import { lin, mark, rad, rank, shadow, sparkles, tile, type TSlotArt } from './kit.ts';

/** Lotus Temple: saffron and temple gold at dusk, incense smoke, gentle serif. */
const S = 'lt-sh';
const card = (letter: string, fill: string) =>
  rank(letter, { fill, stroke: '#3a1a04', font: "'Palatino Linotype', Palatino, Georgia, serif", shadow: S, ornament: '<path d="M42 86 q8 -8 16 0 q-8 6 -16 0z" fill="#ff9fc8" stroke="#3a1a04" stroke-width="1"/>' });

export const art: TSlotArt = {
  defs: [
    lin('lt-gold', ['#fff6c8', '#f0c040', '#8a5e06']),
    lin('lt-saffron', ['#ffe0b0', '#ff9a1f', '#a84c04']),
    lin('lt-pink', ['#ffe6f0', '#ff8fc0', '#b03a70']),
    lin('lt-grey', ['#eceae4', '#a8a294', '#5a5448']),
    lin('lt-maroon', ['#e08a8a', '#8a1a2a', '#3e0610']),
    lin('lt-teal', ['#c0f4ee', '#2aa89a', '#0a4e46']),
    rad('lt-halo', ['#fffbe0', '#ffd86a', '#ffd86a00']),
    shadow(S),
  ].join(''),
  symbols: {
    buddha:
      `<circle cx="50" cy="36" r="30" fill="url(#lt-halo)"/><g filter="url(#${S})"><path d="M16 90 C16 66 30 58 50 58 C70 58 84 66 84 90Z" fill="url(#lt-saffron)" stroke="#6a2e02" stroke-width="2.5"/>` +
      '<circle cx="50" cy="38" r="18" fill="url(#lt-gold)" stroke="#6a4204" stroke-width="2.5"/><path d="M36 28 C38 16 62 16 64 28" fill="#3a2a1a"/><circle cx="50" cy="16" r="5" fill="#3a2a1a"/>' +
      '<path d="M42 38 q3 2 6 0 M52 38 q3 2 6 0" stroke="#3a1a04" stroke-width="2" fill="none"/><path d="M46 47 q4 3 8 0" stroke="#3a1a04" stroke-width="2" fill="none"/><circle cx="50" cy="31" r="1.8" fill="#c8262a"/>' +
      '<path d="M30 90 C36 78 64 78 70 90" fill="none" stroke="#6a2e02" stroke-width="2"/></g>',
    lotus:
      `<g filter="url(#${S})"><path d="M50 18 C62 34 62 58 50 74 C38 58 38 34 50 18Z M50 74 C32 68 22 50 24 32 C38 40 48 58 50 74Z M50 74 C68 68 78 50 76 32 C62 40 52 58 50 74Z M50 74 C28 78 10 66 8 54 C26 52 42 62 50 74Z M50 74 C72 78 90 66 92 54 C74 52 58 62 50 74Z" fill="url(#lt-pink)" stroke="#7a1a45" stroke-width="2" stroke-linejoin="round"/>` +
      '<ellipse cx="50" cy="82" rx="30" ry="7" fill="url(#lt-teal)" stroke="#0a4e46" stroke-width="2"/></g>',
    elephant:
      `<g filter="url(#${S})"><path d="M22 36 C10 40 8 64 20 70 C26 60 28 50 30 44 M78 36 C90 40 92 64 80 70 C74 60 72 50 70 44" fill="url(#lt-grey)" stroke="#3a362e" stroke-width="2.5"/>` +
      '<path d="M28 40 C28 18 72 18 72 40 C72 54 62 60 58 64 C58 76 64 82 60 90 C54 94 50 86 52 78 C48 72 42 66 36 62 C30 56 28 50 28 40Z" fill="url(#lt-grey)" stroke="#3a362e" stroke-width="2.5"/>' +
      '<path d="M36 60 C30 66 30 72 34 74 M64 60 C70 66 70 72 66 74" stroke="#fffbe8" stroke-width="4" fill="none" stroke-linecap="round"/><circle cx="40" cy="42" r="2.5" fill="#111"/><circle cx="60" cy="42" r="2.5" fill="#111"/>' +
      '<path d="M36 24 h28 l-4 8 h-20z" fill="url(#lt-maroon)" stroke="#3e0610" stroke-width="1.5"/><circle cx="50" cy="28" r="3" fill="url(#lt-gold)"/></g>',
    incense:
      `<g filter="url(#${S})"><path d="M40 40 C34 30 46 24 40 14 M50 40 C44 28 58 22 50 8 M60 40 C54 30 66 24 60 14" stroke="#d8d4cc" stroke-width="2.5" fill="none" opacity=".8"/>` +
      '<path d="M40 40 V64 M50 40 V64 M60 40 V64" stroke="#8a1a2a" stroke-width="3"/><circle cx="40" cy="40" r="2" fill="#ff7a3c"/><circle cx="50" cy="40" r="2" fill="#ff7a3c"/><circle cx="60" cy="40" r="2" fill="#ff7a3c"/>' +
      '<path d="M22 62 H78 L72 84 C70 90 30 90 28 84Z" fill="url(#lt-gold)" stroke="#6a4204" stroke-width="2.5"/><path d="M30 90 l-4 6 M70 90 l4 6" stroke="#6a4204" stroke-width="3"/></g>',
    bell:
      `<g filter="url(#${S})"><path d="M50 8 v10" stroke="#6a4204" stroke-width="4"/><path d="M50 18 C34 18 30 30 30 44 C30 60 24 68 18 76 H82 C76 68 70 60 70 44 C70 30 66 18 50 18Z" fill="url(#lt-gold)" stroke="#6a4204" stroke-width="2.5"/>` +
      '<path d="M28 58 H72" stroke="#8a5e06" stroke-width="2"/><circle cx="50" cy="84" r="6" fill="url(#lt-maroon)" stroke="#3e0610" stroke-width="2"/><path d="M38 28 C34 36 34 44 35 52" stroke="#fff6c8" stroke-width="3" fill="none" opacity=".7"/></g>',
    A: card('A', 'lt-saffron'),
    K: card('K', 'lt-maroon'),
    Q: card('Q', 'lt-teal'),
    J: card('J', 'lt-gold'),
    wild:
      tile('url(#lt-maroon)', 'url(#lt-gold)', 4) +
      `<g filter="url(#${S})"><path d="M50 12 L56 26 H44Z M30 70 V40 C30 26 70 26 70 40 V70Z" fill="url(#lt-gold)" stroke="#6a4204" stroke-width="2.5"/><path d="M40 70 V50 C40 42 60 42 60 50 V70Z" fill="#3e0610"/></g>` +
      mark('WILD', '#fff6c8', '#3e0610'),
    bonus:
      `<circle cx="50" cy="46" r="40" fill="url(#lt-halo)"/><g filter="url(#${S})"><path d="M50 14 C60 28 60 48 50 62 C40 48 40 28 50 14Z M50 62 C36 58 28 44 28 28 C40 34 48 48 50 62Z M50 62 C64 58 72 44 72 28 C60 34 52 48 50 62Z" fill="url(#lt-gold)" stroke="#6a4204" stroke-width="2"/></g>` +
      mark('BONUS', '#fff6c8', '#8a1a2a'),
  },
  logo: '<circle cx="32" cy="32" r="28" fill="#8a1a2a" stroke="#f0c040" stroke-width="3"/><path d="M32 14 C40 24 40 38 32 48 C24 38 24 24 32 14Z M32 48 C22 46 16 36 16 26 C26 30 30 40 32 48Z M32 48 C42 46 48 36 48 26 C38 30 34 40 32 48Z" fill="#ff8fc0" stroke="#fff6c8" stroke-width="1.5"/>',
  backdrop:
    '<defs><linearGradient id="lt-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3a0a2a"/><stop offset="1" stop-color="#c0541a"/></linearGradient></defs><rect width="800" height="500" fill="url(#lt-sky)"/>' +
    '<g fill="#2a0818" opacity=".8"><path d="M320 500 V250 L400 120 L480 250 V500Z"/><path d="M360 250 L400 60 L440 250Z"/><path d="M120 500 V330 L170 250 L220 330 V500Z"/><path d="M580 500 V330 L630 250 L680 330 V500Z"/></g>' +
    sparkles(30, '#ffd86a', 37),
  theme: {
    frame: 'linear-gradient(180deg, #fff6c8, #8a5e06 50%, #f0c040)',
    reels: 'linear-gradient(180deg, #3e0610, #6a1422 50%, #3e0610)',
    marquee: 'linear-gradient(180deg, #ff9a1f, #8a1a2a)',
    ink: '#fff6c8',
    accent: '#ff8fc0',
    glow: 'rgb(255 154 31 / 40%)',
    font: "'Palatino Linotype', Palatino, Georgia, serif",
  },
};
