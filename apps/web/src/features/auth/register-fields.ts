import type { TRegisterFieldRule } from '@playhall/contract/calls/system';
import { validateByRule } from '@playhall/contract/patterns';

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
  rule: TRegisterFieldRule;
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

/** The enabled text fields of the stored rules, in form order ("Fields appear only if enabled", spec §5). */
export function registerFieldViews(rules: readonly TRegisterFieldRule[]): TRegisterFieldView[] {
  return REGISTER_TEXT_FIELDS.flatMap((field) => {
    const rule = rules.find((r) => r.field === field);
    if (!rule?.enabled) return [];
    return [{ field, rule, inputType: INPUT_TYPE[field] ?? 'text', autoComplete: AUTOCOMPLETE[field] ?? 'off' }];
  });
}

export function ruleOf(rules: readonly TRegisterFieldRule[], field: string): TRegisterFieldRule | undefined {
  const rule = rules.find((r) => r.field === field);
  return rule?.enabled ? rule : undefined;
}

/** `required`, `pattern_<id>` or `password_mismatch` per field; empty when the form may be sent. */
export type TRegisterErrors = Partial<Record<keyof TRegisterValues, string>>;

export function validateRegister(
  values: TRegisterValues,
  rules: readonly TRegisterFieldRule[],
  extra: { captcha: boolean; verificationCode: boolean },
): TRegisterErrors {
  const errors: TRegisterErrors = {};
  for (const { field, rule } of registerFieldViews(rules)) {
    const err = validateByRule(values[field], rule);
    if (err) errors[field] = err;
  }
  if (!errors.confirmPassword && ruleOf(rules, 'confirmPassword') && values.confirmPassword !== values.password) {
    errors.confirmPassword = 'password_mismatch';
  }
  for (const field of ['captcha', 'verificationCode'] as const) {
    const rule = ruleOf(rules, field);
    if (!extra[field] || !rule) continue;
    const err = validateByRule(values[field], { ...rule, required: true });
    if (err) errors[field] = err;
  }
  return errors;
}
