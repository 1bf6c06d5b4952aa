import { drawFish, eye } from './fish-art.ts';

/**
 * Dragon Fishing's creatures, drawn on the canvas in code like Ocean Hunter's (fish-art.ts): facing right, centred
 * on the origin, `L` px long; `t` (seconds) moves tails, legs and tentacles. The golden dragon is Ocean Hunter's,
 * crowned with a pearl.
 */
type C = CanvasRenderingContext2D;

function grad(c: C, y0: number, y1: number, stops: readonly string[]): CanvasGradient {
  const g = c.createLinearGradient(0, y0, 0, y1);
  stops.forEach((s, i) => g.addColorStop(i / Math.max(1, stops.length - 1), s));
  return g;
}

function ellipse(c: C, x: number, y: number, rx: number, ry: number, fill: string | CanvasGradient, rot = 0): void {
  c.fillStyle = fill;
  c.beginPath();
  c.ellipse(x, y, rx, ry, rot, 0, Math.PI * 2);
  c.fill();
}

function fishTail(c: C, x: number, spread: number, reach: number, wag: number, fill: string): void {
  c.fillStyle = fill;
  c.beginPath();
  c.moveTo(x, 0);
  c.quadraticCurveTo(x - reach * 0.5, -spread * 0.3 + wag, x - reach, -spread + wag);
  c.quadraticCurveTo(x - reach * 0.55, wag * 0.4, x - reach, spread + wag);
  c.quadraticCurveTo(x - reach * 0.5, spread * 0.3 + wag, x, 0);
  c.fill();
}

