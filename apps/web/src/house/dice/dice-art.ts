/**
 * Dice Duel's artwork, drawn in code: a die face (ivory, rounded, red or black pips) as a 100 × 100 SVG, the
 * logo, the crown for a winning seat. The gradients live once in the page (`DICE_DEFS`).
 */

export const DICE_DEFS =
  '<linearGradient id="dd-ivory" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset=".6" stop-color="#f1ede2"/><stop offset="1" stop-color="#cfc8b6"/></linearGradient>' +
  '<radialGradient id="dd-pip" cx=".35" cy=".35" r=".8"><stop offset="0" stop-color="#3a4256"/><stop offset="1" stop-color="#0b0f1a"/></radialGradient>' +
  '<radialGradient id="dd-pip-red" cx=".35" cy=".35" r=".8"><stop offset="0" stop-color="#ff6b75"/><stop offset="1" stop-color="#a3121f"/></radialGradient>' +
  '<filter id="dd-shadow" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="4" stdDeviation="3" flood-color="#000" flood-opacity=".45"/></filter>';

const P = { lo: 27, mid: 50, hi: 73 } as const;
/** Pip centres per face, as on a real die. */
const PIPS: Record<number, [number, number][]> = {
  1: [[P.mid, P.mid]],
  2: [[P.lo, P.lo], [P.hi, P.hi]],
  3: [[P.lo, P.lo], [P.mid, P.mid], [P.hi, P.hi]],
  4: [[P.lo, P.lo], [P.hi, P.lo], [P.lo, P.hi], [P.hi, P.hi]],
  5: [[P.lo, P.lo], [P.hi, P.lo], [P.mid, P.mid], [P.lo, P.hi], [P.hi, P.hi]],
  6: [[P.lo, P.lo], [P.hi, P.lo], [P.lo, P.mid], [P.hi, P.mid], [P.lo, P.hi], [P.hi, P.hi]],
};

/** One face, 1 to 6 (the one and the four have red pips, as Asian dice do). */
export function dieFace(value: number): string {
  const pips = PIPS[value] ?? PIPS[1] ?? [];
  const red = value === 1 || value === 4;
  const r = value === 1 ? 13 : 9;
  return (
    '<g filter="url(#dd-shadow)"><rect x="6" y="6" width="88" height="88" rx="18" fill="url(#dd-ivory)" stroke="#b9b19c" stroke-width="1.5"/>' +
    '<rect x="10" y="9" width="80" height="40" rx="14" fill="#fff" opacity=".35"/></g>' +
    pips.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#${red ? 'dd-pip-red' : 'dd-pip'})"/>`).join('')
  );
}

/** An empty slot where a die will land. */
export const DIE_SLOT = '<rect x="8" y="8" width="84" height="84" rx="18" fill="none" stroke="currentColor" stroke-width="3" stroke-dasharray="10 8" opacity=".45"/>';

export const CROWN =
  '<path d="M3 18 1 6l6 4 5-7 5 7 6-4-2 12z" fill="#f2c14e" stroke="#7a4d06" stroke-width="1.2" stroke-linejoin="round"/><rect x="3" y="18" width="18" height="3" rx="1" fill="#d9a21f" stroke="#7a4d06" stroke-width="1"/>';

export const SEAT_ICON =
  '<circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" stroke-width="2"/><path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';

export const DICE_LOGO =
  '<g transform="rotate(-14 22 34)"><rect x="6" y="18" width="32" height="32" rx="7" fill="#fdfbf5" stroke="#b9b19c" stroke-width="1.5"/>' +
  '<circle cx="14" cy="26" r="3.2" fill="#1b2233"/><circle cx="22" cy="34" r="3.2" fill="#1b2233"/><circle cx="30" cy="42" r="3.2" fill="#1b2233"/></g>' +
  '<g transform="rotate(12 42 30)"><rect x="26" y="12" width="32" height="32" rx="7" fill="#fdfbf5" stroke="#b9b19c" stroke-width="1.5"/>' +
  '<circle cx="34" cy="20" r="3.2" fill="#d0202e"/><circle cx="50" cy="20" r="3.2" fill="#d0202e"/><circle cx="34" cy="36" r="3.2" fill="#d0202e"/><circle cx="50" cy="36" r="3.2" fill="#d0202e"/></g>';
