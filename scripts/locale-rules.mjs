// The rules every locale file keeps against its folder's en.json (the portal's apps/web/src/locales and the house
// pages' apps/web/src/house/locales), shared by `node scripts/locale-check.mjs` (coverage per language
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
/** The house game pages' words (apps/web/src/house/locales): one file per language, a section per page; `{name}` placeholders. */
export const HOUSE_LOCALES_DIR = path.resolve(import.meta.dirname, '../apps/web/src/house/locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out[prefix + k] = v;
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}

/**
 * The rules for one folder of locale files: the portal's (i18next: `{{name}}`, `(min)`/`(max)`, plural keys) or the
 * house pages' (`{name}`, no plural keys).
 */
export function localeRules(dir = LOCALES_DIR) {
  const house = dir === HOUSE_LOCALES_DIR;
  const TOKEN = house ? /\{\w+\}/g : /\{\{\w+\}\}|\((min|max)\)/g;
  /** Text with no letters outside placeholders: the same in every language. */
  const symbolsOnly = (s) => !/\p{L}/u.test(s.replace(TOKEN, ''));
  const tokens = (s) => [...s.matchAll(TOKEN)].map((m) => m[0]).sort();
  const withoutCount = (list) => list.filter((t) => t !== '{{count}}').join(' ');
  const readLocale = (code) => flatten(JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), 'utf8')));
  const localeCodes = () => fs.readdirSync(dir).filter((f) => /^[a-z]+\.json$/.test(f)).map((f) => f.slice(0, -5)).sort();
  const sameAsEnglish = () => {
    const file = path.join(dir, 'checks', 'same-as-english.json');
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  };

  /** The problems of one locale against en.json, by rule, and its coverage. */
  function checkLocale(code, en = readLocale('en'), allowed = sameAsEnglish()) {
    const loc = readLocale(code);
    const enBases = new Map();
    for (const key of Object.keys(en)) if (!enBases.has(key.replace(PLURAL, ''))) enBases.set(key.replace(PLURAL, ''), key);
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    const plural = (key) => !house && PLURAL.test(key);
    const base = (key) => (house ? key : key.replace(PLURAL, ''));
    const have = new Set(Object.keys(loc).map(base));
    const listed = new Set(code === 'en' ? [] : (allowed[code] ?? []));
    const out = { missing: [], extra: [], placeholders: [], plurals: [], english: [], listedButTranslated: [] };
    out.missing = [...enBases.keys()].filter((b) => !have.has(b));
    for (const [key, text] of Object.entries(loc)) {
      const b = base(key);
      if (!enBases.has(b)) {
        out.extra.push(key);
        continue;
      }
      const pluralInEn = plural(enBases.get(b));
      const source = en[key] ?? en[`${b}_other`] ?? en[b] ?? '';
      const same = pluralInEn ? withoutCount(tokens(text)) === withoutCount(tokens(source)) : tokens(text).join(' ') === tokens(source).join(' ');
      if (!same) out.placeholders.push(`${key}: "${text}" vs EN "${source}"`);
      if (pluralInEn && !(plural(key) && categories.includes(key.match(PLURAL)[1]))) out.plurals.push(`${key}: ${code} uses ${categories.join('/')}`);
      if (!pluralInEn && plural(key)) out.plurals.push(`${key}: not plural in EN`);
      if (code === 'en') continue;
      const english = text === source && !symbolsOnly(text);
      if (english && !listed.has(key)) out.english.push(`${key}: "${text}"`);
      if (!english && listed.has(key)) out.listedButTranslated.push(key);
    }
    for (const b of enBases.keys()) {
      if (!plural(enBases.get(b)) || !have.has(b)) continue;
      for (const c of categories) if (loc[`${b}_${c}`] === undefined) out.plurals.push(`${b}_${c} missing (${code} uses ${categories.join('/')})`);
    }
    const total = enBases.size;
    return { code, total, translated: total - out.missing.length, problems: out };
  }
  return { readLocale, localeCodes, checkLocale };
}

const portal = localeRules(LOCALES_DIR);
export const { readLocale, localeCodes, checkLocale } = portal;
