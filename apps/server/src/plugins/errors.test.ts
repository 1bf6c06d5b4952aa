import { ZodError } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { toRefusal } from './errors.ts';

describe('toRefusal', () => {
  it('keeps an AppError as it is', () => {
    expect(toRefusal(new AppError('not_logged_in'))).toMatchObject({ code: 'not_logged_in' });
  });
  it('answers a full connection pool as a rate limit the caller may retry, not a system error', () => {
    expect(toRefusal(new Error('timeout exceeded when trying to connect'))).toEqual({ status: 429, code: 'rate_limited', value: null });
  });
  it('hides any other failure behind system_error', () => {
    expect(toRefusal(new Error('relation "x" does not exist'))).toEqual({ status: 500, code: 'system_error', value: null });
    expect(toRefusal(new ZodError([])).code).toBe('validation_failed');
  });
});
