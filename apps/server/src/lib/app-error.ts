import { ERROR_CODES, type TErrorCode } from '@playhall/contract/errors';

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
