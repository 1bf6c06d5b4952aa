import type { TErrorCode } from './errors.ts';

/**
 * Provider-based phone verification (spec §3, §8, issue 22): the browser has the provider send and
 * confirm the code, and the provider's answers carry provider-style error codes (Firebase's names).
 * Each maps to the catalogue code the web translates into the spec's §8 message; anything else is
 * `unknown` ("unknown, retry").
 */
export const PHONE_PROVIDER_ERRORS = {
  'auth/invalid-phone-number': 'sms_invalid_phone',
  'auth/missing-phone-number': 'sms_missing_phone',
  'auth/too-many-requests': 'sms_too_many_requests',
  'auth/captcha-check-failed': 'captcha_failed',
  'auth/quota-exceeded': 'sms_quota_exceeded',
  'auth/operation-not-allowed': 'operation_not_allowed',
  'auth/code-expired': 'sms_code_expired',
  'auth/invalid-verification-code': 'sms_invalid_code',
  'auth/missing-verification-code': 'sms_missing_code',
  'auth/popup-closed-by-user': 'sms_popup_closed',
  unknown: 'sms_unknown',
} as const satisfies Record<string, TErrorCode>;

export type TPhoneProviderError = keyof typeof PHONE_PROVIDER_ERRORS;

/** The catalogue code of a provider's error code; an unrecognised one is `sms_unknown`. */
export function catalogueCodeOfProviderError(code: unknown): TErrorCode {
  return typeof code === 'string' && Object.hasOwn(PHONE_PROVIDER_ERRORS, code)
    ? PHONE_PROVIDER_ERRORS[code as TPhoneProviderError]
    : 'sms_unknown';
}

/** The provider's error code for a catalogue code (the sandbox provider answers in the provider's terms). */
export function providerErrorOf(code: string): TPhoneProviderError {
  const found = (Object.keys(PHONE_PROVIDER_ERRORS) as TPhoneProviderError[]).find((k) => PHONE_PROVIDER_ERRORS[k] === code);
  return found ?? 'unknown';
}

/** The SMS send countdown of the provider-based flow (spec §4, §9: one minute). */
export const PROVIDER_SMS_COUNTDOWN_MINUTES = 1;

/** The sandbox provider's endpoints, served by our own server (modules/sandbox-phone). */
export const SANDBOX_PHONE_PATHS = {
  send: '/sandbox-phone/v1/sendVerificationCode',
  confirm: '/sandbox-phone/v1/signInWithPhoneNumber',
  keys: '/sandbox-phone/v1/jwks',
} as const;

/** A provider's error answer body: `{ error: { code, message } }` with a 4xx status. */
export interface TPhoneProviderErrorBody {
  error: { code: TPhoneProviderError; message: string };
}
