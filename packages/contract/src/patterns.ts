/**
 * The 25 pattern types of spec §5 and the register field rule check, shared by the web forms and the
 * server. Patterns test the whole value; length bounds come from the rule, not from the pattern.
 */
export interface TPattern {
  id: number;
  description: string;
  test(value: string): boolean;
}

/** Field rule shape as far as validation needs it (the full rule is `TRegisterFieldRule`). */
export interface TFieldRule {
  enabled: boolean;
  required: boolean;
  acceptedPattern: string;
  patternId: number;
  minLength: number;
  maxLength: number;
}

/** `required`, or `pattern_<id>`: the translated text for that pattern with (min) and (max) filled. */
export type TRuleError = 'required' | `pattern_${number}`;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** yyyy-MM-dd naming a real calendar day. */
export function isIsoDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m !== null && isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

function isUsDay(value: string): boolean {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  return m !== null && isCalendarDate(Number(m[3]), Number(m[1]), Number(m[2]));
}

function byRegex(id: number, description: string, re: RegExp): TPattern {
  return { id, description, test: (value) => re.test(value) };
}

// Letters with their combining marks, so Vietnamese or Thai names typed decomposed still match.
const LETTER = String.raw`\p{L}\p{M}`;
// Printable ASCII without the space: letters, digits and symbols.
const ASCII_SYMBOL = String.raw`!-\/:-@\[-\`{-~`;

export const PATTERNS: Readonly<Record<number, TPattern>> = {
  0: { id: 0, description: 'Any value (length only)', test: () => true },
  1: byRegex(1, 'A letter first, then letters and digits', /^[A-Za-z][A-Za-z0-9]*$/),
  // Spec gives a second reading (kanji and digits); we take letters and Chinese characters.
  2: byRegex(2, 'Letters and Chinese characters', /^[A-Za-z\p{Script=Han}]+$/u),
  3: byRegex(
    3,
    'A valid e-mail address',
    /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
  ),
  4: byRegex(4, 'Letters or digits only, no Chinese', /^[A-Za-z0-9]+$/),
  5: byRegex(5, 'Letters and digits combined (both present)', /^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$/),
  6: byRegex(6, 'Digits only', /^[0-9]+$/),
  7: byRegex(7, 'Letters and digits with at least one uppercase letter', /^(?=.*[A-Z])[A-Za-z0-9]+$/),
  8: byRegex(8, 'English letters and spaces', /^(?=.*[A-Za-z])[A-Za-z ]+$/),
  9: byRegex(9, 'No spaces', /^\S+$/u),
  10: byRegex(10, 'Chinese characters and punctuation', /^[\p{Script=Han}\p{P}]+$/u),
  11: { id: 11, description: 'Date yyyy-MM-dd', test: isIsoDay },
  // Spec gives a second reading (letters and spaces); we take at least two letters, letters and spaces only.
  12: byRegex(
    12,
    'At least two letters; letters and spaces only',
    new RegExp(String.raw`^(?=(?:\P{L}*\p{L}){2})[${LETTER} ]+$`, 'u'),
  ),
  13: { id: 13, description: 'Date MM-dd-yyyy', test: isUsDay },
  14: byRegex(14, 'Alphanumeric', /^[A-Za-z0-9]+$/),
  15: byRegex(15, 'Korean only', /^\p{Script=Hangul}+$/u),
  16: byRegex(16, 'Thai only', /^\p{Script=Thai}+$/u),
  17: byRegex(17, 'Thai or English letters and spaces', /^(?=.*[A-Za-z\p{Script=Thai}])[A-Za-z\p{Script=Thai} ]+$/u),
  18: byRegex(18, 'Uppercase letters and spaces, at least one letter', /^(?=.*[A-Z])[A-Z ]+$/),
  19: byRegex(19, 'Letters, digits and symbols', new RegExp(`^[A-Za-z0-9${ASCII_SYMBOL}]+$`)),
  20: byRegex(
    20,
    'At least one uppercase letter, one lowercase letter, one digit and one symbol',
    new RegExp(`^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[${ASCII_SYMBOL}])[A-Za-z0-9${ASCII_SYMBOL}]+$`),
  ),
  21: byRegex(
    21,
    'Full name: first and last name separated by a space',
    new RegExp(String.raw`^[${LETTER}]+(?: [${LETTER}]+)+$`, 'u'),
  ),
  // Full-width only: hiragana, katakana (with ー and ・) and kanji; half-width katakana is refused.
  22: byRegex(22, 'Full-width Japanese kana or kanji', /^[\u3041-\u309F\u30A0-\u30FF\p{Script=Han}]+$/u),
  23: byRegex(23, 'Uppercase letters only, no spaces', /^[A-Z]+$/),
  24: byRegex(24, 'Digits only, starting with 9', /^9[0-9]*$/),
};

/** Operator-written glob: `*` is any run of characters, everything else literal, whole value. */
function acceptedPatternRegex(acceptedPattern: string): RegExp {
  const body = acceptedPattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`, 'su');
}

/**
 * Checks one value against a register field rule. A disabled field is not shown, so never wrong.
 * Empty (or blank) fails only when required. Length counts characters (code points); a maxLength
 * of 0 means no upper bound. A length, pattern or acceptedPattern miss all give `pattern_<id>`,
 * because the spec's message per pattern already names the bounds.
 */
export function validateByRule(value: string | undefined, rule: TFieldRule): TRuleError | null {
  if (!rule.enabled) return null;
  const text = value ?? '';
  if (text.trim() === '') return rule.required ? 'required' : null;
  const length = [...text].length;
  const pattern = PATTERNS[rule.patternId] ?? PATTERNS[0];
  const fits =
    length >= rule.minLength &&
    (rule.maxLength === 0 || length <= rule.maxLength) &&
    pattern !== undefined &&
    pattern.test(text) &&
    (rule.acceptedPattern === '' || acceptedPatternRegex(rule.acceptedPattern).test(text));
  return fits ? null : `pattern_${rule.patternId}`;
}

// The message filler lives apart so the web's error dialog can use it without the patterns themselves.
export { patternMessage } from './pattern-message.ts';
