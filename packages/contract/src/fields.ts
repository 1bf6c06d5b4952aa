import { z } from 'zod';
import { isIsoDay } from './patterns.ts';

/**
 * Money on the wire: integer minor units (1/100 of the currency), never a float. zod 4's `.int()`
 * also refuses unsafe integers, so a value always survives JSON and BIGINT unchanged.
 */
export const ZMinor = z.number().int();
/** An amount the member moves: at least one minor unit. Limits per channel are the server's. */
export const ZMinorPositive = ZMinor.positive();

/**
 * Client idempotency key of a money-moving request (a UUID fits). A retry with the same key gets the
 * first answer and moves no money twice (ARCHITECTURE.md, Ledger).
 */
export const ZRequestId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Database ids travel as JSON numbers; query strings carry them as text. */
export const ZId = z.number().int().positive();
export const ZIdQuery = z.coerce.number().int().positive();

/** A business day, yyyy-MM-dd, in the merchant's time zone. */
export const ZDay = z.string().max(10).refine(isIsoDay, { message: 'invalid_date' });
/** A moment in responses: ISO 8601 in UTC (`Date.prototype.toISOString`). The web formats it. */
export const ZTime = z.iso.datetime();

/** Paging of record lists; coerced so one shape serves query strings and JSON bodies. */
export const PAGE_FIELDS = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
/** Inclusive day range; when absent the server uses its default window. */
export const DAY_RANGE_FIELDS = { from: ZDay.optional(), to: ZDay.optional() };

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

// The image upload field has its own module, so the web shell can name it without the rest of these fields.
export { ZImageUpload, type TImageUpload } from './image-upload.ts';

/** A password and its repetition: the repetition must match (message key `password_mismatch`). */
export function withConfirmation<T extends z.ZodObject, K extends keyof z.output<T> & string>(
  schema: T,
  field: K,
  confirmField: K,
): T {
  return schema.refine((d: z.output<T>) => d[field] === d[confirmField], {
    message: 'password_mismatch',
    path: [confirmField],
  });
}
