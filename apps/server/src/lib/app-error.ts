import { ERROR_CODES, isErrorCode, type TErrorCode } from '@playhall/contract/errors';

/** A refusal the client should see: a catalogue code, its honest HTTP status, and optional detail. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly value: unknown;

  constructor(code: TErrorCode, value: unknown = null, message?: string) {
    super(message ?? ERROR_CODES[code].message);
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.value = value;
  }
}

/** One field's problem, as the web shows it beside the field. */
export interface TIssue {
  /** Field path, dotted. */
  path: string;
  /** A rule error key (`required`, `pattern_<id>`) or a catalogue code; the web translates both. */
  message: string;
  /** Bounds for the pattern message: { patternId, min, max } (patternMessage in the contract). */
  params?: Record<string, unknown>;
}

/**
 * A 400 listing every issue. When the first issue's message is itself a 400 catalogue code (the
 * phone and SMS errors of spec §8, `password_mismatch`), that is the envelope's code, so the web can
 * show the spec's message; otherwise `validation_failed` (or `unknown_field`).
 */
export function invalidInput(issues: readonly TIssue[], unknownField = false): AppError {
  const first = issues[0]?.message ?? '';
  const named = isErrorCode(first) && ERROR_CODES[first].status === 400 ? first : null;
  const code: TErrorCode = unknownField ? 'unknown_field' : (named ?? 'validation_failed');
  return new AppError(code, { issues });
}
