import type { TFieldErrors } from '../../lib/field-errors.ts';

/** The configuration calls' message keys (packages/contract/src/console-config.ts) in the console's words. */
const MESSAGES: Record<string, string> = {
  maintenance_end_only: 'Only maintenance has an end time.',
  maintenance_end_past: 'Choose a time in the future.',
  country_code: 'A two-letter country code, such as VN.',
  region_rule_missing: 'This country has no rule to remove.',
  unknown_flag: 'Unknown feature flag.',
  unknown_register_field: 'The site has no such register field.',
  register_field_fixed: 'This field is always required.',
  amount_positive: 'Enter an amount of at least 0.01.',
  limits_order: 'The maximum cannot be below the minimum.',
};

/** Field errors with this area's message keys put into words (the console's own keys are already words). */
export function configErrors(fields: TFieldErrors): TFieldErrors {
  return Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, MESSAGES[text] ?? text]));
}
