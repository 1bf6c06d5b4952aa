import { STAKES } from '@playhall/contract/stakes';

/** The casino chip every table draws (viewBox 0 0 48 48); the felt tables and the card tables differ by a stroke. */

/** Chip colours from the smallest chip up (white, red, blue, green, black, purple), whatever the currency's values. */
const CHIP_COLOURS: [string, string][] = [
  ['#e8ecf5', '#5b6478'],
  ['#e2323f', '#ffffff'],
  ['#2f7de0', '#ffffff'],
  ['#2fbf71', '#ffffff'],
  ['#1b2233', '#f2c14e'],
  ['#6142bf', '#f2c14e'],
];

/** A chip's value as printed on it: major units, thousands as K (1K = 1,000), millions as M. */
export function chipLabel(value: number): string {
  const major = value / 100;
  if (major >= 1_000_000) return `${major / 1_000_000}M`;
  return major >= 1_000 ? `${major / 1_000}K` : String(major);
}

/**
 * A chip labelled with `value` (any amount: a stack on a spot shows its total), coloured as the largest chip of
 * the ladder not above `colourOf`. `look`: `felt` (roulette, sic bo: a wider centre, long labels smaller) or
 * `cards` (baccarat, dragon tiger, blackjack).
 */
export function chipFace(value: number, look: 'felt' | 'cards', colourOf = value): string {
  const chips = STAKES.baccaratChips;
  const index = [...chips].reverse().findIndex((c) => c <= colourOf);
  const [fill, edge] = CHIP_COLOURS[index < 0 ? 0 : chips.length - 1 - index] ?? ['#f2c14e', '#1b2233'];
  const label = chipLabel(value);
  const font = look === 'felt' ? (label.length > 3 ? 10 : label.length > 2 ? 11 : 13) : label.length > 2 ? 11 : 13;
  return (
    `<circle cx="24" cy="24" r="22" fill="${fill}" stroke="rgb(0 0 0 / 35%)" stroke-width="1"/>` +
    `<circle cx="24" cy="24" r="19" fill="none" stroke="${edge}" stroke-width="5" stroke-dasharray="6 6.9"/>` +
    `<circle cx="24" cy="24" r="${look === 'felt' ? 14 : 13}" fill="${fill}" stroke="${edge}" stroke-width="1.2"/>` +
    `<text x="24" y="28.5" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="800" font-size="${font}" fill="${fill === '#e8ecf5' ? '#1b2233' : edge}">${label}</text>`
  );
}
