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
