import zlib from 'node:zlib';
import sharp, { type OutputInfo } from 'sharp';
import type { TImageUpload } from '@playhall/contract/fields';
import { AppError } from './app-error.ts';

/** What an upload may be, beside its byte limit (the spec's 5 MB, 1 MB for avatars). */
export interface TImageLimits {
  maxBytes: number;
  /** Width × height; the decoder refuses more before it allocates anything (a decompression bomb). */
  maxPixels: number;
}

/** A receipt or proof photo: up to 50 megapixels (a 48 MP phone camera). */
export const EVIDENCE_MAX_PIXELS = 50_000_000;
/** An avatar: up to 4096 × 4096. */
export const AVATAR_MAX_PIXELS = 4096 * 4096;
/** No side longer than this, whatever the area (PNG and JPEG allow 2^31 and 65,535). */
const MAX_SIDE = 20_000;

/** An image decoded and written anew: only its pixels, in the format it really is. */
export interface TCleanImage {
  mime: TImageUpload['mime'];
  bytes: Buffer;
  width: number;
  height: number;
}

// Decoded images are not worth keeping in libvips' operation cache: each upload is seen once.
sharp.cache(false);

/**
 * An uploaded image, refused with `invalid_image` unless it is exactly one well-formed PNG or JPEG of
 * the declared type within the limits. The bytes are walked chunk by chunk (PNG: every CRC, IHDR first,
 * IEND last and nothing after it; JPEG: contiguous segments from SOI to EOI), fully decoded, and
 * encoded anew without metadata: what is stored is what the encoder wrote, never the uploader's
 * bytes, so text chunks, comments, EXIF and anything appended cannot ride along (docs/decisions.md).
 */
export async function cleanImageUpload(upload: TImageUpload, limits: TImageLimits, message?: string): Promise<TCleanImage> {
  const refuse = () => new AppError('invalid_image', { maxBytes: limits.maxBytes }, message);
  const bytes = Buffer.from(upload.data, 'base64');
  if (bytes.length > limits.maxBytes) throw refuse();
  const frame = upload.mime === 'image/png' ? pngFrame(bytes) : jpegFrame(bytes);
  if (!frame || frame.width > MAX_SIDE || frame.height > MAX_SIDE || frame.width * frame.height > limits.maxPixels) throw refuse();
  let out: { data: Buffer; info: OutputInfo } | null;
  try {
    out = await oneAtATime(() => reencode(bytes.subarray(0, frame.end), upload.mime, limits));
  } catch {
    throw refuse();
  }
  if (!out) throw refuse();
  return { mime: upload.mime, bytes: out.data, width: out.info.width, height: out.info.height };
}

/** The image written anew, or null when even that is over the byte limit (the stored copy keeps it too). */
async function reencode(bytes: Buffer, mime: TImageUpload['mime'], limits: TImageLimits) {
  // failOn 'error' also fails a truncated image; the structure walk already refused stray bytes.
  const image = sharp(bytes, { failOn: 'error', limitInputPixels: limits.maxPixels, autoOrient: true, sequentialRead: true });
  const meta = await image.metadata();
  // An animated PNG is read as its first frame (sharp's default) and stored as that still image.
  if (meta.format !== (mime === 'image/png' ? 'png' : 'jpeg')) throw new Error('not of the declared format');
  if (mime === 'image/png') {
    // A palette image stays one (8 bits a pixel at most), or it could come back several times larger.
    const out = await image.png(meta.isPalette ? { palette: true, colours: 256, dither: 0, compressionLevel: 9 } : { compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
    return out.data.length <= limits.maxBytes ? out : null;
  }
  // A photo saved at a lower quality than ours grows when written again: then once more at 75.
  for (const quality of [90, 75]) {
    const out = await image.clone().jpeg({ quality }).toBuffer({ resolveWithObject: true });
    if (out.data.length <= limits.maxBytes) return out;
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's declared size and where it ends, or null unless every chunk is whole, its CRC right, and IEND the last bytes. */
export function pngFrame(bytes: Buffer): { width: number; height: number; end: number } | null {
  if (bytes.length < PNG_SIGNATURE.length || !bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return null;
  let pos = PNG_SIGNATURE.length;
  let size: { width: number; height: number } | null = null;
  let sawData = false;
  while (pos + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    const dataEnd = pos + 8 + length;
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type) || dataEnd + 4 > bytes.length) return null;
    if ((zlib.crc32(bytes.subarray(pos + 4, dataEnd)) >>> 0) !== bytes.readUInt32BE(dataEnd)) return null;
    if ((size === null) !== (type === 'IHDR')) return null;
    if (type === 'IHDR') {
      if (length !== 13) return null;
      size = { width: bytes.readUInt32BE(pos + 8), height: bytes.readUInt32BE(pos + 12) };
    }
    if (type === 'IDAT') sawData = true;
    pos = dataEnd + 4;
    if (type === 'IEND') return size && sawData && length === 0 && pos === bytes.length && size.width > 0 && size.height > 0 ? { ...size, end: pos } : null;
  }
  return null;
}

/** A frame header: SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const isRestart = (m: number) => m >= 0xd0 && m <= 0xd7;

/**
 * A JPEG's declared size and where its EOI ends, or null unless it is one run of whole segments from SOI
 * to EOI with a frame before the first scan. Bytes after EOI are left out of what is decoded and so
 * dropped: phones write a second image or a motion-photo video there (docs/decisions.md).
 */
export function jpegFrame(bytes: Buffer): { width: number; height: number; end: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let pos = 2;
  let size: { width: number; height: number } | null = null;
  let sawScan = false;
  while (pos < bytes.length) {
    if (bytes[pos] !== 0xff) return null;
    while (bytes[pos] === 0xff) pos++; // fill bytes before a marker
    const marker = bytes[pos++];
    if (marker === undefined || marker === 0x00 || marker === 0xd8) return null;
    if (marker === 0xd9) return size && sawScan ? { ...size, end: pos } : null;
    if (isRestart(marker) || marker === 0x01) continue;
    if (pos + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(pos);
    if (length < 2 || pos + length > bytes.length) return null;
    if (isStartOfFrame(marker)) {
      if (size !== null || length < 8) return null;
      size = { height: bytes.readUInt16BE(pos + 3), width: bytes.readUInt16BE(pos + 5) };
      // A height of 0 is given later in a DNL segment, which few decoders read: refused.
      if (size.width === 0 || size.height === 0) return null;
    }
    pos += length;
    if (marker === 0xda) {
      if (size === null) return null;
      sawScan = true;
      // Entropy-coded data runs to the next marker; FF 00 is a data byte and FF D0–D7 a restart.
      while (pos < bytes.length) {
        if (bytes[pos] === 0xff) {
          const next = bytes[pos + 1];
          if (next === undefined) return null;
          if (next === 0x00 || isRestart(next)) {
            pos += 2;
            continue;
          }
          break;
        }
        pos++;
      }
    }
  }
  return null;
}

/** Decoding is CPU-heavy and runs on libuv's small thread pool (shared with password hashing): one image at a time per process. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}
