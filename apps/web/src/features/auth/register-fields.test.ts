import { describe, expect, it } from 'vitest';
import type { TRegisterFieldRule } from '@playhall/contract/calls/system';
import { registerFieldViews, validateRegister } from './register-fields.ts';

const rule = (field: string, patternId: number, min: number, max: number, required = true, enabled = true): TRegisterFieldRule => ({
  field,
  enabled,
  required,
  acceptedPattern: '',
  patternId,
  minLength: min,
  maxLength: max,
});

const rules = [
  rule('captcha', 14, 4, 4),
  rule('username', 1, 6, 12),
  rule('password', 5, 6, 20),
  rule('confirmPassword', 5, 6, 20),
  rule('email', 3, 5, 100, false),
  rule('qqNum', 6, 5, 12, true, false),
];

describe('registerFieldViews', () => {
  it('lists enabled text fields in form order with input types', () => {
    expect(registerFieldViews(rules).map((v) => [v.field, v.inputType])).toEqual([
      ['username', 'text'],
      ['password', 'password'],
      ['confirmPassword', 'password'],
      ['email', 'email'],
    ]);
  });
});

describe('validateRegister', () => {
  const extra = { mode: 'username' as const };

  it('reports required fields, pattern misses and a mismatched confirmation', () => {
    expect(validateRegister({ username: '1abc', password: 'abc123', confirmPassword: 'abc124' }, rules, extra)).toEqual({
      username: 'pattern_1',
      confirmPassword: 'password_mismatch',
      captcha: 'required',
    });
  });

  it('accepts a complete form and ignores empty optional fields', () => {
    expect(
      validateRegister({ username: 'player1', password: 'abc123', confirmPassword: 'abc123', captcha: 'ab12' }, rules, extra),
    ).toEqual({});
  });

  it('checks optional fields when filled', () => {
    const errors = validateRegister(
      { username: 'player1', password: 'abc123', confirmPassword: 'abc123', captcha: 'ab12', email: 'nope' },
      rules,
      extra,
    );
    expect(errors).toEqual({ email: 'pattern_3' });
  });
});
