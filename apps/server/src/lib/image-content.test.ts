import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cleanImageUpload, jpegFrame, pngFrame } from './image-content.ts';
import { createRaster, encodePng } from './png.ts';

const PNG = encodePng(createRaster(5, 3, [200, 40, 40]));
const jpeg = () => sharp({ create: { width: 7, height: 5, channels: 3, background: '#2a6' } }).jpeg().toBuffer();
const LIMITS = { maxBytes: 1024 * 1024, maxPixels: 1_000_000 };
const b64 = (b: Buffer) => b.toString('base64');

describe('pngFrame', () => {
  it('reads the declared size of a whole PNG and nothing else', () => {
    expect(pngFrame(PNG)).toEqual({ width: 5, height: 3, end: PNG.length });
    expect(pngFrame(Buffer.concat([PNG, Buffer.from('<html>')]))).toBeNull();
    expect(pngFrame(PNG.subarray(0, PNG.length - 1))).toBeNull();
    const badCrc = Buffer.from(PNG);
    badCrc[PNG.length - 20] = (badCrc[PNG.length - 20] ?? 0) ^ 1; // inside IDAT
    expect(pngFrame(badCrc)).toBeNull();
    expect(pngFrame(Buffer.concat([PNG.subarray(0, 8), PNG.subarray(PNG.length - 12)]))).toBeNull(); // no IHDR
  });
});

describe('jpegFrame', () => {
  it('walks segments from SOI to EOI; bytes after EOI are left out, stray bytes between segments refused', async () => {
    const j = await jpeg();
    expect(jpegFrame(j)).toEqual({ width: 7, height: 5, end: j.length });
    expect(jpegFrame(Buffer.concat([j, Buffer.from('<html>')]))).toEqual({ width: 7, height: 5, end: j.length });
    expect(jpegFrame(j.subarray(0, j.length - 2))).toBeNull();
    expect(jpegFrame(Buffer.concat([j.subarray(0, 2), Buffer.from('<html>'), j.subarray(2)]))).toBeNull();
  });
});

describe('cleanImageUpload', () => {
  it('answers the pixels written anew, without text chunks, in the declared format', async () => {
    const text = Buffer.from('Comment\0<script>alert(1)</script>');
    const head = Buffer.alloc(8);
    head.writeUInt32BE(text.length, 0);
    head.write('tEXt', 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), text])) >>> 0, 0);
    const withText = Buffer.concat([PNG.subarray(0, PNG.length - 12), head, text, crc, PNG.subarray(PNG.length - 12)]);
    const clean = await cleanImageUpload({ mime: 'image/png', data: b64(withText) }, LIMITS);
    expect(clean).toMatchObject({ mime: 'image/png', width: 5, height: 3 });
    expect(clean.bytes.includes(Buffer.from('script'))).toBe(false);
    expect((await sharp(clean.bytes).raw().toBuffer()).subarray(0, 3)).toEqual(Buffer.from([200, 40, 40]));
  });

  it('refuses more pixels than the limit before decoding them', async () => {
    const big = encodePng(createRaster(1001, 1000, [0, 0, 0]));
    await expect(cleanImageUpload({ mime: 'image/png', data: b64(big) }, LIMITS)).rejects.toMatchObject({ code: 'invalid_image', value: { maxBytes: LIMITS.maxBytes } });
  });

  it('turns an EXIF-rotated photo upright, since the EXIF is not kept', async () => {
    const rotated = await sharp({ create: { width: 8, height: 4, channels: 3, background: '#888' } }).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const clean = await cleanImageUpload({ mime: 'image/jpeg', data: b64(rotated) }, LIMITS);
    expect([clean.width, clean.height]).toEqual([4, 8]);
    expect((await sharp(clean.bytes).metadata()).orientation).toBeUndefined();
  });
});
