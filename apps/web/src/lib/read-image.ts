import { ACTIVITY_IMAGE_MAX_BYTES, ACTIVITY_IMAGE_TYPES } from '@playhall/contract/constants';
import type { TImageUpload } from '@playhall/contract/fields';

/** A file's content as base64, without the data-URL prefix. */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** A PNG or JPEG file up to `maxBytes` as the contract's ZImageUpload, or null when it is not one. */
export async function readImageUpload(file: File, maxBytes: number = ACTIVITY_IMAGE_MAX_BYTES): Promise<TImageUpload | null> {
  const mime = (ACTIVITY_IMAGE_TYPES as readonly string[]).includes(file.type) ? (file.type as TImageUpload['mime']) : null;
  if (!mime || file.size > maxBytes) return null;
  return { mime, data: await readAsBase64(file) };
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** The file's first bytes say PNG or JPEG (a GIF or an SVG renamed .png does not pass); the server decodes it again. */
export function sniffImage(head: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts(PNG)) return 'image/png';
  if (starts(JPEG)) return 'image/jpeg';
  return null;
}

/** A file whose first bytes are a PNG or a JPEG, read as the contract's upload under that type (not the type it claims). */
export async function readSniffedImage(file: File): Promise<TImageUpload | null> {
  const mime = sniffImage(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
  return mime ? { mime, data: await readAsBase64(file) } : null;
}
