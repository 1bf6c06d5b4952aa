import type { TImageUpload } from '@playhall/contract/fields';
import { AppError } from './app-error.ts';

const MAGIC = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
} as const;

/**
 * An uploaded image checked by content: the bytes must start with the PNG or JPEG signature of the
 * declared type, and stay within `maxBytes`. The declared type alone proves nothing.
 */
export function checkImageContent(upload: TImageUpload, maxBytes: number, message?: string): Buffer {
  const bytes = Buffer.from(upload.data, 'base64');
  const magic = MAGIC[upload.mime];
  const fits = bytes.length > magic.length && bytes.length <= maxBytes && magic.every((b, i) => bytes[i] === b);
  if (!fits) throw new AppError('invalid_image', { maxBytes }, message);
  return bytes;
}
