// The rules every locale file keeps against en.json, shared by `node scripts/locale-check.mjs` (coverage per language
// in `npm test`) and the unit test apps/web/src/locales/locales.test.ts:
// - every key of en.json (plural keys by their base), no key en.json does not have;
// - the placeholders of English ({{name}}, (min), (max)); a plural form may add or drop {{count}};
// - exactly the plural forms i18next asks for at run time: it builds Intl.PluralRules from the locale code itself
//   ('cn', 'tw' and 'ty' are no language Intl knows, so they get the default locale's one/other);
// - no string left identical to English unless it is only placeholders and symbols, or it is listed for that
//   language in checks/same-as-english.json (a word the language really uses as is: a brand, "Bonus", "Lobby", …);
//   a listed key that no longer reads as English is a problem too, so the list stays true.
import fs from 'node:fs';
import path from 'node:path';

export const LOCALES_DIR = path.resolve(import.meta.dirname, '../apps/web/src/locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Text with no letters outside placeholders: the same in every language. */
const SYMBOLS_ONLY = (s) => !/\p{L}/u.test(s.replace(/\{\{\w+\}\}|\((min|max)\)/g, ''));

function flatten(tree, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out[prefix + k] = v;
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}
export const readLocale = (code) => flatten(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, `${code}.json`), 'utf8')));
export const localeCodes = () => fs.readdirSync(LOCALES_DIR).filter((f) => /^[a-z]+\.json$/.test(f)).map((f) => f.slice(0, -5)).sort();
const sameAsEnglish = () => JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, 'checks', 'same-as-english.json'), 'utf8'));
const tokens = (s) => [...s.matchAll(/\{\{\w+\}\}|\((min|max)\)/g)].map((m) => m[0]).sort();
const withoutCount = (list) => list.filter((t) => t !== '{{count}}').join(' ');

/** The problems of one locale against en.json, by rule, and its coverage. */
export function checkLocale(code, en = readLocale('en'), allowed = sameAsEnglish()) {
  const loc = readLocale(code);
  const enBases = new Map();
  for (const key of Object.keys(en)) if (!enBases.has(key.replace(PLURAL, ''))) enBases.set(key.replace(PLURAL, ''), key);
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  const have = new Set(Object.keys(loc).map((k) => k.replace(PLURAL, '')));
  const listed = new Set(code === 'en' ? [] : (allowed[code] ?? []));
  const out = { missing: [], extra: [], placeholders: [], plurals: [], english: [], listedButTranslated: [] };
  out.missing = [...enBases.keys()].filter((b) => !have.has(b));
  for (const [key, text] of Object.entries(loc)) {
    const base = key.replace(PLURAL, '');
    if (!enBases.has(base)) {
      out.extra.push(key);
      continue;
    }
    const pluralInEn = PLURAL.test(enBases.get(base));
    const source = en[key] ?? en[`${base}_other`] ?? en[base] ?? '';
    const same = pluralInEn ? withoutCount(tokens(text)) === withoutCount(tokens(source)) : tokens(text).join(' ') === tokens(source).join(' ');
    if (!same) out.placeholders.push(`${key}: "${text}" vs EN "${source}"`);
    if (pluralInEn && !(PLURAL.test(key) && categories.includes(key.match(PLURAL)[1]))) out.plurals.push(`${key}: ${code} uses ${categories.join('/')}`);
    if (!pluralInEn && PLURAL.test(key)) out.plurals.push(`${key}: not plural in EN`);
    if (code === 'en') continue;
    const english = text === source && !SYMBOLS_ONLY(text);
    if (english && !listed.has(key)) out.english.push(`${key}: "${text}"`);
    if (!english && listed.has(key)) out.listedButTranslated.push(key);
  }
  for (const base of enBases.keys()) {
    if (!PLURAL.test(enBases.get(base)) || !have.has(base)) continue;
    for (const c of categories) if (loc[`${base}_${c}`] === undefined) out.plurals.push(`${base}_${c} missing (${code} uses ${categories.join('/')})`);
  }
  const total = enBases.size;
  return { code, total, translated: total - out.missing.length, problems: out };
}
