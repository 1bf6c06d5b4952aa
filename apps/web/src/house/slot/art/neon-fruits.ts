import { lin, mark, shadow, sparkles, tile, type TSlotArt } from './kit.ts';

/** Neon Fruits: a classic three-reel fruit machine in neon tubes on a night-club wall. */
const S = 'nf-glow';
const tube = (colour: string, body: string) => `<g filter="url(#${S})" fill="none" stroke="${colour}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">${body}</g>`;

export const art: TSlotArt = {
  defs: [
    `<filter id="${S}" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="2.2" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
    lin('nf-pink', ['#ffd1f2', '#ff3fbf']),
    lin('nf-cyan', ['#d6fdff', '#23e0ff']),
    shadow('nf-sh'),
  ].join(''),
  symbols: {
    seven: tube('#ff3b5c', '<path d="M24 20 H76 L44 86"/><path d="M36 54 H64"/>') + tube('#ffd23c', '<path d="M30 26 H70" stroke-width="2"/>'),
    bar:
      tube('#23e0ff', '<rect x="12" y="32" width="76" height="36" rx="8"/>') +
      '<text x="50" y="60" text-anchor="middle" font-family="Impact, \'Arial Black\', sans-serif" font-size="26" fill="#d6fdff" filter="url(#nf-glow)">BAR</text>',
    bell: tube('#ffd23c', '<path d="M50 16 C34 16 30 32 30 46 C30 60 22 64 18 72 H82 C78 64 70 60 70 46 C70 32 66 16 50 16Z"/><path d="M44 80 a6 6 0 0 0 12 0"/><path d="M50 10 v6"/>'),
    melon: tube('#39ff7a', '<path d="M12 40 A38 38 0 0 0 88 40 Z"/>') + tube('#ff3b5c', '<path d="M22 44 A28 28 0 0 0 78 44"/>') + tube('#fff', '<path d="M38 52 v4 M50 56 v4 M62 52 v4" stroke-width="4"/>'),
    plum: tube('#b66bff', '<ellipse cx="50" cy="56" rx="28" ry="30"/><path d="M50 28 C50 40 48 56 40 70"/>') + tube('#39ff7a', '<path d="M50 26 C56 14 70 12 76 18 C68 24 58 26 50 26Z"/>'),
    cherry: tube('#ff3b5c', '<circle cx="32" cy="68" r="15"/><circle cx="68" cy="68" r="15"/>') + tube('#39ff7a', '<path d="M32 54 C36 34 48 20 62 14 M68 54 C66 38 64 24 62 14 M62 14 C70 10 80 14 84 20"/>'),
    wild:
      tile('#1a0630', '#ff3fbf', 3) +
      tube('#ff3fbf', '<path d="M20 24 L30 62 L40 36 L50 62 L60 36 L70 62 L80 24" stroke-width="4.5"/>') +
      mark('WILD', '#ffd1f2', '#ff3fbf'),
  },
  logo: '<rect width="64" height="64" rx="12" fill="#14052a"/><path d="M16 14 H48 L28 54 M22 34 H40" stroke="#ff3b5c" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
  backdrop:
    '<rect width="800" height="500" fill="#0a0418"/><g stroke="#2a1450" stroke-width="1">' +
    Array.from({ length: 16 }, (_, i) => `<path d="M${i * 50} 0 V500"/>`).join('') +
    Array.from({ length: 10 }, (_, i) => `<path d="M0 ${i * 50} H800"/>`).join('') +
    `</g><path d="M0 470 H800" stroke="#ff3fbf" stroke-width="3" opacity=".5"/><path d="M0 30 H800" stroke="#23e0ff" stroke-width="3" opacity=".5"/>${sparkles(20, '#ff3fbf', 23)}`,
  theme: {
    frame: 'linear-gradient(180deg, #ff3fbf, #23e0ff)',
    reels: 'linear-gradient(180deg, #0c0420, #1a0836 50%, #0c0420)',
    marquee: 'linear-gradient(180deg, #2a0c4a, #0c0420)',
    ink: '#ffd1f2',
    accent: '#23e0ff',
    glow: 'rgb(255 63 191 / 45%)',
    font: "Impact, 'Arial Black', sans-serif",
  },
};
