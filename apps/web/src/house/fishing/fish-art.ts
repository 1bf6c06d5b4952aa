/**
 * Ocean Hunter's artwork, drawn on the canvas in code. Each fish is drawn facing right, centred on the
 * origin, `length` px long; `t` (seconds) moves tails, fins and tentacles.
 */
type C = CanvasRenderingContext2D;

/** A fish's eye: white, with the iris toward the front. Dragon Fishing's creatures use it too. */
export function eye(c: C, x: number, y: number, r: number, iris = '#0b1020'): void {
  c.fillStyle = '#fff';
  c.beginPath();
  c.arc(x, y, r, 0, Math.PI * 2);
  c.fill();
  c.fillStyle = iris;
  c.beginPath();
  c.arc(x + r * 0.25, y, r * 0.55, 0, Math.PI * 2);
  c.fill();
}

function tail(c: C, x: number, spread: number, reach: number, wag: number, colour: string): void {
  c.fillStyle = colour;
  c.beginPath();
  c.moveTo(x, 0);
  c.lineTo(x - reach, -spread + wag);
  c.quadraticCurveTo(x - reach * 0.6, wag * 0.5, x - reach, spread + wag);
  c.closePath();
  c.fill();
}

function body(c: C, rx: number, ry: number, top: string, bottom: string): void {
  const g = c.createLinearGradient(0, -ry, 0, ry);
  g.addColorStop(0, top);
  g.addColorStop(1, bottom);
  c.fillStyle = g;
  c.beginPath();
  c.ellipse(0, 0, rx, ry, 0, 0, Math.PI * 2);
  c.fill();
}

/** Vertical bands across an elliptical body, clipped to it. */
function bands(c: C, rx: number, ry: number, xs: number[], width: number, colour: string, edge?: string): void {
  c.save();
  c.beginPath();
  c.ellipse(0, 0, rx, ry, 0, 0, Math.PI * 2);
  c.clip();
  for (const x of xs) {
    if (edge) {
      c.fillStyle = edge;
      c.fillRect(x - width / 2 - 2, -ry, width + 4, ry * 2);
    }
    c.fillStyle = colour;
    c.fillRect(x - width / 2, -ry, width, ry * 2);
  }
  c.restore();
}

