import crypto from 'node:crypto';
import { createRaster, encodePng, setPixel, type TRaster } from '../../lib/png.ts';

/**
 * The captcha picture: the answer drawn with a 5×7 bitmap font, each glyph scaled, sheared and
 * displaced at random, under a wave distortion, noise lines and speckles. Drawn in-process, so no
 * image library (or native binary) is needed.
 */

/** Digits and capitals without look-alikes (0/O, 1/I). */
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

const GLYPHS: Record<string, string> = {
  '2': '.###. #...# ....# ...#. ..#.. .#... #####',
  '3': '##### ...#. ..#.. ...#. ....# #...# .###.',
  '4': '...#. ..##. .#.#. #..#. ##### ...#. ...#.',
  '5': '##### #.... ####. ....# ....# #...# .###.',
  '6': '..##. .#... #.... ####. #...# #...# .###.',
  '7': '##### ....# ...#. ..#.. .#... .#... .#...',
  '8': '.###. #...# #...# .###. #...# #...# .###.',
  '9': '.###. #...# #...# .#### ....# ...#. .##..',
  A: '.###. #...# #...# ##### #...# #...# #...#',
  B: '####. #...# #...# ####. #...# #...# ####.',
  C: '.###. #...# #.... #.... #.... #...# .###.',
  D: '###.. #..#. #...# #...# #...# #..#. ###..',
  E: '##### #.... #.... ####. #.... #.... #####',
  F: '##### #.... #.... ####. #.... #.... #....',
  G: '.###. #...# #.... #.### #...# #...# .####',
  H: '#...# #...# #...# ##### #...# #...# #...#',
  J: '..### ...#. ...#. ...#. ...#. #..#. .##..',
  K: '#...# #..#. #.#.. ##... #.#.. #..#. #...#',
  L: '#.... #.... #.... #.... #.... #.... #####',
  M: '#...# ##.## #.#.# #.#.# #...# #...# #...#',
  N: '#...# #...# ##..# #.#.# #..## #...# #...#',
  P: '####. #...# #...# ####. #.... #.... #....',
  Q: '.###. #...# #...# #...# #.#.# #..#. .##.#',
  R: '####. #...# #...# ####. #.#.. #..#. #...#',
  S: '.#### #.... #.... .###. ....# ....# ####.',
  T: '##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..',
  U: '#...# #...# #...# #...# #...# #...# .###.',
  V: '#...# #...# #...# #...# #...# .#.#. ..#..',
  W: '#...# #...# #...# #.#.# #.#.# #.#.# .#.#.',
  X: '#...# #...# .#.#. ..#.. .#.#. #...# #...#',
  Y: '#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..',
  Z: '##### ....# ...#. ..#.. .#... #.... #####',
};

const WIDTH = 120;
const HEIGHT = 44;
const SCALE = 4;

type TRgb = [number, number, number];

const rand = (min: number, max: number) => min + (crypto.randomInt(0, 1_000_001) / 1_000_000) * (max - min);
const darkColour = (): TRgb => [crypto.randomInt(10, 120), crypto.randomInt(10, 120), crypto.randomInt(40, 160)];

function line(r: TRaster, x0: number, y0: number, x1: number, y1: number, rgb: TRgb): void {
  const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
  for (let i = 0; i <= steps; i++) setPixel(r, x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps, rgb);
}

export function renderCaptcha(text: string): Buffer {
  const r = createRaster(WIDTH, HEIGHT, [crypto.randomInt(225, 256), crypto.randomInt(225, 256), crypto.randomInt(215, 250)]);
  const waveAmp = rand(1, 2.5);
  const wavePeriod = rand(9, 16);
  const wavePhase = rand(0, Math.PI * 2);
  const plot = (x: number, y: number, rgb: TRgb) => setPixel(r, x + waveAmp * Math.sin(y / wavePeriod + wavePhase), y, rgb);

  const glyphWidth = 5 * SCALE;
  const gap = (WIDTH - text.length * glyphWidth) / (text.length + 1);
  [...text].forEach((ch, i) => {
    const rows = (GLYPHS[ch] ?? '').split(' ');
    const colour = darkColour();
    const baseX = gap + i * (glyphWidth + gap) + rand(-3, 3);
    const baseY = (HEIGHT - 7 * SCALE) / 2 + rand(-5, 5);
    const shear = rand(-0.25, 0.25);
    rows.forEach((row, gy) => {
      [...row].forEach((cell, gx) => {
        if (cell !== '#') return;
        for (let sy = 0; sy < SCALE; sy++) {
          for (let sx = 0; sx < SCALE; sx++) {
            const y = baseY + gy * SCALE + sy;
            plot(baseX + gx * SCALE + sx + shear * (y - HEIGHT / 2), y, colour);
          }
        }
      });
    });
  });
  for (let i = 0; i < 4; i++) {
    line(r, rand(0, WIDTH / 3), rand(0, HEIGHT), rand((2 * WIDTH) / 3, WIDTH), rand(0, HEIGHT), darkColour());
  }
  for (let i = 0; i < 160; i++) setPixel(r, rand(0, WIDTH), rand(0, HEIGHT), darkColour());
  return encodePng(r);
}
