/** Xóc đĩa's drawings (SVG): the logo, the plate with four discs, the bowl, and the board's disc marks. */

export const XOCDIA_LOGO = `
  <circle cx="32" cy="36" r="24" fill="#f4efe6" stroke="#b08d57" stroke-width="3"/>
  <circle cx="24" cy="30" r="6" fill="#d7263d"/><circle cx="40" cy="30" r="6" fill="#fff" stroke="#9aa4bd"/>
  <circle cx="24" cy="44" r="6" fill="#fff" stroke="#9aa4bd"/><circle cx="40" cy="44" r="6" fill="#d7263d"/>
  <path d="M12 22 Q32 -2 52 22 Z" fill="#c58b3a" opacity="0.9"/>`;

/** Four discs in a row: n reds then whites (the board's marks). */
export function discMarks(reds: number): string {
  return [0, 1, 2, 3]
    .map((i) => `<circle cx="${11 + i * 14}" cy="32" r="6" fill="${i < reds ? '#d7263d' : '#ffffff'}" stroke="${i < reds ? '#8e1020' : '#8a93a8'}" stroke-width="1.5"/>`)
    .join('');
}

/** The plate (đĩa) seen from above at an angle, with four disc slots; the discs are filled by the page. */
export const PLATE = `
  <defs>
    <radialGradient id="xd-plate" cx="50%" cy="40%" r="60%"><stop offset="0" stop-color="#ffffff"/><stop offset="0.75" stop-color="#eee6d6"/><stop offset="1" stop-color="#c9b48c"/></radialGradient>
    <radialGradient id="xd-bowl" cx="40%" cy="30%" r="75%"><stop offset="0" stop-color="#f3d38a"/><stop offset="0.55" stop-color="#c58b3a"/><stop offset="1" stop-color="#7a4f1c"/></radialGradient>
    <radialGradient id="xd-red" cx="35%" cy="35%" r="70%"><stop offset="0" stop-color="#ff6b6b"/><stop offset="1" stop-color="#b3122a"/></radialGradient>
    <radialGradient id="xd-white" cx="35%" cy="35%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#cfd5e2"/></radialGradient>
  </defs>
  <ellipse cx="160" cy="128" rx="150" ry="62" fill="rgb(0 0 0 / 22%)"/>
  <ellipse cx="160" cy="118" rx="150" ry="62" fill="url(#xd-plate)" stroke="#b08d57" stroke-width="4"/>
  <ellipse cx="160" cy="118" rx="118" ry="46" fill="none" stroke="#d9c7a1" stroke-width="2"/>`;

/** The bowl (bát) that covers the plate. */
export const BOWL = `
  <path d="M34 118 Q40 20 160 14 Q280 20 286 118 Z" fill="url(#xd-bowl)" stroke="#6b4416" stroke-width="3"/>
  <ellipse cx="160" cy="118" rx="126" ry="14" fill="#8a5a22"/>
  <path d="M80 60 Q120 30 170 28" stroke="#fff4d6" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.55"/>
  <ellipse cx="160" cy="16" rx="26" ry="8" fill="#a06a28" stroke="#6b4416" stroke-width="2"/>`;

/** Where the four discs lie on the plate. */
export const DISC_SPOTS: readonly (readonly [number, number])[] = [[112, 104], [168, 96], [136, 134], [204, 128]];
