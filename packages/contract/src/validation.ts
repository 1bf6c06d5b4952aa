import { z } from 'zod';
import type { TRegisterFieldRule } from './calls/system.ts';
import { isSafeAccountName, isSafeDisplayName } from './names.ts';
import { validateByRule, type TFieldRule, type TRuleError } from './patterns.ts';

/** Register form fields a stored rule can govern (spec §3); confirmPassword follows password. */
export const REGISTER_RULE_FIELDS = [
  'username',
  'password',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
] as const;
export type TRegisterRuleField = (typeof REGISTER_RULE_FIELDS)[number];

export interface TRegisterOptions {
  /** The register tab: by username, or by mobile number (MOBILENUMREG3). */
  mode: 'username' | 'mobile';
  /** REGMOBVERF3: the SMS code (and so the mobile number it goes to) is required. */
  smsCode: boolean;
  /** MOBILENUMPASSREG3: the mobile tab asks for a password too. */
  mobilePassword: boolean;
}

const DEFAULT_OPTIONS: TRegisterOptions = { mode: 'username', smsCode: false, mobilePassword: false };
/** Stands in when a field the flow needs has no stored rule: any value, bounded by the contract. */
const ANY_VALUE: TFieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '',
  patternId: 0,
  minLength: 0,
  maxLength: 0,
};
const FIELD_MAX = 255;

function isRuleField(field: string): field is TRegisterRuleField {
  return (REGISTER_RULE_FIELDS as readonly string[]).includes(field);
}

/**
 * The fields a register form shows, each with the rule that applies: the stored rules, with the
 * fields the flow itself needs (spec §5) forced on and required. Disabled fields are absent.
 */
export function effectiveRegisterRules(
  rules: readonly TRegisterFieldRule[],
  options: Partial<TRegisterOptions> = {},
): Partial<Record<TRegisterRuleField, TFieldRule>> {
  const { mode, smsCode, mobilePassword } = { ...DEFAULT_OPTIONS, ...options };
  const result: Partial<Record<TRegisterRuleField, TFieldRule>> = {};
  for (const rule of rules) {
    if (rule.enabled && isRuleField(rule.field)) result[rule.field] = rule;
  }
  const force = (field: TRegisterRuleField) => {
    const base = result[field] ?? rules.find((r) => r.field === field) ?? ANY_VALUE;
    result[field] = { ...base, enabled: true, required: true };
  };
  if (mode === 'username') {
    force('username');
    force('password');
  } else {
    delete result.username;
    force('mobileNum');
    if (mobilePassword) force('password');
    else delete result.password;
  }
  // The code proves the number; a mobile account always proves it (docs/decisions.md, issue 3).
  if (smsCode || mode === 'mobile') {
    force('mobileNum');
    force('verificationCode');
  }
  // Shown means required (spec §5 "payment password required with its rule when enabled"; a captcha
  // that may be skipped guards nothing).
  if (result.paymentPassword) force('paymentPassword');
  if (result.captcha) force('captcha');
  return result;
}

/** The stored rule of a field, applied wherever that field is set: enabled and required (or `fallback`). */
function ruleOf(rules: readonly TRegisterFieldRule[], field: TRegisterRuleField, fallback: TFieldRule = ANY_VALUE): TFieldRule {
  const stored = rules.find((r) => r.field === field) ?? fallback;
  return { ...stored, enabled: true, required: true };
}

/** The rule a new password follows anywhere (change, reset): the register rule of `password`, required. */
export function passwordRule(rules: readonly TRegisterFieldRule[]): TFieldRule {
  return ruleOf(rules, 'password');
}

/** The rule of every account name, however the account is made (register, agent, operator): `username`'s. */
export function usernameRule(rules: readonly TRegisterFieldRule[]): TFieldRule {
  return ruleOf(rules, 'username');
}

