import { lin, mark, rad, rank, shadow, sparkles, tile, type TSlotArt } from './kit.ts';

/** Tết Fortune: lucky red and gold of the Lunar New Year, apricot blossom yellow, bánh chưng green. */
const S = 'tf-sh';
const blossom = (cx: number, cy: number, r: number) =>
  Array.from({ length: 5 }, (_, i) => {
    const a = (2 * Math.PI * i) / 5 - Math.PI / 2;
    return `<circle cx="${(cx + r * Math.cos(a)).toFixed(1)}" cy="${(cy + r * Math.sin(a)).toFixed(1)}" r="${(r * 0.85).toFixed(1)}" fill="url(#tf-yellow)" stroke="#a86a04" stroke-width="1.5"/>`;
  }).join('') + `<circle cx="${cx}" cy="${cy}" r="${(r * 0.55).toFixed(1)}" fill="#e2323f"/>`;
const card = (letter: string, fill: string) =>
  rank(letter, { fill, stroke: '#4a0606', font: "Georgia, 'Times New Roman', serif", shadow: S, ornament: blossom(50, 86, 4) });

export const art: TSlotArt = {
  defs: [
    lin('tf-red', ['#ff8a7a', '#e0201a', '#7a0606']),
    lin('tf-gold', ['#fff4b8', '#f6c12e', '#9a6206']),
    lin('tf-yellow', ['#fffbd0', '#ffd92e', '#e0a006']),
    lin('tf-green', ['#c8f0a8', '#3c9a2a', '#17480e']),
    lin('tf-leaf', ['#a8e07a', '#4a8a1a']),
    lin('tf-robe', ['#ffe08a', '#e0201a', '#6a0606']),
    rad('tf-glow', ['#fff8c8', '#ffd92e', '#ffd92e00']),
    shadow(S),
  ].join(''),
  symbols: {
    'god-of-wealth':
      `<circle cx="50" cy="40" r="34" fill="url(#tf-glow)"/><g filter="url(#${S})"><path d="M14 92 C14 66 30 58 50 58 C70 58 86 66 86 92Z" fill="url(#tf-robe)" stroke="#4a0606" stroke-width="2.5"/>` +
      '<circle cx="50" cy="42" r="16" fill="#f8d8b8" stroke="#6a3a1a" stroke-width="2"/><path d="M30 30 H70 L64 20 H36Z M38 20 C38 10 62 10 62 20" fill="url(#tf-gold)" stroke="#6a4204" stroke-width="2"/><path d="M24 30 h14 M62 30 h14" stroke="url(#tf-gold)" stroke-width="4" stroke-linecap="round"/>' +
      '<path d="M44 40 q2 -2 4 0 M52 40 q2 -2 4 0" stroke="#3a1a04" stroke-width="2" fill="none"/><path d="M40 52 C44 66 56 66 60 52 C56 56 44 56 40 52Z" fill="#2a2a2a"/>' +
      '<ellipse cx="50" cy="76" rx="12" ry="7" fill="url(#tf-gold)" stroke="#6a4204" stroke-width="2"/></g>',
    'red-envelope':
      `<g filter="url(#${S})"><rect x="22" y="10" width="56" height="82" rx="6" fill="url(#tf-red)" stroke="#4a0606" stroke-width="2.5"/><path d="M22 16 L50 40 L78 16" fill="#b0100c" stroke="#4a0606" stroke-width="2"/>` +
      '<circle cx="50" cy="40" r="11" fill="url(#tf-gold)" stroke="#6a4204" stroke-width="2"/><text x="50" y="46" text-anchor="middle" font-family="\'Noto Serif CJK SC\', serif" font-weight="900" font-size="15" fill="#7a0606">福</text>' +
      '<path d="M32 66 h36 M32 76 h36" stroke="url(#tf-gold)" stroke-width="3"/></g>',
    'apricot-blossom':
      `<g filter="url(#${S})"><path d="M14 86 C30 70 40 60 52 40 C60 28 72 20 86 16 M40 60 C32 50 28 40 30 28" stroke="#5a3010" stroke-width="4.5" fill="none" stroke-linecap="round"/>${blossom(52, 44, 11)}${blossom(28, 30, 8)}${blossom(76, 22, 7)}${blossom(30, 72, 7)}</g>`,
    'banh-chung':
      `<g filter="url(#${S})"><rect x="14" y="14" width="72" height="72" rx="6" fill="url(#tf-green)" stroke="#17480e" stroke-width="2.5"/><path d="M14 30 H86 M14 70 H86 M30 14 V86 M70 14 V86" stroke="url(#tf-leaf)" stroke-width="2" opacity=".7"/>` +
      '<path d="M14 42 H86 M14 58 H86 M42 14 V86 M58 14 V86" stroke="#f4ecd0" stroke-width="4"/></g>',
    lantern:
      `<g filter="url(#${S})"><path d="M50 6 v8" stroke="#6a4204" stroke-width="3"/><path d="M50 14 L80 40 L50 76 L20 40Z" fill="url(#tf-red)" stroke="#4a0606" stroke-width="2.5" stroke-linejoin="round"/>` +
      '<path d="M50 14 L38 40 L50 76 L62 40Z" fill="url(#tf-gold)" opacity=".55"/><path d="M20 40 H80" stroke="url(#tf-gold)" stroke-width="3"/><path d="M44 76 L40 92 M50 76 V94 M56 76 L60 92" stroke="url(#tf-gold)" stroke-width="3" stroke-linecap="round"/><circle cx="50" cy="40" r="6" fill="url(#tf-yellow)"/></g>',
    A: card('A', 'tf-red'),
    K: card('K', 'tf-gold'),
    Q: card('Q', 'tf-green'),
    J: card('J', 'tf-red'),
    wild:
      tile('url(#tf-red)', 'url(#tf-gold)', 4) +
      `<g filter="url(#${S})"><circle cx="50" cy="42" r="26" fill="url(#tf-gold)" stroke="#6a4204" stroke-width="2.5"/><text x="50" y="55" text-anchor="middle" font-family="Georgia, serif" font-weight="900" font-size="25" fill="#7a0606">Lộc</text></g>` +
      mark('WILD', '#fff4b8', '#7a0606'),
    scatter:
      `<circle cx="50" cy="44" r="40" fill="url(#tf-glow)"/><g filter="url(#${S})">${blossom(50, 44, 18)}</g>` +
      mark('SCATTER', '#fff4b8', '#7a0606'),
    bonus:
      tile('url(#tf-gold)', '#7a0606', 4) +
      `<g filter="url(#${S})"><rect x="24" y="16" width="30" height="46" rx="4" fill="url(#tf-red)" stroke="#4a0606" stroke-width="2" transform="rotate(-12 39 39)"/><rect x="46" y="16" width="30" height="46" rx="4" fill="url(#tf-red)" stroke="#4a0606" stroke-width="2" transform="rotate(10 61 39)"/>` +
      '<circle cx="62" cy="34" r="6" fill="url(#tf-yellow)" stroke="#6a4204" stroke-width="1.5"/></g>' +
      mark('BONUS', '#fff', '#7a0606'),
  },
  logo: '<circle cx="32" cy="32" r="28" fill="#e0201a" stroke="#f6c12e" stroke-width="4"/><g fill="#ffd92e" stroke="#a86a04" stroke-width="1"><circle cx="32" cy="21" r="7"/><circle cx="42" cy="29" r="7"/><circle cx="38" cy="41" r="7"/><circle cx="26" cy="41" r="7"/><circle cx="22" cy="29" r="7"/></g><circle cx="32" cy="32" r="5" fill="#e0201a"/>',
  backdrop:
    '<rect width="800" height="500" fill="#7a0606"/><g fill="none" stroke="#f6c12e" stroke-opacity=".14" stroke-width="2">' +
    Array.from({ length: 40 }, (_, i) => `<circle cx="${(i % 8) * 110 + 40}" cy="${Math.floor(i / 8) * 110 + 30}" r="34"/>`).join('') +
    `</g>${sparkles(40, '#ffd92e', 71)}`,
  theme: {
    frame: 'linear-gradient(180deg, #fff4b8, #9a6206 50%, #f6c12e)',
    reels: 'linear-gradient(180deg, #5a0404, #8a0c0c 50%, #5a0404)',
    marquee: 'linear-gradient(180deg, #e0201a, #6a0606)',
    ink: '#fff4b8',
    accent: '#ffd92e',
    glow: 'rgb(246 193 46 / 45%)',
    font: "Georgia, 'Times New Roman', serif",
  },
};
