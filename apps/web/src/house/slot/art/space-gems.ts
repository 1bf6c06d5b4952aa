import { gem, lin, mark, rad, shadow, sparkles, star, type TSlotArt } from './kit.ts';

/** Space Gems: deep violet space, glowing cut gems, planets and a comet. */
const S = 'sg-sh';

export const art: TSlotArt = {
  defs: [
    lin('sg-ruby', ['#ffc0cc', '#ff2d55', '#7a0620']),
    lin('sg-emerald', ['#c0ffd8', '#1fd67a', '#06602e']),
    lin('sg-sapphire', ['#c0dcff', '#2f6dff', '#0a2680']),
    lin('sg-amethyst', ['#ecd0ff', '#b04dff', '#4e0a8a']),
    lin('sg-topaz', ['#fff2c0', '#ffb21f', '#8a5206']),
    lin('sg-ring', ['#fff', '#9ad4ff', '#3a5ab0'], true),
    rad('sg-planet', ['#ffe0c0', '#ff7a3c', '#7a1a4a']),
    rad('sg-shine', ['#ffffff', '#ffffff00']),
    rad('sg-nova', ['#ffffff', '#c8a0ff', '#2a0a5a00']),
    shadow(S),
  ].join(''),
  symbols: {
    planet:
      `<g filter="url(#${S})"><ellipse cx="50" cy="50" rx="44" ry="12" fill="none" stroke="url(#sg-ring)" stroke-width="5" transform="rotate(-18 50 50)"/><circle cx="50" cy="50" r="26" fill="url(#sg-planet)"/>` +
      '<path d="M26 44 q24 -6 48 4 M28 58 q22 -4 44 4" stroke="#ffd0a0" stroke-width="3" fill="none" opacity=".6"/>' +
      '<path d="M8 60 A44 12 -18 0 0 92 40" fill="none" stroke="url(#sg-ring)" stroke-width="5" transform="rotate(0)"/></g>',
    comet:
      `<g filter="url(#${S})"><path d="M70 30 L10 86 L26 76 L14 92 L78 40Z" fill="url(#sg-sapphire)" opacity=".6"/><path d="M70 30 L24 84 L80 42Z" fill="#c0dcff" opacity=".6"/>` +
      '<circle cx="72" cy="32" r="16" fill="url(#sg-nova)"/><circle cx="72" cy="32" r="9" fill="#fff"/></g>',
    ruby: `<g filter="url(#${S})">${gem(6, 'sg-ruby', '#4a0414', 'sg-shine', 0)}</g>`,
    emerald: `<g filter="url(#${S})">${gem(8, 'sg-emerald', '#04401e', 'sg-shine', Math.PI / 8)}</g>`,
    sapphire: `<g filter="url(#${S})">${gem(4, 'sg-sapphire', '#061a5a', 'sg-shine', 0, 40)}</g>`,
    amethyst: `<g filter="url(#${S})">${gem(5, 'sg-amethyst', '#34065e', 'sg-shine', 0)}</g>`,
    topaz: `<g filter="url(#${S})">${gem(3, 'sg-topaz', '#5a3604', 'sg-shine', 0, 40)}</g>`,
    wild:
      `<circle cx="50" cy="46" r="44" fill="url(#sg-nova)"/><g filter="url(#${S})"><polygon points="${star(50, 44, 34, 10, 4)}" fill="#fff"/><polygon points="${star(50, 44, 22, 7, 4)}" fill="url(#sg-amethyst)" transform="rotate(45 50 44)"/></g>` +
      mark('WILD', '#fff', '#4e0a8a'),
    scatter:
      `<g filter="url(#${S})"><circle cx="50" cy="44" r="32" fill="#0a0420" stroke="url(#sg-ring)" stroke-width="4"/><path d="M50 44 m-24 0 a24 24 0 0 1 48 0 a18 18 0 0 1 -36 0 a12 12 0 0 1 24 0 a6 6 0 0 1 -12 0" fill="none" stroke="#c8a0ff" stroke-width="3"/></g>` +
      mark('SCATTER', '#fff', '#2f6dff'),
  },
  logo: '<circle cx="32" cy="32" r="30" fill="#14062e"/><circle cx="32" cy="32" r="14" fill="#ff7a3c"/><ellipse cx="32" cy="32" rx="28" ry="7" fill="none" stroke="#9ad4ff" stroke-width="3" transform="rotate(-18 32 32)"/>',
  backdrop:
    '<rect width="800" height="500" fill="#07021a"/><g opacity=".5"><circle cx="120" cy="110" r="140" fill="#2a0a5a" opacity=".5"/><circle cx="700" cy="400" r="180" fill="#0a2a6a" opacity=".5"/></g>' +
    sparkles(120, '#ffffff', 61) + '<circle cx="690" cy="90" r="28" fill="#ff7a3c" opacity=".65"/>',
  theme: {
    frame: 'linear-gradient(180deg, #c8a0ff, #2f6dff 50%, #c8a0ff)',
    reels: 'linear-gradient(180deg, #0a0420, #1a0a40 50%, #0a0420)',
    marquee: 'linear-gradient(180deg, #4e0a8a, #0a0420)',
    ink: '#ecd0ff',
    accent: '#1fd67a',
    glow: 'rgb(176 77 255 / 45%)',
    font: "'Orbitron', 'Eurostile', system-ui, sans-serif",
  },
};
