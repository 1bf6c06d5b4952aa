/**
 * Names other people see (issue 15): an account name (username) is a login identifier shown in team lists,
 * transfers and records, so it must read as what it is; a display name (nickname, payee name) may hold any
 * script but nothing invisible or direction-changing. Shared by the web forms and the server, beside the
 * register rules (patterns.ts), which still decide the pattern and length of each field.
 */

/**
 * Characters that are not seen or that change how the text around them is shown: controls, format
 * characters (bidi embeddings, overrides and isolates, zero-width joiners, the BOM), default-ignorable code
 * points (Hangul fillers, variation selectors, tags), private-use, unassigned and lone surrogates, line and
 * paragraph separators, every space but U+0020, and the blank Braille pattern.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]|(?! )\p{Zs}/u;
/** A combining mark with no letter before it, or more than four stacked on one letter. */
const LOOSE_MARKS = /(?:^|[^\p{L}\p{M}])\p{M}|\p{M}{5}/u;

/** True when a name shown to others holds nothing hidden or direction-changing (nickname, payee name). */
export function isSafeDisplayName(value: string): boolean {
  return !HIDDEN.test(value) && !LOOSE_MARKS.test(value);
}

/** Scripts an account name may be written in; a letter of any other script is refused. */
const SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Hebrew', 'Arabic', 'Thaana', 'Devanagari', 'Bengali', 'Gurmukhi',
  'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar',
  'Georgian', 'Hangul', 'Ethiopic', 'Khmer', 'Mongolian', 'Hiragana', 'Katakana', 'Bopomofo', 'Han',
] as const;
type TScript = (typeof SCRIPTS)[number];
const SCRIPT_RE = SCRIPTS.map((s) => [s, new RegExp(`^\\p{Script=${s}}$`, 'u')] as const);

/**
 * Scripts that may share one name (Unicode TS #39 "highly restrictive"): one script, or Latin with the
 * scripts Japanese, Chinese and Korean are written in together.
 */
const MIXES: readonly (readonly TScript[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

/**
 * Letters of other scripts drawn like Latin letters (a subset of Unicode's confusables): a name written only
 * in these (`аре` in Cyrillic) passes for a Latin one. Latin letters drawn like other Latin letters (dotless
 * ı, small capitals, ɑ, ɡ) are refused outright.
 */
const LATIN_LOOKALIKES: Partial<Record<TScript, RegExp>> = {
  Cyrillic: /^[аАвВеЕкКмМнНоОрРсСтТуУхХіІјЈѕЅԁӏӀԛԜԝһҺүҮёЁїЇ]$/u,
  Greek: /^[αΑβΒεΕζΖηΗιΙκΚμΜνΝοΟρΡτΤυΥχΧ]$/u,
};
const LATIN_CONFUSABLE = /[\u0131\u0237\u0251\u0261\u0269\u026A\u0280\u028F\u0299\u029F\u01C0-\u01C3\u1D00-\u1D2B\uA730-\uA731]/u;

/** Account names: letters, ASCII digits and `. _ - @ +` (an e-mail-shaped username rule may need them). */
const ACCOUNT_CHAR = /^[\p{L}\p{M}0-9._\-@+]$/u;

/**
 * True when an account name is safe to show: a safe display name, with no space or symbol beyond `. _ - @ +`,
 * unchanged by NFKC (no full-width or compatibility forms, no decomposed letters), in one script or an allowed
 * mix of scripts, and not made only of another script's Latin look-alikes.
 */
export function isSafeAccountName(value: string): boolean {
  if (value === '' || !isSafeDisplayName(value) || value.normalize('NFKC') !== value || LATIN_CONFUSABLE.test(value)) return false;
  const seen = new Set<TScript>();
  let lookalikes = 0;
  let letters = 0;
  for (const ch of value) {
    if (!ACCOUNT_CHAR.test(ch)) return false;
    if (!/\p{L}/u.test(ch)) continue;
    const script = SCRIPT_RE.find(([, re]) => re.test(ch))?.[0];
    if (!script) return false;
    seen.add(script);
    letters++;
    if (LATIN_LOOKALIKES[script]?.test(ch)) lookalikes++;
  }
  if (seen.size > 1 && !MIXES.some((mix) => [...seen].every((s) => mix.includes(s)))) return false;
  // One non-Latin script whose every letter passes for Latin: a spoof of a Latin name.
  return !(letters > 0 && lookalikes === letters);
}