const DRAW: Record<string, (c: C, L: number, t: number) => void> = {
  koi(c, L, t) {
    const wag = Math.sin(t * 10) * L * 0.07;
    fishTail(c, -L * 0.3, L * 0.22, L * 0.24, wag, 'rgb(255 140 60 / 85%)');
    ellipse(c, 0, 0, L * 0.38, L * 0.17, grad(c, -L * 0.17, L * 0.17, ['#fff7ee', '#ffe9d6']));
    c.save();
    c.beginPath();
    c.ellipse(0, 0, L * 0.38, L * 0.17, 0, 0, Math.PI * 2);
    c.clip();
    for (const [x, y, r] of [[L * 0.16, -L * 0.08, L * 0.12], [-L * 0.12, -L * 0.1, L * 0.1], [-L * 0.02, L * 0.12, L * 0.08]] as const) ellipse(c, x, y, r, r * 0.7, '#f0541e');
    c.restore();
    c.strokeStyle = 'rgb(160 60 20 / 55%)';
    c.lineWidth = 1.5;
    c.beginPath();
    c.moveTo(L * 0.36, L * 0.04);
    c.quadraticCurveTo(L * 0.46, L * 0.08, L * 0.44, L * 0.16);
    c.stroke();
    eye(c, L * 0.26, -L * 0.04, L * 0.035);
  },
  crab(c, L, t) {
    const step = Math.sin(t * 8);
    c.strokeStyle = '#b8232a';
    c.lineCap = 'round';
    c.lineWidth = L * 0.04;
    for (let i = 0; i < 3; i += 1) {
      for (const s of [-1, 1] as const) {
        const x = (i - 1) * L * 0.14;
        c.beginPath();
        c.moveTo(x, s * L * 0.1);
        c.lineTo(x + step * s * L * 0.03, s * L * 0.3);
        c.lineTo(x - L * 0.04, s * L * 0.38);
        c.stroke();
      }
    }
    for (const s of [-1, 1] as const) {
      c.beginPath();
      c.moveTo(L * 0.18, s * L * 0.12);
      c.lineTo(L * 0.34, s * L * 0.24);
      c.stroke();
      ellipse(c, L * 0.4, s * L * 0.26, L * 0.1, L * 0.07, '#e63b3b', s * 0.4);
      c.fillStyle = '#7a1016';
      c.beginPath();
      c.moveTo(L * 0.5, s * L * 0.26);
      c.lineTo(L * 0.4, s * (L * 0.26 + Math.abs(step) * L * 0.02));
      c.lineTo(L * 0.5, s * L * 0.3);
      c.fill();
    }
    ellipse(c, 0, 0, L * 0.28, L * 0.22, grad(c, -L * 0.22, L * 0.22, ['#ff6a5c', '#c92a2f']));
    c.fillStyle = 'rgb(255 220 210 / 40%)';
    for (const [x, y] of [[-0.08, -0.08], [0.05, -0.12], [-0.12, 0.06]] as const) ellipse(c, x * L, y * L, L * 0.03, L * 0.02, 'rgb(255 220 210 / 40%)');
    eye(c, L * 0.26, -L * 0.06, L * 0.035);
    eye(c, L * 0.26, L * 0.06, L * 0.035);
  },
  jellyfish(c, L, t) {
    const pulse = 1 + Math.sin(t * 3) * 0.08;
    c.strokeStyle = 'rgb(255 180 240 / 70%)';
    c.lineWidth = 2;
    for (let i = 0; i < 6; i += 1) {
      const y0 = (i - 2.5) * L * 0.06;
      c.beginPath();
      c.moveTo(-L * 0.05, y0);
      for (let k = 1; k <= 8; k += 1) c.lineTo(-L * 0.05 - k * L * 0.05, y0 + Math.sin(t * 4 + i + k * 0.8) * k * 1.4);
      c.stroke();
    }
    const g = c.createRadialGradient(L * 0.12, -L * 0.05, 2, L * 0.08, 0, L * 0.28);
    g.addColorStop(0, 'rgb(255 240 255 / 95%)');
    g.addColorStop(0.6, 'rgb(230 130 230 / 80%)');
    g.addColorStop(1, 'rgb(150 70 200 / 60%)');
    c.fillStyle = g;
    c.beginPath();
    c.ellipse(L * 0.06, 0, L * 0.2 * pulse, L * 0.26 / pulse, 0, -Math.PI / 2, Math.PI / 2);
    c.quadraticCurveTo(-L * 0.02, 0, L * 0.06, -L * 0.26 / pulse);
    c.fill();
    c.fillStyle = 'rgb(255 255 255 / 45%)';
    c.beginPath();
    c.arc(L * 0.14, -L * 0.08, L * 0.04, 0, Math.PI * 2);
    c.fill();
  },
  seahorse(c, L, t) {
    const bob = Math.sin(t * 3) * L * 0.02;
    c.save();
    c.translate(0, bob);
    c.strokeStyle = '#e0a21c';
    c.lineWidth = L * 0.08;
    c.lineCap = 'round';
    c.beginPath();
    c.moveTo(L * 0.02, -L * 0.1);
    c.quadraticCurveTo(-L * 0.12, L * 0.1, L * 0.0, L * 0.28);
    c.quadraticCurveTo(L * 0.1, L * 0.38, L * 0.0, L * 0.4);
    c.stroke();
    ellipse(c, L * 0.04, L * 0.02, L * 0.12, L * 0.17, grad(c, -L * 0.15, L * 0.2, ['#ffd24a', '#e09a12']));
    ellipse(c, L * 0.12, -L * 0.2, L * 0.1, L * 0.07, '#ffc93a', -0.3);
    c.fillStyle = '#f2b01e';
    c.fillRect(L * 0.18, -L * 0.19, L * 0.16, L * 0.045);
    c.fillStyle = 'rgb(255 240 200 / 80%)';
    c.beginPath();
    c.moveTo(-L * 0.06, -L * 0.05);
    c.lineTo(-L * 0.16 + Math.sin(t * 12) * 2, 0);
    c.lineTo(-L * 0.07, L * 0.06);
    c.fill();
    eye(c, L * 0.14, -L * 0.22, L * 0.03);
    c.restore();
  },
  swordfish(c, L, t) {
    const wag = Math.sin(t * 8) * L * 0.05;
    fishTail(c, -L * 0.34, L * 0.2, L * 0.16, wag, '#1c4f8f');
    c.fillStyle = '#1c4f8f';
    c.beginPath();
    c.moveTo(-L * 0.05, -L * 0.08);
    c.lineTo(-L * 0.12, -L * 0.26);
    c.lineTo(L * 0.1, -L * 0.08);
    c.fill();
    ellipse(c, 0, 0, L * 0.36, L * 0.1, grad(c, -L * 0.1, L * 0.1, ['#3a7bd5', '#2a5aa0', '#d9e6f5']));
    c.strokeStyle = '#9fb4cc';
    c.lineWidth = L * 0.022;
    c.lineCap = 'round';
    c.beginPath();
    c.moveTo(L * 0.34, -L * 0.01);
    c.lineTo(L * 0.62, -L * 0.02);
    c.stroke();
    eye(c, L * 0.26, -L * 0.025, L * 0.025);
  },
  hammerhead(c, L, t) {
    const wag = Math.sin(t * 6) * L * 0.04;
    c.fillStyle = '#5e6f86';
    c.beginPath();
    c.moveTo(-L * 0.36, 0);
    c.lineTo(-L * 0.5, -L * 0.2 + wag);
    c.lineTo(-L * 0.44, wag * 0.5);
    c.lineTo(-L * 0.48, L * 0.14 + wag);
    c.closePath();
    c.fill();
    c.beginPath();
    c.moveTo(-L * 0.02, -L * 0.09);
    c.lineTo(-L * 0.08, -L * 0.26);
    c.lineTo(L * 0.1, -L * 0.09);
    c.fill();
    ellipse(c, 0, 0, L * 0.4, L * 0.1, grad(c, -L * 0.1, L * 0.1, ['#8596ad', '#5e6f86', '#e6ecf3']));
    c.fillStyle = '#6b7c92';
    c.beginPath();
    c.roundRect(L * 0.36, -L * 0.14, L * 0.08, L * 0.28, L * 0.03);
    c.fill();
    eye(c, L * 0.4, -L * 0.13, L * 0.018);
    eye(c, L * 0.4, L * 0.13, L * 0.018);
  },
  whale(c, L, t) {
    const wag = Math.sin(t * 2.5) * L * 0.05;
    c.fillStyle = '#2b4f8a';
    c.beginPath();
    c.moveTo(-L * 0.36, 0);
    c.quadraticCurveTo(-L * 0.46, -L * 0.02 + wag, -L * 0.52, -L * 0.14 + wag);
    c.quadraticCurveTo(-L * 0.46, wag, -L * 0.52, L * 0.1 + wag);
    c.quadraticCurveTo(-L * 0.46, L * 0.02 + wag, -L * 0.36, 0);
    c.fill();
    c.beginPath();
    c.moveTo(L * 0.4, -L * 0.02);
    c.quadraticCurveTo(L * 0.3, -L * 0.2, 0, -L * 0.18);
    c.quadraticCurveTo(-L * 0.3, -L * 0.12, -L * 0.4, 0);
    c.quadraticCurveTo(-L * 0.2, L * 0.12, L * 0.1, L * 0.14);
    c.quadraticCurveTo(L * 0.38, L * 0.12, L * 0.4, -L * 0.02);
    c.fillStyle = grad(c, -L * 0.18, L * 0.14, ['#4a78c0', '#2b4f8a', '#c7d8ee']);
    c.fill();
    c.strokeStyle = 'rgb(255 255 255 / 35%)';
    c.lineWidth = 1.5;
    for (let i = 0; i < 5; i += 1) {
      c.beginPath();
      c.moveTo(L * (0.3 - i * 0.06), L * 0.06);
      c.lineTo(L * (0.22 - i * 0.06), L * 0.12);
      c.stroke();
    }
    ellipse(c, L * 0.02, L * 0.1, L * 0.08, L * 0.025, '#22406f', 0.5 + Math.sin(t * 2) * 0.2);
    eye(c, L * 0.26, L * 0.01, L * 0.018);
    c.fillStyle = 'rgb(200 235 255 / 70%)';
    for (let i = 0; i < 3; i += 1) {
      c.beginPath();
      c.arc(L * 0.18 + i * 4, -L * 0.22 - ((t * 30 + i * 12) % 30), 2 + i, 0, Math.PI * 2);
      c.fill();
    }
  },
  kraken(c, L, t) {
    c.strokeStyle = '#b02a3a';
    c.lineCap = 'round';
    for (let i = 0; i < 8; i += 1) {
      const y0 = (i - 3.5) * L * 0.045;
      c.lineWidth = L * 0.05 - i * 0.2;
      c.beginPath();
      c.moveTo(0, y0);
      for (let k = 1; k <= 10; k += 1) c.lineTo(-k * L * 0.055, y0 * (1 + k * 0.25) + Math.sin(t * 4 + i + k * 0.6) * k * 2);
      c.stroke();
    }
    const g = c.createRadialGradient(L * 0.14, -L * 0.1, 2, L * 0.12, 0, L * 0.3);
    g.addColorStop(0, '#ff8a7a');
    g.addColorStop(1, '#8a1626');
    c.fillStyle = g;
    c.beginPath();
    c.ellipse(L * 0.16, 0, L * 0.3, L * 0.2, 0, 0, Math.PI * 2);
    c.fill();
    c.fillStyle = 'rgb(255 220 200 / 35%)';
    for (const [x, y] of [[0.2, -0.1], [0.3, 0.02], [0.1, 0.1]] as const) ellipse(c, x * L, y * L, L * 0.025, L * 0.025, 'rgb(255 220 200 / 35%)');
    eye(c, L * 0.2, -L * 0.08, L * 0.045, '#f2c14e');
    eye(c, L * 0.2, L * 0.08, L * 0.045, '#f2c14e');
  },
  'dragon-turtle'(c, L, t) {
    const flap = Math.sin(t * 3) * 0.5;
    c.fillStyle = '#3f8f6a';
    for (const [x, y, s] of [[L * 0.18, -L * 0.2, 1], [L * 0.18, L * 0.2, -1], [-L * 0.22, -L * 0.16, 1], [-L * 0.22, L * 0.16, -1]] as const) {
      c.save();
      c.translate(x, y);
      c.rotate(s * (0.6 + flap));
      c.beginPath();
      c.ellipse(0, -s * L * 0.06, L * 0.05, L * 0.13, 0, 0, Math.PI * 2);
      c.fill();
      c.restore();
    }
    ellipse(c, L * 0.38, 0, L * 0.11, L * 0.08, '#3f8f6a');
    c.strokeStyle = '#f2c14e';
    c.lineWidth = 3;
    c.beginPath();
    c.moveTo(L * 0.36, -L * 0.06);
    c.lineTo(L * 0.3, -L * 0.14);
    c.moveTo(L * 0.36, L * 0.06);
    c.lineTo(L * 0.3, L * 0.14);
    c.stroke();
    eye(c, L * 0.42, -L * 0.03, L * 0.024, '#e2323f');
    const shell = c.createRadialGradient(0, -L * 0.06, 2, 0, 0, L * 0.32);
    shell.addColorStop(0, '#fff4b8');
    shell.addColorStop(0.5, '#f2c14e');
    shell.addColorStop(1, '#8a5a0a');
    ellipse(c, 0, 0, L * 0.3, L * 0.22, shell);
    c.fillStyle = '#b8232a';
    for (let i = 0; i < 5; i += 1) {
      const x = -L * 0.2 + i * L * 0.1;
      c.beginPath();
      c.moveTo(x - L * 0.03, 0);
      c.lineTo(x, -L * 0.05);
      c.lineTo(x + L * 0.03, 0);
      c.lineTo(x, L * 0.05);
      c.fill();
    }
  },
  'golden-dragon'(c, L, t) {
    drawFish(c, 'golden-dragon', L, t);
    // The dragon's pearl: what every hunter of this sea is after.
    const x = L * 0.56;
    const y = Math.sin(t * 4) * L * 0.05 + Math.sin(t * 2) * 4;
    const g = c.createRadialGradient(x - 3, y - 3, 1, x, y, L * 0.045);
    g.addColorStop(0, '#ffffff');
    g.addColorStop(0.5, '#c9f3ff');
    g.addColorStop(1, '#5fb8e8');
    c.fillStyle = g;
    c.beginPath();
    c.arc(x, y, L * 0.045, 0, Math.PI * 2);
    c.fill();
  },
};

export function drawDragonSeaCreature(c: C, code: string, length: number, t: number): void {
  (DRAW[code] ?? DRAW.koi)?.(c, length, t);
}

/** Dragon Fishing's logo: a golden dragon's head over a red sun. */
export const DRAGON_FISHING_LOGO =
  '<circle cx="32" cy="32" r="28" fill="#7a0f1f" stroke="#f2c14e" stroke-width="3"/>' +
  '<circle cx="32" cy="34" r="15" fill="#e2323f"/>' +
  '<path d="M14 40 q8 -14 18 -10 q10 -10 18 -2 q-6 0 -8 4 q6 2 4 8 q-8 -6 -14 -2 q-8 4 -18 2z" fill="#f2c14e" stroke="#a86d0c" stroke-width="1.5"/>' +
  '<path d="M36 26 l4 -10 M42 28 l8 -7" stroke="#f2c14e" stroke-width="3" stroke-linecap="round"/>' +
  '<circle cx="40" cy="31" r="1.8" fill="#7a0f1f"/>';
