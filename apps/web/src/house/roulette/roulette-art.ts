import { colourOf } from '@playhall/contract/house-rules/roulette';
import { chipFace } from '../shared/chip-art.ts';
import { WHEEL_ORDER } from './roulette-board.ts';

/** The roulette page's drawings: the wheel (viewBox -100 -100 200 200), chips (0 0 48 48) and the logo (0 0 64 64). */

export const POCKET_FILL = { red: '#c8202f', black: '#161b26', green: '#138a4a' } as const;
const STEP = 360 / WHEEL_ORDER.length;

const point = (angle: number, r: number): string => {
  const rad = ((angle - 90) * Math.PI) / 180;
  return `${(Math.cos(rad) * r).toFixed(2)} ${(Math.sin(rad) * r).toFixed(2)}`;
};

/** The wheel's rotating part: pockets clockwise from zero at the top, numbers on the rim, the turret. */
export function wheelArt(): string {
  const pockets = WHEEL_ORDER.map((n, i) => {
    const a0 = i * STEP - STEP / 2;
    const a1 = a0 + STEP;
    const fill = POCKET_FILL[colourOf(n)];
    const sector = `<path d="M ${point(a0, 88)} A 88 88 0 0 1 ${point(a1, 88)} L ${point(a1, 58)} A 58 58 0 0 0 ${point(a0, 58)} Z" fill="${fill}" stroke="#d8b25a" stroke-width="0.6"/>`;
    const label = `<text x="0" y="-76" transform="rotate(${(i * STEP).toFixed(3)})" text-anchor="middle" dominant-baseline="middle" font-size="8.5" font-weight="700" fill="#fff" font-family="system-ui, sans-serif">${n}</text>`;
    return sector + label;
  }).join('');
  const frets = WHEEL_ORDER.map((_, i) => `<line x1="0" y1="-58" x2="0" y2="-66" transform="rotate(${(i * STEP - STEP / 2).toFixed(3)})" stroke="#e7c770" stroke-width="1"/>`).join('');
  const spokes = [0, 90, 180, 270].map((a) => `<rect x="-2.2" y="-40" width="4.4" height="34" rx="2" fill="url(#rl-gold)" transform="rotate(${a})"/>`).join('');
  return (
    pockets +
    '<circle r="66" fill="none" stroke="#d8b25a" stroke-width="0.8"/>' + frets +
    '<circle r="58" fill="url(#rl-cone)" stroke="#d8b25a" stroke-width="1.2"/>' +
    spokes +
    '<circle r="11" fill="url(#rl-gold)" stroke="#8a6a1e" stroke-width="1"/><circle r="4" fill="#fff6d8"/>'
  );
}

/** The wheel's fixed frame (outer wooden rim) and gradients. */
export const WHEEL_FRAME =
  '<defs>' +
  '<radialGradient id="rl-cone" cx="0.45" cy="0.4" r="0.7"><stop offset="0" stop-color="#6b4a2a"/><stop offset="1" stop-color="#2d1c0f"/></radialGradient>' +
  '<linearGradient id="rl-gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbe7a1"/><stop offset="0.5" stop-color="#d8a93a"/><stop offset="1" stop-color="#8a6a1e"/></linearGradient>' +
  '<radialGradient id="rl-rim" cx="0.5" cy="0.5" r="0.5"><stop offset="0.85" stop-color="#5a3518"/><stop offset="1" stop-color="#2b170a"/></radialGradient>' +
  '</defs>' +
  '<circle r="99" fill="url(#rl-rim)"/><circle r="90" fill="none" stroke="url(#rl-gold)" stroke-width="3"/>';

/** The ball at rest in the pocket at the top of the wheel (the ball's layer turns to bring it there). */
export const BALL = '<circle cx="0" cy="-63" r="4.6" fill="#fdfdfb" stroke="#9aa4bd" stroke-width="0.8"/><circle cx="-1.4" cy="-64.4" r="1.4" fill="#fff"/>';

/** The pointer over the top pocket. */
export const POINTER = '<path d="M -6 -99 L 6 -99 L 0 -89 Z" fill="url(#rl-gold)" stroke="#8a6a1e" stroke-width="0.8"/>';

/** Angle the wheel turns to so that pocket `n` stands at the top. */
export const pocketAngle = (n: number): number => -WHEEL_ORDER.indexOf(n) * STEP;

/** A casino chip labelled with its value; `value` may be any amount (the stack on a spot shows its total). */
export const chipArt = (value: number): string => chipFace(value, 'felt');

export const ROULETTE_LOGO =
  '<circle cx="32" cy="32" r="29" fill="#5a3518" stroke="#d8a93a" stroke-width="3"/>' +
  '<circle cx="32" cy="32" r="21" fill="none" stroke="#c8202f" stroke-width="8" stroke-dasharray="5.5 5.5"/>' +
  '<circle cx="32" cy="32" r="21" fill="none" stroke="#161b26" stroke-width="8" stroke-dasharray="5.5 5.5" stroke-dashoffset="5.5"/>' +
  '<circle cx="32" cy="32" r="9" fill="#d8a93a"/><circle cx="32" cy="11" r="3.4" fill="#fff"/>';
