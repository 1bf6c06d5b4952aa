/** Sic bo drawings: a die face (viewBox 0 0 60 60; the one and the four in red, as Asian dice are) and the logo. */

const PIPS: Record<number, [number, number][]> = {
  1: [[30, 30]],
  2: [[18, 18], [42, 42]],
  3: [[16, 16], [30, 30], [44, 44]],
  4: [[18, 18], [42, 18], [18, 42], [42, 42]],
  5: [[16, 16], [44, 16], [30, 30], [16, 44], [44, 44]],
  6: [[18, 15], [42, 15], [18, 30], [42, 30], [18, 45], [42, 45]],
};

export function dieFace(face: number): string {
  const red = face === 1 || face === 4;
  const r = face === 1 ? 9 : 5.6;
  const pips = (PIPS[face] ?? []).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${red ? '#d0202e' : '#1b2233'}"/>`).join('');
  return (
    '<rect x="2" y="2" width="56" height="56" rx="11" fill="#fdfdfb" stroke="#c9ced9" stroke-width="1.5"/>' +
    '<rect x="5" y="5" width="50" height="50" rx="9" fill="none" stroke="rgb(255 255 255 / 80%)" stroke-width="2"/>' +
    pips
  );
}

export const SICBO_LOGO =
  '<ellipse cx="32" cy="46" rx="27" ry="11" fill="#7a1420" stroke="#d8a93a" stroke-width="2"/>' +
  '<rect x="8" y="20" width="20" height="20" rx="4" fill="#fdfdfb" stroke="#c9ced9" transform="rotate(-10 18 30)"/>' +
  '<circle cx="18" cy="30" r="3.6" fill="#d0202e" transform="rotate(-10 18 30)"/>' +
  '<rect x="34" y="18" width="20" height="20" rx="4" fill="#fdfdfb" stroke="#c9ced9" transform="rotate(12 44 28)"/>' +
  '<circle cx="39" cy="23" r="2.2" fill="#1b2233"/><circle cx="49" cy="33" r="2.2" fill="#1b2233"/><circle cx="44" cy="28" r="2.2" fill="#1b2233"/>' +
  '<rect x="22" y="4" width="20" height="20" rx="4" fill="#fdfdfb" stroke="#c9ced9"/>' +
  '<circle cx="27" cy="9" r="2.2" fill="#d0202e"/><circle cx="37" cy="9" r="2.2" fill="#d0202e"/><circle cx="27" cy="19" r="2.2" fill="#d0202e"/><circle cx="37" cy="19" r="2.2" fill="#d0202e"/>';
