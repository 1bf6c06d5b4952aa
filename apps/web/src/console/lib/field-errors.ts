/** Field name (the issue's path, dotted) → the text shown under that field. */
export type TFieldErrors = Record<string, string>;

/** The contract's message keys (custom zod messages) in the console's words. */
const MESSAGES: Record<string, string> = {
  reason_required: 'Give a reason of at least 3 characters.',
  operator_username: 'Lower-case letters, digits, dot, dash or underscore, starting with a letter.',
  operator_password_short: 'At least 12 characters.',
  totp_code: 'Enter the 6 digits from the authenticator app.',
  recovery_code: 'A recovery code has 10 letters or digits (xxxxx-xxxxx).',
  amount_zero: 'Enter an amount other than zero.',
  title_required: 'Enter a title.',
  content_required: 'Write the content.',
  note_required: 'Write the note.',
  invalid_date: 'Enter a date as yyyy-mm-dd.',
};

interface TIssueLike {
  path?: unknown;
  message?: unknown;
  code?: unknown;
  minimum?: unknown;
  maximum?: unknown;
}

/** One issue's text: the contract's key translated, else zod's kind of problem in plain words, else the server's text. */
export function issueText(issue: TIssueLike): string {
  const message = typeof issue.message === 'string' ? issue.message : '';
  const known = MESSAGES[message];
  if (known) return known;
  if (issue.code === 'too_small') return issue.minimum === 1 ? 'Required.' : `Too short (at least ${String(issue.minimum)}).`;
  if (issue.code === 'too_big') return `Too long (at most ${String(issue.maximum)}).`;
  if (issue.code === 'invalid_format') return 'Not in the expected format.';
  return message && message !== 'Invalid input' ? message : 'Not valid.';
}

/** Issues (zod's, checked in the browser, or the server's `value.issues`) → the first text per field. */
export function fieldErrorsOf(issues: unknown): TFieldErrors {
  if (!Array.isArray(issues)) return {};
  const out: TFieldErrors = {};
  for (const raw of issues as TIssueLike[]) {
    const path = Array.isArray(raw.path) ? raw.path.map(String).join('.') : typeof raw.path === 'string' ? raw.path : '';
    out[path] ??= issueText(raw);
  }
  return out;
}
