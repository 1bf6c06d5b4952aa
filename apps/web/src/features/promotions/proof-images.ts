import { ACTIVITY_IMAGE_MAX_BYTES, ACTIVITY_IMAGE_TYPES, ACTIVITY_IMAGES_MAX } from '@playhall/contract/constants';

/** Why a picked file cannot go with an application (spec §5: PNG or JPEG, each under 5 MB, at most 3). */
export type TImageProblem = 'type' | 'size' | 'count';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** The file's first bytes say PNG or JPEG (a GIF or an SVG renamed .png does not pass); the server decodes it again. */
export function sniffImage(head: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts(PNG)) return 'image/png';
  if (starts(JPEG)) return 'image/jpeg';
  return null;
}

/**
 * The problem of adding a file of this type and size to `already` picked images, before its content is read:
 * a fourth image, a type other than PNG or JPEG, or more than 5 MB (as the deposit proof counts it).
 */
export function imageProblem(file: { type: string; size: number }, already: number): TImageProblem | null {
  if (already >= ACTIVITY_IMAGES_MAX) return 'count';
  if (!(ACTIVITY_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > ACTIVITY_IMAGE_MAX_BYTES) return 'size';
  return null;
}
