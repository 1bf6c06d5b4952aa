import { z } from 'zod';
import { ACTIVITY_IMAGE_MAX_BYTES, ACTIVITY_IMAGE_TYPES } from './constants.ts';

/**
 * An uploaded image travels inside the JSON body as base64, so the contract needs no multipart body
 * kind; the server checks the content by its magic bytes, not by `mime`. Bound: the spec's 5 MB.
 */
export const ZImageUpload = z.strictObject({
  mime: z.enum(ACTIVITY_IMAGE_TYPES),
  data: z
    .string()
    .min(4)
    .max(Math.ceil(ACTIVITY_IMAGE_MAX_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});
export type TImageUpload = z.infer<typeof ZImageUpload>;
