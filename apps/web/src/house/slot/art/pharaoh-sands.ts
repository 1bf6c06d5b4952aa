import { lin, mark, rad, rank, shadow, sparkles, tile, type TSlotArt } from './kit.ts';

/** Pharaoh's Sands: lapis and gold under a desert night, carved capitals. */
const S = 'ps-sh';
const card = (letter: string, fill: string) =>
  rank(letter, { fill, stroke: '#1a1238', font: "'Trajan Pro', 'Cinzel', Georgia, serif", shadow: S, ornament: '<path d="M36 84 h28 M42 89 h16" stroke="#e9b949" stroke-width="2.5"/>' });

export const art: TSlotArt = {
  defs: [
    lin('ps-gold', ['#fff3bf', '#e9b949', '#8a5a08']),
    lin('ps-lapis', ['#8fb2ff', '#2446b8', '#0e1a5c']),
    lin('ps-turq', ['#c6fff4', '#32c7b3', '#0b5f56']),
    lin('ps-red', ['#ff9a86', '#c8372a', '#64120a']),
    lin('ps-sand', ['#fff0c8', '#e2b46a', '#9a6a24']),
    rad('ps-sun', ['#fff8d0', '#ffcf4a', '#c86a0a']),
    shadow(S),
  ].join(''),
  symbols: {
    pharaoh:
      `<g filter="url(#${S})"><path d="M50 8 C30 8 20 20 18 40 L12 86 H36 L38 60 H62 L64 86 H88 L82 40 C80 20 70 8 50 8Z" fill="url(#ps-lapis)" stroke="#0e1a5c" stroke-width="2"/>` +
      '<path d="M24 30 h52 M20 46 h60 M16 64 h20 M64 64 h20 M14 78 h22 M64 78 h22" stroke="url(#ps-gold)" stroke-width="5"/>' +
      '<path d="M34 24 C34 50 40 66 50 70 C60 66 66 50 66 24 Z" fill="url(#ps-sand)" stroke="#6a4510" stroke-width="2"/><path d="M40 38 h8 M52 38 h8" stroke="#1a1238" stroke-width="3" stroke-linecap="round"/>' +
      '<path d="M46 70 h8 v16 h-8z" fill="url(#ps-gold)" stroke="#6a4510" stroke-width="1.5"/><path d="M50 14 l-4 8 h8z" fill="url(#ps-gold)"/></g>',
    ankh:
      `<g filter="url(#${S})"><path d="M50 10 C34 10 32 30 46 44 H22 V54 H45 V90 H55 V54 H78 V44 H54 C68 30 66 10 50 10Z M50 19 C58 19 58 32 50 40 C42 32 42 19 50 19Z" fill="url(#ps-gold)" fill-rule="evenodd" stroke="#6a4510" stroke-width="2.5" stroke-linejoin="round"/></g>`,
    scarab:
      `<g filter="url(#${S})"><path d="M20 40 C10 30 12 16 22 12 M80 40 C90 30 88 16 78 12 M22 60 L8 70 M78 60 L92 70 M26 76 L16 90 M74 76 L84 90" stroke="#1a1238" stroke-width="3.5" fill="none" stroke-linecap="round"/>` +
      '<ellipse cx="50" cy="28" rx="14" ry="10" fill="url(#ps-turq)" stroke="#0b3d38" stroke-width="2"/><path d="M24 48 C24 34 76 34 76 48 C76 72 62 88 50 88 C38 88 24 72 24 48Z" fill="url(#ps-turq)" stroke="#0b3d38" stroke-width="2.5"/>' +
      '<path d="M50 40 v46" stroke="#0b3d38" stroke-width="2.5"/><circle cx="50" cy="14" r="7" fill="url(#ps-sun)" stroke="#8a5a08" stroke-width="1.5"/></g>',
    eye:
      `<g filter="url(#${S})"><path d="M8 46 C26 22 74 22 92 46 C74 62 26 62 8 46Z" fill="#fff8e6" stroke="#1a1238" stroke-width="4"/><circle cx="50" cy="44" r="13" fill="url(#ps-lapis)" stroke="#1a1238" stroke-width="2.5"/><circle cx="50" cy="44" r="5" fill="#0a0820"/>` +
      '<path d="M8 46 C20 40 30 36 50 32 M40 58 L34 84 C44 80 46 70 44 60 M60 58 C66 66 76 70 86 66" stroke="#1a1238" stroke-width="4" fill="none" stroke-linecap="round"/><path d="M14 26 C34 14 66 14 86 24" stroke="url(#ps-gold)" stroke-width="5" fill="none" stroke-linecap="round"/></g>',
    A: card('A', 'ps-gold'),
    K: card('K', 'ps-lapis'),
    Q: card('Q', 'ps-turq'),
    J: card('J', 'ps-red'),
    wild:
      tile('url(#ps-lapis)', 'url(#ps-gold)', 4) +
      `<g filter="url(#${S})"><path d="M50 12 L84 72 H16Z" fill="url(#ps-gold)" stroke="#6a4510" stroke-width="2" stroke-linejoin="round"/><path d="M50 12 L62 72 H84Z" fill="#8a5a08" opacity=".45"/><path d="M34 44 h32 M26 58 h48" stroke="#6a4510" stroke-width="1.5"/></g>` +
      mark('WILD', '#fff3bf', '#0e1a5c'),
    scatter:
      `<circle cx="50" cy="44" r="34" fill="url(#ps-sun)"/><g filter="url(#${S})"><path d="M20 46 C10 30 18 18 30 22 C26 30 34 36 40 40 M80 46 C90 30 82 18 70 22 C74 30 66 36 60 40" fill="url(#ps-gold)" stroke="#6a4510" stroke-width="2"/>` +
      '<circle cx="50" cy="44" r="14" fill="url(#ps-red)" stroke="#64120a" stroke-width="2"/></g>' +
      mark('SCATTER', '#fff3bf', '#0e1a5c'),
  },
  logo: '<rect width="64" height="64" rx="12" fill="#0e1a5c"/><path d="M32 8 L58 54 H6Z" fill="#e9b949" stroke="#8a5a08" stroke-width="2"/><circle cx="32" cy="36" r="6" fill="#2446b8" stroke="#fff3bf" stroke-width="2"/>',
  backdrop:
    '<rect width="800" height="500" fill="#0b0e2c"/>' + sparkles(80, '#fff3bf', 17) +
    '<circle cx="660" cy="90" r="36" fill="#fff3bf" opacity=".8"/>' +
    '<path d="M80 420 L210 220 L340 420Z M300 420 L400 270 L500 420Z" fill="#9a6a24" opacity=".55"/><path d="M210 220 L340 420 H260Z" fill="#5a3c10" opacity=".5"/>' +
    '<path d="M0 430 Q200 390 400 430 T800 420 V500 H0Z" fill="#c8943e" opacity=".7"/>',
  theme: {
    frame: 'linear-gradient(180deg, #fff3bf, #8a5a08 45%, #e9b949)',
    reels: 'linear-gradient(180deg, #0e1a5c, #1c2f86 50%, #0e1a5c)',
    marquee: 'linear-gradient(180deg, #2446b8, #0e1a5c)',
    ink: '#fff3bf',
    accent: '#e9b949',
    glow: 'rgb(36 70 184 / 45%)',
    font: "'Trajan Pro', 'Cinzel', Georgia, serif",
  },
};
