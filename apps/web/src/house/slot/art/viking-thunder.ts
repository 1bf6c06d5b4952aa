import { lin, mark, rad, rank, shadow, sparkles, tile, type TSlotArt } from './kit.ts';

/** Viking Thunder: storm-grey steel, ice blue and blood red, runic capitals. */
const S = 'vt-sh';
const card = (letter: string, fill: string) =>
  rank(letter, { fill, stroke: '#0b1018', font: "Impact, 'Arial Black', sans-serif", shadow: S, weight: 400, ornament: '<path d="M40 84 l10 6 10 -6" fill="none" stroke="#8fd0ff" stroke-width="3"/>' });

export const art: TSlotArt = {
  defs: [
    lin('vt-steel', ['#f2f5fa', '#9aa6b8', '#3a4454']),
    lin('vt-ice', ['#e6f6ff', '#5ab4f0', '#124a80']),
    lin('vt-red', ['#ff9a8a', '#c8262a', '#5a0a0a']),
    lin('vt-gold', ['#fff0b0', '#d9a43a', '#6e4808']),
    lin('vt-wood', ['#d9a46a', '#8a5426', '#3e220a']),
    rad('vt-bolt', ['#ffffff', '#bfe6ff', '#2f7de0']),
    shadow(S),
  ].join(''),
  symbols: {
    viking:
      `<g filter="url(#${S})"><path d="M22 50 C22 26 78 26 78 50Z" fill="url(#vt-steel)" stroke="#1c2430" stroke-width="2.5"/><path d="M22 44 C10 40 6 24 12 12 C16 26 22 32 30 34 M78 44 C90 40 94 24 88 12 C84 26 78 32 70 34" fill="url(#vt-gold)" stroke="#6e4808" stroke-width="2"/>` +
      '<path d="M26 50 H74 V60 C74 70 66 74 50 74 C34 74 26 70 26 60Z" fill="#f0c8a0" stroke="#5a3a1c" stroke-width="2"/><path d="M50 44 v20" stroke="url(#vt-steel)" stroke-width="6"/>' +
      '<path d="M26 62 C26 86 40 94 50 94 C60 94 74 86 74 62 C66 70 34 70 26 62Z" fill="url(#vt-red)" stroke="#3a0606" stroke-width="2"/><circle cx="40" cy="56" r="2.5" fill="#111"/><circle cx="60" cy="56" r="2.5" fill="#111"/></g>',
    valkyrie:
      `<g filter="url(#${S})"><path d="M30 40 C10 34 6 20 10 10 C18 22 26 26 34 28 M70 40 C90 34 94 20 90 10 C82 22 74 26 66 28" fill="url(#vt-ice)" stroke="#124a80" stroke-width="2"/>` +
      '<path d="M30 44 C30 24 70 24 70 44 V50 H30Z" fill="url(#vt-steel)" stroke="#1c2430" stroke-width="2"/><path d="M32 50 H68 C68 70 60 78 50 78 C40 78 32 70 32 50Z" fill="#f6d8bc" stroke="#5a3a1c" stroke-width="2"/>' +
      '<path d="M30 50 C22 64 22 80 28 92 M70 50 C78 64 78 80 72 92" stroke="url(#vt-gold)" stroke-width="7" fill="none" stroke-linecap="round"/><circle cx="43" cy="60" r="2.2" fill="#124a80"/><circle cx="57" cy="60" r="2.2" fill="#124a80"/><path d="M45 70 q5 3 10 0" stroke="#a33" stroke-width="2" fill="none"/></g>',
    axe:
      `<g filter="url(#${S})"><path d="M30 90 L68 20" stroke="url(#vt-wood)" stroke-width="8" stroke-linecap="round"/><path d="M56 18 C74 6 92 16 92 36 C84 30 74 32 66 40Z" fill="url(#vt-steel)" stroke="#1c2430" stroke-width="2.5"/>` +
      '<path d="M62 30 C50 22 34 26 28 40 C38 38 46 42 54 50Z" fill="url(#vt-steel)" stroke="#1c2430" stroke-width="2.5"/><path d="M40 66 l8 4 M44 58 l8 4" stroke="url(#vt-gold)" stroke-width="3"/></g>',
    shield:
      `<g filter="url(#${S})"><circle cx="50" cy="50" r="40" fill="url(#vt-wood)" stroke="#3e220a" stroke-width="3"/><path d="M50 10 V90 M10 50 H90" stroke="url(#vt-red)" stroke-width="10"/>` +
      '<circle cx="50" cy="50" r="40" fill="none" stroke="url(#vt-steel)" stroke-width="5"/><circle cx="50" cy="50" r="11" fill="url(#vt-steel)" stroke="#1c2430" stroke-width="2"/></g>',
    horn:
      `<g filter="url(#${S})"><path d="M12 30 C30 30 70 40 84 74 C88 82 80 88 74 82 C62 62 36 48 14 44Z" fill="url(#vt-gold)" stroke="#6e4808" stroke-width="2.5"/>` +
      '<path d="M30 32 l-2 14 M50 40 l-6 14 M66 52 l-10 10" stroke="#6e4808" stroke-width="3"/><ellipse cx="13" cy="37" rx="4" ry="7.5" fill="#3e220a"/></g>',
    A: card('A', 'vt-ice'),
    K: card('K', 'vt-red'),
    Q: card('Q', 'vt-gold'),
    J: card('J', 'vt-steel'),
    wild:
      tile('url(#vt-ice)', 'url(#vt-steel)', 4) +
      `<g filter="url(#${S})"><rect x="30" y="18" width="40" height="24" rx="3" fill="url(#vt-steel)" stroke="#1c2430" stroke-width="2.5"/><path d="M50 42 V74" stroke="url(#vt-wood)" stroke-width="8" stroke-linecap="round"/><path d="M34 26 l10 8 -6 4" stroke="url(#vt-bolt)" stroke-width="3" fill="none"/></g>` +
      mark('WILD', '#e6f6ff', '#124a80'),
    bonus:
      tile('url(#vt-wood)', 'url(#vt-gold)', 4) +
      `<g filter="url(#${S})"><path d="M30 14 H70 L74 70 H26Z" fill="url(#vt-steel)" stroke="#1c2430" stroke-width="2.5"/><path d="M50 22 V62 M50 30 L62 22 M50 42 L38 34" stroke="url(#vt-bolt)" stroke-width="4.5" stroke-linecap="round"/></g>` +
      mark('BONUS', '#fff0b0', '#3e220a'),
  },
  logo: '<rect width="64" height="64" rx="12" fill="#1c2430"/><path d="M36 6 L18 36 H30 L24 58 L46 26 H34 L42 6Z" fill="#bfe6ff" stroke="#2f7de0" stroke-width="2" stroke-linejoin="round"/>',
  backdrop:
    '<defs><linearGradient id="vt-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0a1220"/><stop offset="1" stop-color="#25344a"/></linearGradient></defs><rect width="800" height="500" fill="url(#vt-sky)"/>' +
    '<g fill="#3a4a62" opacity=".55"><ellipse cx="140" cy="70" rx="160" ry="40"/><ellipse cx="520" cy="50" rx="220" ry="46"/><ellipse cx="760" cy="110" rx="120" ry="34"/></g>' +
    '<path d="M610 70 L580 150 H600 L570 240" stroke="#bfe6ff" stroke-width="4" fill="none" opacity=".7"/>' +
    `<path d="M0 430 L120 360 L220 420 L360 340 L500 420 L640 350 L800 420 V500 H0Z" fill="#101826"/>${sparkles(18, '#bfe6ff', 41)}`,
  theme: {
    frame: 'linear-gradient(180deg, #f2f5fa, #3a4454 50%, #9aa6b8)',
    reels: 'linear-gradient(180deg, #0e1622, #1c2a3c 50%, #0e1622)',
    marquee: 'linear-gradient(180deg, #3a4454, #0e1622)',
    ink: '#e6f6ff',
    accent: '#5ab4f0',
    glow: 'rgb(90 180 240 / 35%)',
    font: "Impact, 'Arial Black', sans-serif",
  },
};
