import { z } from 'zod';
import { ERROR_CODES, type TErrorCode } from './errors.ts';

/** Every response body: `{ success, code, message, value }`. */
export interface TEnvelope<T> {
  success: boolean;
  code: string;
  message: string;
  value: T;
}

export function envelopeOf<T extends z.ZodType>(value: T) {
  return z.object({ success: z.boolean(), code: z.string(), message: z.string(), value });
}

export const ZErrorEnvelope = z.object({
  success: z.literal(false),
  code: z.enum(Object.keys(ERROR_CODES) as [TErrorCode, ...TErrorCode[]]),
  message: z.string(),
  value: z.unknown(),
});

export function ok<T>(value: T): TEnvelope<T> {
  return { success: true, code: 'ok', message: 'OK', value };
}
