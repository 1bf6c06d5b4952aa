import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { failureWantsCaptcha } from './login.ts';

describe('failureWantsCaptcha', () => {
  it('reads the captcha flag of a failed login', () => {
    expect(failureWantsCaptcha(new ApiError('bad_credentials', 'x', 401, { captcha: true }))).toBe(true);
    expect(failureWantsCaptcha(new ApiError('bad_credentials', 'x', 401, { captcha: false }))).toBe(false);
    expect(failureWantsCaptcha(new ApiError('captcha_required', 'x', 400, null))).toBe(true);
    expect(failureWantsCaptcha(new ApiError('network_error', 'x', 0))).toBe(false);
    expect(failureWantsCaptcha(new Error('x'))).toBe(false);
  });
});
