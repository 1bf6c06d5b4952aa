import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client.ts';
import { CAPTCHA_ALPHABET } from './captcha.image.ts';
import { CAPTCHA_LENGTH, createCaptchaService } from './captcha.service.ts';

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
    expect(png.readUInt32BE(16)).toBe(120);
    // Each chunk's CRC is right (a broken one is refused by browsers).
    const ihdr = png.subarray(12, 12 + 4 + 13);
    expect(png.readUInt32BE(12 + 4 + 13)).toBe(zlib.crc32(ihdr) >>> 0);
    // Only a hash is stored.
    expect(JSON.stringify([...rows.values()])).not.toContain(issued.answer);
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
