import type { TRegisterFieldRule } from '@playhall/contract/calls/system';
import type { TFieldRule } from '@playhall/contract/patterns';
import { effectiveRegisterRules, registerSchemaFromRules, type TRegisterOptions } from '@playhall/contract/validation';

/** Register form fields (spec §3) the form renders as text inputs, in display order. */
export const REGISTER_TEXT_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'mobileNum',
  'email',
  'paymentPassword',
  'affiliateCode',
  'recommenderId',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
] as const;
export type TRegisterTextField = (typeof REGISTER_TEXT_FIELDS)[number];

export type TRegisterValues = Partial<Record<TRegisterTextField | 'captcha' | 'verificationCode', string>>;

export interface TRegisterFieldView {
  field: TRegisterTextField;
  rule: TFieldRule;
  inputType: 'text' | 'password' | 'email' | 'tel';
  autoComplete: string;
}

const INPUT_TYPE: Partial<Record<TRegisterTextField, TRegisterFieldView['inputType']>> = {
  password: 'password',
  confirmPassword: 'password',
  paymentPassword: 'password',
  email: 'email',
  mobileNum: 'tel',
};

const AUTOCOMPLETE: Partial<Record<TRegisterTextField, string>> = {
  username: 'username',
  password: 'new-password',
  confirmPassword: 'new-password',
  payeeName: 'name',
  mobileNum: 'tel-national',
  email: 'email',
};

/** The rules the form applies: the stored ones with the flow's own fields forced on (contract validation.ts). */
export function effectiveRules(rules: readonly TRegisterFieldRule[], options: Partial<TRegisterOptions> = {}) {
  return effectiveRegisterRules(rules, options) as Partial<Record<string, TFieldRule>>;
}

/** The shown text fields, in form order ("Fields appear only if enabled", spec §5); confirmPassword follows password. */
export function registerFieldViews(rules: readonly TRegisterFieldRule[], options: Partial<TRegisterOptions> = {}): TRegisterFieldView[] {
  const effective = effectiveRules(rules, options);
  return REGISTER_TEXT_FIELDS.flatMap((field) => {
    const rule = field === 'confirmPassword' ? effective.password : effective[field];
    if (!rule) return [];
    return [{ field, rule, inputType: INPUT_TYPE[field] ?? 'text', autoComplete: AUTOCOMPLETE[field] ?? 'off' }];
  });
}

export function ruleOf(rules: readonly TRegisterFieldRule[], field: string, options: Partial<TRegisterOptions> = {}): TFieldRule | undefined {
  return effectiveRules(rules, options)[field === 'confirmPassword' ? 'password' : field];
}

/** `required`, `pattern_<id>` or `password_mismatch` per field; empty when the form may be sent. */
export type TRegisterErrors = Partial<Record<keyof TRegisterValues, string>>;

/** The contract's register schema from the stored rules, the same the server applies. */
export function validateRegister(
  values: TRegisterValues,
  rules: readonly TRegisterFieldRule[],
  options: Partial<TRegisterOptions> = {},
): TRegisterErrors {
  const result = registerSchemaFromRules(rules, options).safeParse(values);
  const errors: TRegisterErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof TRegisterValues;
    errors[field] ??= issue.message;
  }
  return errors;
}