/** Six digits when a merchant stores no rule of its own (the seeded rule, spec §3). */
const SIX_DIGITS: TFieldRule = { enabled: true, required: true, acceptedPattern: '', patternId: 6, minLength: 6, maxLength: 6 };

/**
 * The rule a payment password follows wherever it is set (register, set, change): the register rule of
 * `paymentPassword`, even while the register form does not show that field.
 */
export function paymentPasswordRule(rules: readonly TRegisterFieldRule[]): TFieldRule {
  return ruleOf(rules, 'paymentPassword', SIX_DIGITS);
}

/** The rule a payee (real) name follows wherever it is set (register, the first bank card): `payeeName`'s. */
export function payeeNameRule(rules: readonly TRegisterFieldRule[]): TFieldRule {
  return ruleOf(rules, 'payeeName');
}

/**
 * What is wrong with one value under its rule: the rule's own error (`required`, `pattern_<id>`), else
 * `name_characters` for an account name (username) or a name shown to others (payee name) that holds
 * hidden, direction-changing or look-alike characters (names.ts).
 */
export function fieldError(field: string, value: string | undefined, rule: TFieldRule): TRuleError | 'name_characters' | null {
  const error = validateByRule(value, rule);
  if (error || !value || value.trim() === '') return error;
  if (field === 'username' && !isSafeAccountName(value)) return 'name_characters';
  if (field === 'payeeName' && !isSafeDisplayName(value)) return 'name_characters';
  return null;
}

/** One refused field as the server reports it and the web shows it beside the field. */
export interface TRuleIssue {
  path: string;
  message: string;
  params?: { patternId: number; min: number; max: number };
}

/** The issue of `value` under `rule` as field `path`, or null when it fits. */
export function ruleIssue(path: string, field: string, value: string | undefined, rule: TFieldRule): TRuleIssue | null {
  const error = fieldError(field, value, rule);
  if (!error) return null;
  return error.startsWith('pattern_') ? { path, message: error, params: { patternId: rule.patternId, min: rule.minLength, max: rule.maxLength } } : { path, message: error };
}

/**
 * The register rules of an account made by someone else (an agent's downline, an operator's account): the
 * username rule with the account-name check, and the password rule. Empty when both fit.
 */
export function accountIssues(rules: readonly TRegisterFieldRule[], input: { username: string; password: string }): TRuleIssue[] {
  return [
    ruleIssue('username', 'username', input.username, usernameRule(rules)),
    ruleIssue('password', 'password', input.password, passwordRule(rules)),
  ].filter((i): i is TRuleIssue => i !== null);
}

/**
 * A zod schema of the register form built from the stored rules, for the web form (zod resolver) and
 * the server alike. Unknown keys are stripped, so the server can hand it the whole request. Each
 * issue's message is a rule error key (`required`, `pattern_<id>`, `password_mismatch`) with
 * params { patternId, min, max } for patternMessage.
 */
export function registerSchemaFromRules(
  rules: readonly TRegisterFieldRule[],
  options: Partial<TRegisterOptions> = {},
) {
  const effective = effectiveRegisterRules(rules, options);
  const fields = Object.keys(effective) as TRegisterRuleField[];
  const shape: Record<string, z.ZodOptional<z.ZodString>> = {};
  for (const field of fields) shape[field] = z.string().max(FIELD_MAX).optional();
  if (effective.password) shape.confirmPassword = z.string().max(FIELD_MAX).optional();

  return z.object(shape).superRefine((values, ctx) => {
    for (const field of fields) {
      const rule = effective[field];
      if (!rule) continue;
      const error = fieldError(field, values[field], rule);
      if (error) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: error,
          params: { patternId: rule.patternId, min: rule.minLength, max: rule.maxLength },
        });
      }
    }
    if (effective.password) {
      const confirm = values.confirmPassword ?? '';
      if (confirm === '') ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'required' });
      else if (confirm !== values.password) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'password_mismatch' });
      }
    }
  });
}
