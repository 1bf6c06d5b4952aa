import { lin, mark, rad, rank, shadow, sparkles, star, tile, type TSlotArt } from './kit.ts';

/** Ocean Treasure: deep sea blues, coral and pearl, nautical lettering. */
const S = 'ot-sh';
const card = (letter: string, fill: string) =>
  rank(letter, { fill, stroke: '#04213a', font: "'Trebuchet MS', system-ui, sans-serif", shadow: S, ornament: '<path d="M36 86 q7 -6 14 0 q7 6 14 0" fill="none" stroke="#7fe8ff" stroke-width="3"/>' });

export const art: TSlotArt = {
  defs: [
    lin('ot-sea', ['#c8f4ff', '#29a8d8', '#0a3f6e']),
    lin('ot-coral', ['#ffd0c0', '#ff6f5a', '#a3261a']),
    lin('ot-gold', ['#fff4c0', '#f2c14e', '#8a5a08']),
    lin('ot-green', ['#d0ffd8', '#3cc878', '#0e5a30']),
    lin('ot-purple', ['#eadcff', '#9a6cf0', '#45208a']),
    lin('ot-wood', ['#d8a46a', '#8a5426', '#3e220a']),
    rad('ot-pearl', ['#ffffff', '#eef6ff', '#a8bcd8']),
    shadow(S),
  ].join(''),
  symbols: {
    mermaid:
      `<g filter="url(#${S})"><path d="M44 50 C36 64 40 78 54 84 L66 92 L62 80 L76 84 C62 74 58 62 58 50Z" fill="url(#ot-green)" stroke="#0e5a30" stroke-width="2"/>` +
      '<path d="M38 32 C38 20 62 20 62 32 V50 H38Z" fill="#f6d0b0" stroke="#6a3a1a" stroke-width="2"/><path d="M36 32 C30 20 40 8 52 10 C66 10 72 24 66 44 C64 30 58 24 50 26 C44 24 38 28 36 32Z M36 32 C32 46 30 56 26 62 C36 58 40 48 40 36Z" fill="url(#ot-coral)" stroke="#a3261a" stroke-width="1.5"/>' +
      '<circle cx="45" cy="35" r="2" fill="#0a3f6e"/><circle cx="55" cy="35" r="2" fill="#0a3f6e"/><path d="M46 42 q4 3 8 0" stroke="#a33" stroke-width="2" fill="none"/><path d="M40 52 a5 5 0 0 0 10 0 a5 5 0 0 0 10 0" fill="url(#ot-purple)"/></g>',
    chest:
      `<g filter="url(#${S})"><path d="M16 46 H84 V86 H16Z" fill="url(#ot-wood)" stroke="#3e220a" stroke-width="2.5"/><path d="M16 46 C16 24 84 24 84 46Z" fill="url(#ot-wood)" stroke="#3e220a" stroke-width="2.5"/>` +
      '<path d="M16 46 H84 M16 66 H84 M30 30 V86 M70 30 V86" stroke="url(#ot-gold)" stroke-width="5"/><rect x="42" y="52" width="16" height="16" rx="3" fill="url(#ot-gold)" stroke="#6b4208" stroke-width="2"/>' +
      '<circle cx="26" cy="40" r="4" fill="url(#ot-pearl)"/><circle cx="74" cy="38" r="3" fill="url(#ot-gold)"/></g>',
    turtle:
      `<g filter="url(#${S})"><ellipse cx="50" cy="52" rx="30" ry="24" fill="url(#ot-green)" stroke="#0e5a30" stroke-width="2.5"/><path d="M50 30 L40 44 L50 58 L60 44Z M40 44 H24 M60 44 H76 M50 58 L40 72 M50 58 L60 72" stroke="#0e5a30" stroke-width="2" fill="none"/>` +
      '<ellipse cx="50" cy="20" rx="9" ry="8" fill="#9ad88a" stroke="#0e5a30" stroke-width="2"/><circle cx="47" cy="18" r="1.6" fill="#111"/><circle cx="53" cy="18" r="1.6" fill="#111"/>' +
      '<path d="M22 36 L8 28 L14 44Z M78 36 L92 28 L86 44Z M26 70 L12 82 L30 78Z M74 70 L88 82 L70 78Z" fill="#9ad88a" stroke="#0e5a30" stroke-width="2"/></g>',
    shell:
      `<g filter="url(#${S})"><path d="M50 86 L20 40 C28 18 72 18 80 40Z" fill="url(#ot-coral)" stroke="#a3261a" stroke-width="2.5" stroke-linejoin="round"/><path d="M50 86 L30 28 M50 86 L42 22 M50 86 L58 22 M50 86 L70 28" stroke="#a3261a" stroke-width="2"/>` +
      '<path d="M42 86 H58 L54 94 H46Z" fill="url(#ot-coral)" stroke="#a3261a" stroke-width="2"/><circle cx="50" cy="56" r="6" fill="url(#ot-pearl)" stroke="#a8bcd8" stroke-width="1"/></g>',
    starfish: `<g filter="url(#${S})"><polygon points="${star(50, 52, 40, 17, 5)}" fill="url(#ot-gold)" stroke="#8a5a08" stroke-width="2.5" stroke-linejoin="round"/><circle cx="50" cy="30" r="2" fill="#8a5a08"/><circle cx="34" cy="46" r="2" fill="#8a5a08"/><circle cx="66" cy="46" r="2" fill="#8a5a08"/><circle cx="42" cy="66" r="2" fill="#8a5a08"/><circle cx="58" cy="66" r="2" fill="#8a5a08"/></g>`,
    A: card('A', 'ot-coral'),
    K: card('K', 'ot-sea'),
    Q: card('Q', 'ot-purple'),
    J: card('J', 'ot-green'),
    wild:
      tile('url(#ot-sea)', 'url(#ot-gold)', 4) +
      `<g filter="url(#${S})"><path d="M50 14 V70 M30 30 V46 C30 56 70 56 70 46 V30 M50 14 l-6 8 h12z M30 30 l-5 6 M30 30 l5 6 M70 30 l-5 6 M70 30 l5 6" stroke="url(#ot-gold)" stroke-width="6" stroke-linecap="round" fill="none"/></g>` +
      mark('WILD', '#fff4c0', '#0a3f6e'),
    scatter:
      `<g filter="url(#${S})"><path d="M14 60 C14 30 86 30 86 60 C70 52 30 52 14 60Z" fill="url(#ot-purple)" stroke="#45208a" stroke-width="2.5"/><path d="M14 60 C20 76 80 76 86 60" fill="url(#ot-purple)" stroke="#45208a" stroke-width="2.5"/>` +
      '<circle cx="50" cy="56" r="14" fill="url(#ot-pearl)" stroke="#a8bcd8" stroke-width="2"/><ellipse cx="45" cy="51" rx="4" ry="2.5" fill="#fff"/></g>' +
      mark('SCATTER', '#fff', '#45208a'),
  },
  logo: '<circle cx="32" cy="32" r="28" fill="#0a3f6e" stroke="#29a8d8" stroke-width="3"/><path d="M10 40 C10 22 54 22 54 40 C44 34 20 34 10 40Z" fill="#9a6cf0"/><circle cx="32" cy="38" r="9" fill="#fff"/>',
  backdrop:
    '<defs><linearGradient id="ot-deep" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0a4a7a"/><stop offset="1" stop-color="#021428"/></linearGradient></defs><rect width="800" height="500" fill="url(#ot-deep)"/>' +
    '<g fill="#7fe8ff" opacity=".07"><path d="M100 0 L180 500 H60Z"/><path d="M380 0 L470 500 H330Z"/><path d="M640 0 L700 500 H600Z"/></g>' +
    '<g fill="#ff6f5a" opacity=".35"><path d="M40 500 C40 440 20 420 30 400 C50 420 50 450 60 500Z M740 500 C740 430 770 420 760 390 C740 420 730 450 720 500Z"/></g>' +
    sparkles(40, '#c8f4ff', 53),
  theme: {
    frame: 'linear-gradient(180deg, #fff4c0, #8a5a08 50%, #f2c14e)',
    reels: 'linear-gradient(180deg, #04213a, #0a3f6e 50%, #04213a)',
    marquee: 'linear-gradient(180deg, #29a8d8, #0a3f6e)',
    ink: '#fff4c0',
    accent: '#7fe8ff',
    glow: 'rgb(41 168 216 / 45%)',
    font: "'Trebuchet MS', system-ui, sans-serif",
  },
};
