import zlib from 'node:zlib';
import sharp from 'sharp';

/** Test images made here with a real encoder, so no binary fixtures are kept. */

export type TImageUpload = { mime: 'image/png' | 'image/jpeg'; data: string };

export const MARKUP = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>');

/** A PNG chunk with its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A real PNG of width × height (a gradient, so it is not all one colour). */
export async function realPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set([(i * 7) % 256, (i * 3) % 256, 128], i * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** A real PNG of one colour: small as a file whatever its size in pixels. */
export async function plainPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } } }).png().toBuffer();
}

/** A real JPEG of width × height. */
export async function realJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } }).jpeg().toBuffer();
}

/** A PNG with `chunk` put just before IEND (a text chunk, padding: valid PNG either way). */
export function withPngChunk(png: Buffer, chunk: Buffer): Buffer {
  return Buffer.concat([png.subarray(0, png.length - 12), chunk, png.subarray(png.length - 12)]);
}

/** A valid PNG of exactly `bytes` bytes: `png` padded with a private ancillary chunk. */
export function pngOfSize(png: Buffer, bytes: number): Buffer {
  return withPngChunk(png, pngChunk('prVt', Buffer.alloc(bytes - png.length - 12, 7)));
}

/** A JPEG with a comment segment right after SOI. */
export function withJpegComment(jpeg: Buffer, text: Buffer): Buffer {
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, text, jpeg.subarray(2)]);
}

/** A PNG whose header declares width × height (CRCs right) over a few bytes of pixel data. */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The review's polyglots and broken images, each of which must be refused. */
export async function badImages(): Promise<{ name: string; image: TImageUpload }[]> {
  const png = await realPng(24, 16);
  const jpeg = await realJpeg(24, 16);
  const as = (mime: TImageUpload['mime'], bytes: Buffer): TImageUpload => ({ mime, data: bytes.toString('base64') });
  return [
    { name: 'PNG signature + HTML', image: as('image/png', Buffer.concat([png.subarray(0, 8), MARKUP])) },
    { name: 'PNG signature and IHDR + HTML', image: as('image/png', Buffer.concat([png.subarray(0, 33), MARKUP])) },
    { name: 'JPEG SOI + HTML', image: as('image/jpeg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), MARKUP])) },
    { name: 'JPEG headers + HTML for the scan', image: as('image/jpeg', Buffer.concat([jpeg.subarray(0, jpeg.length - 40), MARKUP])) },
    { name: 'valid PNG + HTML after IEND', image: as('image/png', Buffer.concat([png, MARKUP])) },
    { name: 'truncated PNG', image: as('image/png', png.subarray(0, png.length - 20)) },
    { name: 'truncated JPEG', image: as('image/jpeg', jpeg.subarray(0, jpeg.length - 30)) },
    { name: 'PNG declaring 100000 × 100000', image: as('image/png', pngDeclaring(100_000, 100_000)) },
    { name: 'PNG declaring 9000 × 9000 (81 Mpx)', image: as('image/png', pngDeclaring(9000, 9000)) },
    { name: 'PNG with its pixel data cut short', image: as('image/png', pngDeclaring(64, 64)) },
    { name: 'JPEG declared as PNG', image: as('image/png', jpeg) },
  ];
}

/** Checks that `bytes` are one whole image of `mime` and nothing after it; answers its decoded size. */
export async function decoded(bytes: Buffer, mime: TImageUpload['mime']): Promise<{ format: string; width: number; height: number; trailing: boolean }> {
  const meta = await sharp(bytes, { failOn: 'warning' }).metadata();
  // Decoding every pixel fails on a broken image; metadata alone reads only the header.
  await sharp(bytes, { failOn: 'warning' }).raw().toBuffer();
  const iend = Buffer.from('0000000049454e44ae426082', 'hex');
  const ends = mime === 'image/png' ? bytes.subarray(bytes.length - 12).equals(iend) && bytes.indexOf(iend) === bytes.length - 12 : bytes.subarray(bytes.length - 2).equals(Buffer.from([0xff, 0xd9]));
  return { format: meta.format, width: meta.width, height: meta.height, trailing: !ends };
}
