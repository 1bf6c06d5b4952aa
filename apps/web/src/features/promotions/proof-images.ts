import { ACTIVITY_IMAGE_MAX_BYTES, ACTIVITY_IMAGE_TYPES, ACTIVITY_IMAGES_MAX } from '@playhall/contract/constants';

/** Why a picked file cannot go with an application (spec §5: PNG or JPEG, each under 5 MB, at most 3). */
export type TImageProblem = 'type' | 'size' | 'count';

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
