import crypto from 'node:crypto';
import { createRaster, encodePng, type TRaster } from '../../lib/png.ts';

/**
 * The captcha picture: the answer drawn as thick, anti-aliased strokes of plain sans-serif glyphs,
 * each turned, sized and placed a little at random, under a gentle wave, with thin noise curves and
 * speckles. The noise is thinner and paler than the letters, so a person reads the answer at a glance
 * while the picture is still no plain text. Drawn in-process, so no image library is needed.
 */

/**
 * One character of each group a person can mix up in a distorted picture (issue 16: C/D, 7/2, V/Y
 * and X/N were misread): no 0/O/D/Q, 1/I/T, 8/B, Z (2), S (5), G (6), F (E), R (P), N/W (M),
 * V/Y (U), X (K).
 */
export const CAPTCHA_ALPHABET = '2345679ACEHKLMPU';

/** Picture size in pixels: the web shows it at this size. */
export const CAPTCHA_WIDTH = 200;
export const CAPTCHA_HEIGHT = 64;

type TPoint = readonly [number, number];
type TRgb = readonly [number, number, number];

/** Points along an ellipse in glyph units (y down: 270° is the top), from one angle to another. */
function arc(cx: number, cy: number, rx: number, ry: number, fromDeg: number, toDeg: number): TPoint[] {
  const steps = Math.max(4, Math.ceil(Math.abs(toDeg - fromDeg) / 12));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const a = ((fromDeg + ((toDeg - fromDeg) * i) / steps) * Math.PI) / 180;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)] as const;
  });
}

/** Each glyph as strokes (polylines) in a 10 × 14 box. */
const GLYPHS: Record<string, readonly TPoint[][]> = {
  '2': [[...arc(5, 4.6, 3.8, 3.6, 200, 385), [1.2, 13], [9, 13]]],
  '3': [[...arc(5, 4, 3.6, 3, 205, 450), ...arc(5, 10, 4, 3, 270, 515)]],
  '4': [[[7, 13], [7, 1], [1, 9.5], [9.4, 9.5]]],
  '5': [[[8.6, 1], [2.2, 1], [2, 6.3], ...arc(5, 9.3, 4, 3.7, 222, 515)]],
  '6': [arc(5, 9.6, 3.9, 3.4, 0, 360), arc(6.6, 9.6, 5.5, 8.6, 180, 292)],
  '7': [[[1, 1], [9, 1], [3.8, 13]]],
  '9': [arc(5, 4.4, 3.9, 3.4, 0, 360), arc(3.4, 4.4, 5.5, 8.6, 0, 112)],
  A: [[[1, 13], [5, 1], [9, 13]], [[2.5, 8.6], [7.5, 8.6]]],
  C: [arc(5.6, 7, 4.5, 6, 318, 42)],
  E: [[[9, 1], [1.6, 1], [1.6, 13], [9, 13]], [[1.6, 7], [7.6, 7]]],
  H: [[[1.6, 1], [1.6, 13]], [[8.4, 1], [8.4, 13]], [[1.6, 7], [8.4, 7]]],
  K: [[[1.6, 1], [1.6, 13]], [[8.8, 1], [1.6, 8.6]], [[4.3, 6], [9, 13]]],
  L: [[[1.8, 1], [1.8, 13], [9, 13]]],
  M: [[[1, 13], [1, 1], [5, 9], [9, 1], [9, 13]]],
  P: [[[1.6, 13], [1.6, 1], [5.4, 1], ...arc(5.4, 4.3, 3.6, 3.3, 270, 450), [1.6, 7.6]]],
  U: [[[1.6, 1], [1.6, 9], ...arc(5, 9, 3.4, 4, 180, 0), [8.4, 1]]],
};

const rand = (min: number, max: number) => min + (crypto.randomInt(0, 1_000_001) / 1_000_000) * (max - min);
const pick = <T>(items: readonly T[]): T => items[crypto.randomInt(items.length)] as T;

/** Dark, saturated ink colours; each letter gets one. */
const INKS: readonly TRgb[] = [
  [28, 52, 140],
  [120, 24, 64],
  [20, 96, 60],
  [96, 40, 140],
  [140, 56, 16],
  [24, 24, 32],
  [16, 88, 120],
];

/** Blends a colour into a pixel with the given coverage (0–1). */
function blend(r: TRaster, x: number, y: number, rgb: TRgb, alpha: number): void {
  if (alpha <= 0 || x < 0 || y < 0 || x >= r.width || y >= r.height) return;
  const i = (y * r.width + x) * 3;
  const a = Math.min(1, alpha);
  for (let c = 0; c < 3; c++) r.pixels[i + c] = Math.round((r.pixels[i + c] ?? 0) * (1 - a) + (rgb[c] ?? 0) * a);
}

type TSegment = readonly [number, number, number, number];

function distanceToSegment(px: number, py: number, [x0, y0, x1, y1]: TSegment): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / len2));
  return Math.hypot(px - (x0 + t * dx), py - (y0 + t * dy));
}

