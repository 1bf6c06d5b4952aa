import type { TErrorCode } from '@playhall/contract/errors';

/** Error codes the client raises itself, besides the server catalogue. */
export type TClientErrorCode = TErrorCode | 'network_error';

/** A failed call: the envelope's code and message, the HTTP status (0 when nothing came back) and value. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly value: unknown;

  constructor(code: string, message: string, status: number, value: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.value = value;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
