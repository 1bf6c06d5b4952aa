import { describe, expect, it } from 'vitest';
import type { TRegisterFieldRule } from './calls/system.ts';
import { accountIssues, effectiveRegisterRules, passwordRule, payeeNameRule, paymentPasswordRule, registerSchemaFromRules } from './validation.ts';

const rule = (field: string, over: Partial<TRegisterFieldRule> = {}): TRegisterFieldRule => ({
  field,
  enabled: true,
  required: false,
  acceptedPattern: '',
  patternId: 0,
  minLength: 0,
  maxLength: 0,
  ...over,
});

const RULES: TRegisterFieldRule[] = [
  rule('username', { required: true, patternId: 1, minLength: 6, maxLength: 12 }),
  rule('password', { required: true, patternId: 5, minLength: 6, maxLength: 16 }),
  rule('email', { patternId: 3 }),
  rule('mobileNum', { patternId: 6, minLength: 9, maxLength: 11 }),
  rule('payeeName', { required: true, patternId: 12 }),
  rule('wechat', { enabled: false, required: true }),
];

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('effectiveRegisterRules', () => {
  it('keeps enabled fields, drops disabled ones', () => {
    const fields = Object.keys(effectiveRegisterRules(RULES));
    expect(fields).toEqual(expect.arrayContaining(['username', 'password', 'email', 'mobileNum', 'payeeName']));
    expect(fields).not.toContain('wechat');
  });

  it('in mobile mode drops username, requires mobileNum, and the password only with MOBILENUMPASSREG3', () => {
    const mobile = effectiveRegisterRules(RULES, { mode: 'mobile' });
    expect(mobile.username).toBeUndefined();
    expect(mobile.mobileNum?.required).toBe(true);
    expect(mobile.password).toBeUndefined();
    expect(effectiveRegisterRules(RULES, { mode: 'mobile', mobilePassword: true }).password?.required).toBe(true);
  });

  it('requires the SMS code with REGMOBVERF3 even without a stored rule, and the number it goes to', () => {
    const rules = effectiveRegisterRules(RULES, { smsCode: true });
    expect(rules.verificationCode?.required).toBe(true);
    expect(rules.mobileNum?.required).toBe(true);
  });

  it('always requires the SMS code in mobile mode: it proves the number', () => {
    expect(effectiveRegisterRules(RULES, { mode: 'mobile' }).verificationCode?.required).toBe(true);
  });

  it('requires an enabled payment password and captcha even when stored as optional', () => {
    const rules = effectiveRegisterRules([...RULES, rule('paymentPassword', { patternId: 6 }), rule('captcha')]);
    expect(rules.paymentPassword?.required).toBe(true);
    expect(rules.captcha?.required).toBe(true);
    expect(effectiveRegisterRules(RULES).paymentPassword).toBeUndefined();
  });

  it('passwordRule is the stored password rule, required', () => {
    expect(passwordRule(RULES)).toMatchObject({ enabled: true, required: true, patternId: 5, minLength: 6, maxLength: 16 });
    expect(passwordRule([])).toMatchObject({ required: true, patternId: 0 });
  });
});

describe('registerSchemaFromRules', () => {
  const schema = registerSchemaFromRules(RULES);
  const valid = {
    username: 'player1',
    password: 'secret123',
    confirmPassword: 'secret123',
    payeeName: 'Nguyen Van An',
  };

  it('accepts a valid form and strips fields no rule shows', () => {
    const result = schema.safeParse({ ...valid, wechat: 'w', login: true });
    expect(result.success).toBe(true);
    expect(result.data).toEqual(valid);
  });

  it('reports each field by its rule error key with the bounds as params', () => {
    const result = schema.safeParse({ username: '1abc', password: 'short', confirmPassword: 'short', email: 'x' });
    expect(issues(result)).toEqual({
      username: 'pattern_1',
      password: 'pattern_5',
      email: 'pattern_3',
      payeeName: 'required',
    });
    const password = result.error?.issues.find((i) => i.path[0] === 'password');
    expect(password && 'params' in password ? password.params : undefined).toEqual({ patternId: 5, min: 6, max: 16 });
  });

  it('requires confirmPassword equal to password', () => {
    expect(issues(schema.safeParse({ ...valid, confirmPassword: '' }))).toEqual({ confirmPassword: 'required' });
    expect(issues(schema.safeParse({ ...valid, confirmPassword: 'other123' }))).toEqual({
      confirmPassword: 'password_mismatch',
    });
  });

  it('lets optional fields stay empty but checks them when filled', () => {
    expect(schema.safeParse({ ...valid, email: '', mobileNum: '' }).success).toBe(true);
    expect(issues(schema.safeParse({ ...valid, mobileNum: '12345' }))).toEqual({ mobileNum: 'pattern_6' });
  });
});

describe('the rules of fields set outside the register form (issue 15)', () => {
  const ANY_NAME = [rule('username', { required: true, patternId: 0, minLength: 1, maxLength: 64 }), rule('password', { required: true, patternId: 0, minLength: 1 })];

  it('accountIssues applies the username and password rules, and the account-name check even under a permissive rule', () => {
    expect(accountIssues(RULES, { username: 'player1', password: 'secret123' })).toEqual([]);
    expect(accountIssues(RULES, { username: '<img src=x onerror=alert(1)>qtx', password: 'x' })).toEqual([
      { path: 'username', message: 'pattern_1', params: { patternId: 1, min: 6, max: 12 } },
      { path: 'password', message: 'pattern_5', params: { patternId: 5, min: 6, max: 16 } },
    ]);
    for (const username of ['<img src=x onerror=alert(1)>qtx', 'аbiapcwy7n', 'a bhqc', 'abc\u202Efdp']) {
      expect(accountIssues(ANY_NAME, { username, password: 'fine' }), username).toEqual([{ path: 'username', message: 'name_characters' }]);
    }
  });

  it('the register form refuses such a username and a payee name with hidden characters', () => {
    const form = { username: 'abc\u202Efdp', password: 'fine', confirmPassword: 'fine', payeeName: 'Nguyen\u200B Van' };
    expect(issues(registerSchemaFromRules([...ANY_NAME, rule('payeeName', { patternId: 0 })]).safeParse(form))).toEqual({
      username: 'name_characters',
      payeeName: 'name_characters',
    });
  });

  it('the payment password and payee name rules are the stored ones, enabled and required', () => {
    expect(paymentPasswordRule([rule('paymentPassword', { enabled: false, patternId: 6, minLength: 6, maxLength: 6 })])).toMatchObject({
      enabled: true,
      required: true,
      patternId: 6,
      minLength: 6,
      maxLength: 6,
    });
    // No stored rule: six digits, as seeded.
    expect(paymentPasswordRule([])).toMatchObject({ patternId: 6, minLength: 6, maxLength: 6 });
    expect(payeeNameRule(RULES)).toMatchObject({ enabled: true, required: true, patternId: 12 });
  });
});
