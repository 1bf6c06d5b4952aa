import type { TFieldErrors } from '../../lib/field-errors.ts';

/** The content calls' message keys (packages/contract/src/console-content.ts) in the console's words. */
const MESSAGES: Record<string, string> = {
  category_required: 'Enter a category.',
  title_required: 'Enter a title.',
  content_required: 'Write the text.',
  kind_unknown: 'Choose first deposit, reload or proof.',
  category_unknown: 'Choose a category.',
  period_order: 'The end must be after the start.',
  reward_type_kind: 'This kind of promotion does not pay that way.',
  rate_too_high: 'Above 1000 % is refused as a typo.',
  cap_percent_only: 'A cap goes with a percentage reward.',
  points_no_turnover: 'Points carry no turnover: use 0.',
  deposit_min_required: 'A deposit promotion needs its smallest deposit.',
  deposit_min_deposit_only: 'Only deposit promotions have a deposit minimum.',
  amount_positive: 'Enter an amount of at least 0.01.',
  reason_required: 'Give a reason (3 characters or more).',
};

/** Field errors with this area's message keys put into words (the console's own keys are already words). */
export function contentErrors(fields: TFieldErrors): TFieldErrors {
  return Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, MESSAGES[text] ?? text]));
}

/** Whether the editor's HTML holds any text (emptied, it leaves markup such as <br> behind). */
export function hasText(html: string): boolean {
  return Boolean(new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim());
}
