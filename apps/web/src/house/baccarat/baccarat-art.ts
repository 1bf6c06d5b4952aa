import { chipFace } from '../shared/chip-art.ts';

/** Baccarat Royale's artwork, drawn in code: cards (face and back), chips and the logo. */

const SUITS: Record<string, { glyph: string; red: boolean }> = {
  s: { glyph: '♠', red: false },
  h: { glyph: '♥', red: true },
  d: { glyph: '♦', red: true },
  c: { glyph: '♣', red: false },
};

/** The SVG markup (viewBox 0 0 60 84) of a card's face; "Ts" is the ten of spades. */
export function cardFace(card: string): string {
  const rank = card[0] === 'T' ? '10' : (card[0] ?? '');
  const suit = SUITS[card[1] ?? 's'] ?? { glyph: '♠', red: false };
  const colour = suit.red ? '#d0202e' : '#1b2233';
  const court = ['J', 'Q', 'K'].includes(rank);
  const corner = (x: number, y: number, flip: boolean) =>
    `<g transform="${flip ? `rotate(180 ${x} ${y})` : ''}"><text x="${x}" y="${y}" text-anchor="middle" font-family="Georgia, serif" font-weight="700" font-size="13" fill="${colour}">${rank}</text>` +
    `<text x="${x}" y="${y + 11}" text-anchor="middle" font-size="10" fill="${colour}">${suit.glyph}</text></g>`;
  const centre = court
    ? `<rect x="15" y="20" width="30" height="44" rx="3" fill="${suit.red ? '#fde8ea' : '#e8ecf5'}" stroke="${colour}" stroke-width="1"/>` +
      `<text x="30" y="50" text-anchor="middle" font-family="Georgia, serif" font-weight="900" font-size="24" fill="${colour}">${rank}</text>` +
      `<path d="M20 26 l4 5 6 -6 6 6 4 -5 v7 h-20z" fill="#f2c14e" stroke="#a86d0c" stroke-width=".8"/>`
    : `<text x="30" y="54" text-anchor="middle" font-size="30" fill="${colour}">${suit.glyph}</text>`;
  return `<rect x=".5" y=".5" width="59" height="83" rx="5" fill="#fdfdfb" stroke="#c9ced9"/>${corner(8, 13, false)}${corner(52, 71, true)}${centre}`;
}

export const CARD_BACK =
  '<rect x=".5" y=".5" width="59" height="83" rx="5" fill="#6142bf" stroke="#2d1870"/>' +
  '<rect x="5" y="5" width="50" height="74" rx="3" fill="url(#bac-back-pattern)" stroke="#f2c14e" stroke-width="1.2"/>' +
  '<path d="M30 30 l8 12 -8 12 -8 -12z" fill="#f2c14e" stroke="#2d1870" stroke-width="1"/>';

export const BACCARAT_DEFS =
  '<pattern id="bac-back-pattern" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
  '<rect width="8" height="8" fill="#4a2c9c"/><path d="M0 4 H8" stroke="#7b5cf0" stroke-width="1.5"/></pattern>';

/** A casino chip (viewBox 0 0 48 48) labelled with its value in major units. */
export const chipArt = (value: number): string => chipFace(value, 'cards');

export const BACCARAT_LOGO =
  '<rect x="10" y="8" width="30" height="42" rx="4" fill="#fdfdfb" stroke="#c9ced9" transform="rotate(-12 25 29)"/>' +
  '<rect x="24" y="12" width="30" height="42" rx="4" fill="#fdfdfb" stroke="#c9ced9" transform="rotate(10 39 33)"/>' +
  '<text x="40" y="42" text-anchor="middle" font-size="22" fill="#d0202e" transform="rotate(10 39 33)">♥</text>' +
  '<text x="20" y="36" text-anchor="middle" font-family="Georgia, serif" font-weight="900" font-size="16" fill="#1b2233" transform="rotate(-12 25 29)">A</text>';
