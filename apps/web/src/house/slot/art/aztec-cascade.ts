import { gem, lin, mark, rad, shadow, sparkles, star, tile, type TSlotArt } from './kit.ts';

/** Aztec Cascade: jungle stone, jade and turquoise, carved gold; the gems are the low symbols. */
const S = 'az-sh';

export const art: TSlotArt = {
  defs: [
    lin('az-stone', ['#d8d2b8', '#8f876a', '#4a4532']),
    lin('az-gold', ['#fff1b0', '#e0a928', '#7a5008']),
    lin('az-jade', ['#c8ffd9', '#2fbf71', '#0b5a34']),
    lin('az-turq', ['#c8fbff', '#1fb6c9', '#0a5866']),
    lin('az-blue', ['#b8d4ff', '#2f6de0', '#0f2f7a']),
    lin('az-green', ['#c8ffc0', '#3ccf4a', '#136b1a']),
    lin('az-red', ['#ffb0a8', '#e2323f', '#7a0d16']),
    lin('az-purple', ['#e4c2ff', '#9a4fe0', '#471c7a']),
    rad('az-shine', ['#ffffff', '#ffffff00']),
    shadow(S),
  ].join(''),
  symbols: {
    mask:
      `<g filter="url(#${S})"><path d="M20 18 H80 V54 C80 76 66 90 50 90 C34 90 20 76 20 54Z" fill="url(#az-jade)" stroke="#0b3d22" stroke-width="2.5"/>` +
      '<path d="M30 40 h14 v8 h-14z M56 40 h14 v8 h-14z" fill="#fff" stroke="#0b3d22" stroke-width="2"/><path d="M46 52 l4 12 4 -12" fill="url(#az-gold)" stroke="#7a5008" stroke-width="1.5"/>' +
      '<path d="M36 72 h28" stroke="#0b3d22" stroke-width="4" stroke-linecap="round"/><path d="M20 18 l-8 -8 M80 18 l8 -8 M34 18 v-8 M50 18 v-10 M66 18 v-8" stroke="url(#az-gold)" stroke-width="5" stroke-linecap="round"/>' +
      '<circle cx="24" cy="60" r="5" fill="url(#az-turq)"/><circle cx="76" cy="60" r="5" fill="url(#az-turq)"/></g>',
    sun:
      `<g filter="url(#${S})"><polygon points="${star(50, 48, 42, 28, 16)}" fill="url(#az-gold)" stroke="#7a5008" stroke-width="2"/><circle cx="50" cy="48" r="24" fill="url(#az-gold)" stroke="#7a5008" stroke-width="2.5"/>` +
      '<circle cx="42" cy="44" r="3" fill="#7a5008"/><circle cx="58" cy="44" r="3" fill="#7a5008"/><path d="M42 56 q8 6 16 0" stroke="#7a5008" stroke-width="3" fill="none" stroke-linecap="round"/></g>',
    jaguar:
      `<g filter="url(#${S})"><path d="M18 36 L22 14 L38 26 C46 22 54 22 62 26 L78 14 L82 36 C88 54 80 80 50 86 C20 80 12 54 18 36Z" fill="url(#az-gold)" stroke="#5a3a06" stroke-width="2.5" stroke-linejoin="round"/>` +
      '<circle cx="30" cy="40" r="3" fill="#3a2404"/><circle cx="70" cy="40" r="3" fill="#3a2404"/><circle cx="26" cy="60" r="3" fill="#3a2404"/><circle cx="74" cy="60" r="3" fill="#3a2404"/><circle cx="50" cy="34" r="3" fill="#3a2404"/>' +
      '<path d="M34 48 l10 2 M66 48 l-10 2" stroke="#0b3d22" stroke-width="4" stroke-linecap="round"/><path d="M42 64 h16 l-8 8z" fill="#3a2404"/></g>',
    idol:
      `<g filter="url(#${S})"><path d="M30 14 H70 V30 H78 V86 H22 V30 H30Z" fill="url(#az-stone)" stroke="#2a2618" stroke-width="2.5"/>` +
      '<path d="M34 40 h10 v8 h-10z M56 40 h10 v8 h-10z" fill="#2a2618"/><path d="M36 62 h28 v10 h-28z" fill="#2a2618"/><path d="M40 62 v10 M46 62 v10 M52 62 v10 M58 62 v10" stroke="#d8d2b8" stroke-width="1.5"/>' +
      '<path d="M30 22 h40" stroke="url(#az-turq)" stroke-width="6"/></g>',
    blue: `<g filter="url(#${S})">${gem(4, 'az-blue', '#0f2f7a', 'az-shine', 0)}</g>`,
    green: `<g filter="url(#${S})">${gem(6, 'az-green', '#136b1a', 'az-shine', 0)}</g>`,
    red: `<g filter="url(#${S})">${gem(3, 'az-red', '#7a0d16', 'az-shine', Math.PI, 38)}</g>`,
    purple: `<g filter="url(#${S})">${gem(5, 'az-purple', '#471c7a', 'az-shine', 0)}</g>`,
    wild:
      tile('url(#az-jade)', 'url(#az-gold)', 4) +
      `<g filter="url(#${S})"><path d="M50 14 C40 26 26 30 18 44 C30 42 40 46 50 58 C60 46 70 42 82 44 C74 30 60 26 50 14Z" fill="url(#az-turq)" stroke="#0a5866" stroke-width="2"/><circle cx="50" cy="40" r="7" fill="url(#az-gold)" stroke="#7a5008" stroke-width="2"/></g>` +
      mark('WILD', '#fff1b0', '#0b5a34'),
    scatter:
      `<g filter="url(#${S})"><path d="M14 74 H86 L78 62 H22Z M22 62 H78 L70 48 H30Z M30 48 H70 L62 34 H38Z M38 34 H62 L56 20 H44Z" fill="url(#az-stone)" stroke="#2a2618" stroke-width="2" stroke-linejoin="round"/><circle cx="50" cy="14" r="8" fill="url(#az-gold)" stroke="#7a5008" stroke-width="2"/></g>` +
      mark('SCATTER', '#fff1b0', '#0b5a34'),
  },
  logo: '<rect width="64" height="64" rx="12" fill="#0b3d22"/><path d="M8 52 H56 L50 42 H14Z M14 42 H50 L44 30 H20Z M20 30 H44 L38 18 H26Z" fill="#e0a928" stroke="#7a5008" stroke-width="1.5"/>',
  backdrop:
    '<rect width="800" height="500" fill="#0a2a18"/><g fill="#0f3d22">' +
    Array.from({ length: 14 }, (_, i) => `<path d="M${i * 60} 0 q30 60 10 130 q-20 -50 -40 -90z"/>`).join('') +
    '</g><g fill="#136b1a" opacity=".5">' +
    Array.from({ length: 12 }, (_, i) => `<ellipse cx="${30 + i * 70}" cy="${470 - (i % 3) * 18}" rx="40" ry="14"/>`).join('') +
    `</g>${sparkles(24, '#c8ffd9', 29)}`,
  theme: {
    frame: 'linear-gradient(180deg, #d8d2b8, #4a4532 50%, #d8d2b8)',
    reels: 'linear-gradient(180deg, #1b2a20, #2a3d2c 50%, #1b2a20)',
    marquee: 'linear-gradient(180deg, #2fbf71, #0b5a34)',
    ink: '#fff1b0',
    accent: '#1fb6c9',
    glow: 'rgb(47 191 113 / 40%)',
    font: "Georgia, 'Times New Roman', serif",
  },
};