/**
 * Draws strokes of the given half width, anti-aliased, with every pixel first displaced by `warp`
 * (the picture's wave, at most 3 px), so letters and noise bend alike. Each segment only visits the
 * pixels near it, so a picture takes a few milliseconds.
 */
function strokes(r: TRaster, segments: readonly TSegment[], halfWidth: number, rgb: TRgb, opacity: number, warp: (x: number, y: number) => number): void {
  const coverage = new Float32Array(r.width * r.height);
  const pad = halfWidth + 4;
  for (const s of segments) {
    const x0 = Math.max(0, Math.floor(Math.min(s[0], s[2]) - pad));
    const x1 = Math.min(r.width - 1, Math.ceil(Math.max(s[0], s[2]) + pad));
    const y0 = Math.max(0, Math.floor(Math.min(s[1], s[3]) - pad));
    const y1 = Math.min(r.height - 1, Math.ceil(Math.max(s[1], s[3]) + pad));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const c = halfWidth + 0.5 - distanceToSegment(x + 0.5 - warp(x, y), y + 0.5, s);
        const i = y * r.width + x;
        if (c > (coverage[i] ?? 0)) coverage[i] = c;
      }
    }
  }
  coverage.forEach((c, i) => {
    if (c > 0) blend(r, i % r.width, Math.floor(i / r.width), rgb, Math.min(1, c) * opacity);
  });
}

/** A polyline's segments. */
function segmentsOf(points: readonly TPoint[]): TSegment[] {
  return points.slice(1).map((p, i) => [points[i]?.[0] ?? 0, points[i]?.[1] ?? 0, p[0], p[1]] as const);
}

/** A gentle random curve across the picture, for noise. */
function noiseCurve(): TPoint[] {
  const y0 = rand(8, CAPTCHA_HEIGHT - 8);
  const amp = rand(6, 16);
  const period = rand(50, 110);
  const phase = rand(0, Math.PI * 2);
  const slope = rand(-0.12, 0.12);
  return Array.from({ length: 41 }, (_, i) => {
    const x = (CAPTCHA_WIDTH * i) / 40;
    return [x, y0 + slope * x + amp * Math.sin(x / period * Math.PI * 2 + phase)] as const;
  });
}

export function renderCaptcha(text: string): Buffer {
  const r = createRaster(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, [255, 255, 255]);
  // A pale background that shifts from one tint to another across the picture.
  const from: TRgb = [crypto.randomInt(232, 250), crypto.randomInt(232, 250), crypto.randomInt(232, 250)];
  const to: TRgb = [crypto.randomInt(224, 246), crypto.randomInt(224, 246), crypto.randomInt(224, 246)];
  for (let y = 0; y < CAPTCHA_HEIGHT; y++) {
    for (let x = 0; x < CAPTCHA_WIDTH; x++) {
      const t = x / CAPTCHA_WIDTH;
      const i = (y * CAPTCHA_WIDTH + x) * 3;
      for (let c = 0; c < 3; c++) r.pixels[i + c] = Math.round((from[c] ?? 0) * (1 - t) + (to[c] ?? 0) * t);
    }
  }

  const waveAmp = rand(1.2, 2.2);
  const wavePeriod = rand(14, 22);
  const wavePhase = rand(0, Math.PI * 2);
  const warp = (_x: number, y: number) => waveAmp * Math.sin(y / wavePeriod + wavePhase);
  const flat = () => 0;

  // Behind the letters: faint wide curves.
  for (let i = 0; i < 2; i++) strokes(r, segmentsOf(noiseCurve()), rand(2, 3), pick(INKS), 0.12, flat);

  // Side margins keep a turned letter whole inside the picture.
  const margin = 4;
  const slot = (CAPTCHA_WIDTH - 2 * margin) / Math.max(1, text.length);
  [...text].forEach((ch, i) => {
    const scale = rand(3.5, 3.8);
    const angle = rand(-0.18, 0.18);
    const cx = margin + slot * (i + 0.5) + rand(-3, 3);
    const cy = CAPTCHA_HEIGHT / 2 + rand(-2.5, 2.5);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    // Glyph units (10 × 14, centred on 5, 7) to picture pixels.
    const place = ([gx, gy]: TPoint): TPoint => {
      const x = (gx - 5) * scale;
      const y = (gy - 7) * scale;
      return [cx + x * cos - y * sin, cy + x * sin + y * cos];
    };
    const segments = (GLYPHS[ch] ?? []).flatMap((line) => segmentsOf(line.map(place)));
    strokes(r, segments, rand(2.0, 2.3), pick(INKS), 1, warp);
  });

  // Over the letters: thin curves and speckles, paler and finer than any letter's stroke.
  for (let i = 0; i < 3; i++) strokes(r, segmentsOf(noiseCurve()), 0.55, pick(INKS), 0.5, warp);
  for (let i = 0; i < 220; i++) {
    const x = crypto.randomInt(CAPTCHA_WIDTH);
    const y = crypto.randomInt(CAPTCHA_HEIGHT);
    blend(r, x, y, pick(INKS), rand(0.25, 0.5));
  }
  return encodePng(r);
}