const DRAW: Record<string, (c: C, L: number, t: number) => void> = {
  clownfish(c, L, t) {
    const wag = Math.sin(t * 12) * L * 0.08;
    tail(c, -L * 0.34, L * 0.2, L * 0.2, wag, '#ff7a1a');
    body(c, L * 0.4, L * 0.22, '#ffa04a', '#f0600a');
    bands(c, L * 0.4, L * 0.22, [-L * 0.16, L * 0.12], L * 0.09, '#fff', '#111');
    eye(c, L * 0.25, -L * 0.05, L * 0.05);
  },
  pufferfish(c, L, t) {
    const r = L * 0.36 * (1 + Math.sin(t * 3) * 0.04);
    tail(c, -r * 0.9, L * 0.12, L * 0.16, Math.sin(t * 10) * 3, '#e0b030');
    c.strokeStyle = '#b8871a';
    c.lineWidth = 2;
    for (let i = 0; i < 14; i += 1) {
      const a = (i / 14) * Math.PI * 2;
      c.beginPath();
      c.moveTo(Math.cos(a) * r * 0.9, Math.sin(a) * r * 0.9);
      c.lineTo(Math.cos(a) * r * 1.22, Math.sin(a) * r * 1.22);
      c.stroke();
    }
    body(c, r, r, '#ffe27a', '#f7f1d0');
    c.fillStyle = 'rgb(160 110 20 / 45%)';
    for (const [x, y] of [[-0.3, -0.4], [0, -0.55], [-0.5, -0.1], [0.15, -0.3]] as const) {
      c.beginPath();
      c.arc(x * r, y * r, r * 0.09, 0, Math.PI * 2);
      c.fill();
    }
    eye(c, r * 0.45, -r * 0.2, r * 0.2);
  },
  lionfish(c, L, t) {
    const wag = Math.sin(t * 9) * L * 0.06;
    c.strokeStyle = 'rgb(255 220 220 / 80%)';
    c.lineWidth = 1.5;
    for (let i = 0; i < 7; i += 1) {
      const x = -L * 0.2 + i * L * 0.07;
      const sway = Math.sin(t * 4 + i) * 4;
      c.beginPath();
      c.moveTo(x, -L * 0.1);
      c.lineTo(x - 8 + sway, -L * 0.42);
      c.moveTo(x, L * 0.1);
      c.lineTo(x - 10 + sway, L * 0.36);
      c.stroke();
    }
    tail(c, -L * 0.34, L * 0.16, L * 0.18, wag, '#f0d0c0');
    body(c, L * 0.38, L * 0.16, '#e0525a', '#a8242e');
    bands(c, L * 0.38, L * 0.16, [-L * 0.22, -L * 0.1, L * 0.02, L * 0.14], L * 0.04, '#fbe9e4');
    eye(c, L * 0.26, -L * 0.04, L * 0.04);
  },
  turtle(c, L, t) {
    const flap = Math.sin(t * 3) * 0.5;
    c.fillStyle = '#7fae55';
    for (const [x, y, s] of [[L * 0.18, -L * 0.2, 1], [L * 0.18, L * 0.2, -1], [-L * 0.22, -L * 0.16, 1], [-L * 0.22, L * 0.16, -1]] as const) {
      c.save();
      c.translate(x, y);
      c.rotate(s * (0.6 + flap));
      c.beginPath();
      c.ellipse(0, -s * L * 0.06, L * 0.05, L * 0.13, 0, 0, Math.PI * 2);
      c.fill();
      c.restore();
    }
    c.beginPath();
    c.ellipse(L * 0.36, 0, L * 0.1, L * 0.08, 0, 0, Math.PI * 2);
    c.fill();
    eye(c, L * 0.4, -L * 0.025, L * 0.022);
    body(c, L * 0.3, L * 0.22, '#4f9a5a', '#2d6a3a');
    c.strokeStyle = 'rgb(200 240 180 / 55%)';
    c.lineWidth = 2;
    c.beginPath();
    for (const [x, y] of [[0, 0], [-L * 0.14, -L * 0.09], [-L * 0.14, L * 0.09], [L * 0.14, -L * 0.09], [L * 0.14, L * 0.09]] as const) {
      c.moveTo(x + L * 0.06, y);
      for (let k = 1; k <= 6; k += 1) c.lineTo(x + Math.cos((k * Math.PI) / 3) * L * 0.06, y + Math.sin((k * Math.PI) / 3) * L * 0.06);
    }
    c.stroke();
  },
  octopus(c, L, t) {
    c.strokeStyle = '#a868d8';
    c.lineCap = 'round';
    for (let i = 0; i < 6; i += 1) {
      const y0 = (i - 2.5) * L * 0.05;
      c.lineWidth = L * 0.05;
      c.beginPath();
      c.moveTo(0, y0);
      for (let k = 1; k <= 8; k += 1) {
        const x = -k * L * 0.06;
        c.lineTo(x, y0 * (1 + k * 0.2) + Math.sin(t * 5 + i + k * 0.7) * k * 1.6);
      }
      c.stroke();
    }
    const g = c.createRadialGradient(L * 0.12, -L * 0.1, 2, L * 0.1, 0, L * 0.28);
    g.addColorStop(0, '#d9a8ff');
    g.addColorStop(1, '#7b3db0');
    c.fillStyle = g;
    c.beginPath();
    c.ellipse(L * 0.12, 0, L * 0.26, L * 0.22, 0, 0, Math.PI * 2);
    c.fill();
    eye(c, L * 0.18, -L * 0.08, L * 0.05);
    eye(c, L * 0.18, L * 0.08, L * 0.05);
  },
  manta(c, L, t) {
    const flap = Math.sin(t * 2.5) * 0.3 + 0.85;
    c.strokeStyle = '#1d2f5a';
    c.lineWidth = 3;
    c.beginPath();
    c.moveTo(-L * 0.2, 0);
    c.quadraticCurveTo(-L * 0.45, Math.sin(t * 3) * 10, -L * 0.62, 0);
    c.stroke();
    const g = c.createLinearGradient(0, -L * 0.4, 0, L * 0.4);
    g.addColorStop(0, '#3a62b0');
    g.addColorStop(0.5, '#22407e');
    g.addColorStop(1, '#3a62b0');
    c.fillStyle = g;
    c.beginPath();
    c.moveTo(L * 0.3, 0);
    c.quadraticCurveTo(L * 0.05, -L * 0.05, -L * 0.05, -L * 0.45 * flap);
    c.quadraticCurveTo(-L * 0.12, -L * 0.1, -L * 0.22, 0);
    c.quadraticCurveTo(-L * 0.12, L * 0.1, -L * 0.05, L * 0.45 * flap);
    c.quadraticCurveTo(L * 0.05, L * 0.05, L * 0.3, 0);
    c.fill();
    c.fillStyle = 'rgb(220 235 255 / 35%)';
    c.beginPath();
    c.ellipse(L * 0.05, 0, L * 0.12, L * 0.05, 0, 0, Math.PI * 2);
    c.fill();
    eye(c, L * 0.22, -L * 0.05, L * 0.018);
    eye(c, L * 0.22, L * 0.05, L * 0.018);
  },
  shark(c, L, t) {
    const wag = Math.sin(t * 6) * L * 0.04;
    c.fillStyle = '#6b7c92';
    c.beginPath();
    c.moveTo(-L * 0.02, -L * 0.1);
    c.lineTo(-L * 0.1, -L * 0.26);
    c.lineTo(L * 0.1, -L * 0.1);
    c.fill();
    c.beginPath();
    c.moveTo(L * 0.05, L * 0.08);
    c.lineTo(-L * 0.06, L * 0.22);
    c.lineTo(L * 0.14, L * 0.08);
    c.fill();
    c.beginPath();
    c.moveTo(-L * 0.36, 0);
    c.lineTo(-L * 0.5, -L * 0.2 + wag);
    c.lineTo(-L * 0.44, wag * 0.5);
    c.lineTo(-L * 0.48, L * 0.14 + wag);
    c.closePath();
    c.fill();
    const g = c.createLinearGradient(0, -L * 0.12, 0, L * 0.12);
    g.addColorStop(0, '#8da0b8');
    g.addColorStop(0.55, '#6b7c92');
    g.addColorStop(0.6, '#e8eef5');
    g.addColorStop(1, '#f4f7fb');
    c.fillStyle = g;
    c.beginPath();
    c.moveTo(L * 0.5, L * 0.01);
    c.quadraticCurveTo(L * 0.3, -L * 0.13, 0, -L * 0.11);
    c.quadraticCurveTo(-L * 0.3, -L * 0.07, -L * 0.4, 0);
    c.quadraticCurveTo(-L * 0.3, L * 0.07, 0, L * 0.1);
    c.quadraticCurveTo(L * 0.32, L * 0.11, L * 0.5, L * 0.01);
    c.fill();
    c.strokeStyle = 'rgb(40 50 70 / 55%)';
    c.lineWidth = 1.5;
    for (let i = 0; i < 3; i += 1) {
      c.beginPath();
      c.moveTo(L * (0.22 - i * 0.025), -L * 0.05);
      c.lineTo(L * (0.2 - i * 0.025), L * 0.03);
      c.stroke();
    }
    eye(c, L * 0.37, -L * 0.03, L * 0.014);
  },
  'golden-dragon'(c, L, t) {
    const segments = 14;
    for (let i = segments; i >= 0; i -= 1) {
      const x = L * 0.32 - i * L * 0.052;
      const y = Math.sin(t * 4 - i * 0.55) * L * 0.05;
      const r = L * (0.075 - i * 0.0035);
      const g = c.createRadialGradient(x - r * 0.3, y - r * 0.3, 1, x, y, r);
      g.addColorStop(0, '#fff4b8');
      g.addColorStop(0.6, '#f2c14e');
      g.addColorStop(1, '#a86d0c');
      c.fillStyle = g;
      c.beginPath();
      c.arc(x, y, r, 0, Math.PI * 2);
      c.fill();
      if (i % 3 === 1) {
        c.fillStyle = '#e2323f';
        c.beginPath();
        c.moveTo(x, y - r);
        c.lineTo(x - r * 0.6, y - r * 1.7);
        c.lineTo(x - r * 0.9, y - r * 0.8);
        c.fill();
      }
    }
    const hx = L * 0.4;
    const hy = Math.sin(t * 4) * L * 0.05;
    c.fillStyle = '#f2c14e';
    c.beginPath();
    c.ellipse(hx, hy, L * 0.09, L * 0.065, 0, 0, Math.PI * 2);
    c.fill();
    c.strokeStyle = '#a86d0c';
    c.lineWidth = 3;
    c.beginPath();
    c.moveTo(hx - L * 0.03, hy - L * 0.05);
    c.lineTo(hx - L * 0.1, hy - L * 0.13);
    c.moveTo(hx + L * 0.07, hy + L * 0.02);
    c.quadraticCurveTo(hx + L * 0.14, hy + L * 0.08, hx + L * 0.1, hy + L * 0.14);
    c.stroke();
    c.fillStyle = '#e2323f';
    c.beginPath();
    c.arc(hx + L * 0.03, hy - L * 0.02, L * 0.015, 0, Math.PI * 2);
    c.fill();
  },
};

export function drawFish(c: C, code: string, length: number, t: number): void {
  (DRAW[code] ?? DRAW.clownfish)?.(c, length, t);
}

/** The page's logo: a clownfish in a bubble. */
export const FISHING_LOGO =
  '<circle cx="32" cy="32" r="28" fill="#0f4f8a" stroke="#6fd6f2" stroke-width="3"/>' +
  '<path d="M14 32 l-6 -8 v16z" fill="#ff7a1a"/><ellipse cx="32" cy="32" rx="18" ry="11" fill="#ff8a2a"/>' +
  '<rect x="22" y="21" width="5" height="22" fill="#fff"/><rect x="36" y="21" width="5" height="22" fill="#fff"/>' +
  '<circle cx="45" cy="29" r="3" fill="#fff"/><circle cx="46" cy="29" r="1.6" fill="#0b1020"/>';
