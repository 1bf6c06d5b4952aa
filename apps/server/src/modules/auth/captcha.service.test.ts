import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client.ts';
import { CAPTCHA_ALPHABET, CAPTCHA_HEIGHT, CAPTCHA_WIDTH, renderCaptcha } from './captcha.image.ts';
import { CAPTCHA_LENGTH, createCaptchaService } from './captcha.service.ts';

/** Dark pixels (luminance under 100) in each of `places` equal columns of an 8-bit RGB PNG without filters. */
function darkPixelsPerPlace(png: Buffer, places: number): number[] {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const counts = Array.from({ length: places }, () => 0);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * (width * 3 + 1) + 1 + x * 3;
      const luminance = 0.299 * (raw[i] ?? 0) + 0.587 * (raw[i + 1] ?? 0) + 0.114 * (raw[i + 2] ?? 0);
      const place = Math.min(places - 1, Math.floor((x * places) / width));
      if (luminance < 100) counts[place] = (counts[place] ?? 0) + 1;
    }
  }
  return counts;
}

function harness() {
  let clock = 0;
  const rows = new Map<string, { id: string; answerHash: string; expiresAt: Date; createdAt: Date }>();
  const service = createCaptchaService({
    db: {} as TDb,
    now: () => new Date(clock),
    repo: {
      async insert(_db, row) {
        rows.set(row.id, { ...row, createdAt: new Date(clock) });
      },
      async take(_db, id) {
        const row = rows.get(id) ?? null;
        rows.delete(id);
        return row;
      },
    },
  });
  return { service, rows, advance: (ms: number) => (clock += ms) };
}

describe('captcha', () => {
  it('draws a PNG of the answer from an alphabet without look-alikes', async () => {
    const { service, rows } = harness();
    const issued = await service.issue();
    expect(issued.answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
    const png = Buffer.from(issued.image, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // Large enough to read (issue 16: 120 × 44 was too small).
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    expect(CAPTCHA_WIDTH).toBeGreaterThanOrEqual(200);
    expect(CAPTCHA_HEIGHT).toBeGreaterThanOrEqual(64);
    // Each chunk's CRC is right (a broken one is refused by browsers).
    const ihdr = png.subarray(12, 12 + 4 + 13);
    expect(png.readUInt32BE(12 + 4 + 13)).toBe(zlib.crc32(ihdr) >>> 0);
    // Only a hash is stored.
    expect(JSON.stringify([...rows.values()])).not.toContain(issued.answer);
  });

  it('draws only characters a person cannot mix up, each with its own glyph', () => {
    // One of each look-alike group (issue 16 saw C/D, 7/2, V/Y and X/N misread).
    const lookAlikes = ['0OQD', '1IT', '8B', '2Z', '5S', '6G', 'EF', 'PR', 'MNW', 'UVY', 'KX', 'CG'];
    for (const group of lookAlikes) expect([...group].filter((c) => CAPTCHA_ALPHABET.includes(c)).length, group).toBeLessThanOrEqual(1);
    // The seeded register rule for the captcha: pattern 14 (alphanumeric), exactly CAPTCHA_LENGTH characters.
    expect(CAPTCHA_ALPHABET).toMatch(/^[A-Z0-9]+$/);
    expect(CAPTCHA_LENGTH).toBe(4);
    // Every character is drawn: each of the four places holds a letter's dark strokes; the paler
    // noise darkens only a stray pixel here and there.
    for (const ch of CAPTCHA_ALPHABET) {
      const inkPerPlace = darkPixelsPerPlace(renderCaptcha(ch.repeat(CAPTCHA_LENGTH)), CAPTCHA_LENGTH);
      for (const n of inkPerPlace) expect(n, ch).toBeGreaterThan(120);
    }
    for (const n of darkPixelsPerPlace(renderCaptcha(''), CAPTCHA_LENGTH)) expect(n).toBeLessThan(30);
  });

  it('is single-use, case-insensitive and short-lived', async () => {
    const { service, advance } = harness();
    const a = await service.issue();
    await service.check({ captchaId: a.captchaId, captcha: ` ${a.answer.toLowerCase()} ` });
    await expect(service.check({ captchaId: a.captchaId, captcha: a.answer })).rejects.toMatchObject({ code: 'captcha_failed' });
    const b = await service.issue();
    await expect(service.check({ captchaId: b.captchaId, captcha: 'ZZZZ' === b.answer ? 'YYYY' : 'ZZZZ' })).rejects.toMatchObject({ code: 'captcha_failed' });
    await expect(service.check({ captchaId: b.captchaId, captcha: b.answer })).rejects.toMatchObject({ code: 'captcha_failed' });
    const c = await service.issue();
    advance(121_000);
    await expect(service.check({ captchaId: c.captchaId, captcha: c.answer })).rejects.toMatchObject({ code: 'captcha_failed' });
    await expect(service.check({}, { captcha: true })).rejects.toMatchObject({ code: 'captcha_required', value: { captcha: true } });
  });
});
