// `node scripts/locale-check.mjs [code…]`: how complete each locale file is against en.json — keys missing, keys
// en.json does not have, placeholders ({{name}}, (min), (max)) that differ from English, plural forms the language
// needs (Intl.PluralRules of its tag) and strings left identical to English. Without codes, every locale. Exit 1 when
// any checked locale has a problem. The unit test apps/web/src/locales/locales.test.ts holds the same rules.
import fs from 'node:fs';
import path from 'node:path';

const DIR = path.resolve(import.meta.dirname, '../apps/web/src/locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The language tag of a locale code, from the contract's list (kept in step by the unit test). */
const languagesSource = fs.readFileSync(path.resolve(import.meta.dirname, '../packages/contract/src/languages.ts'), 'utf8');
const TAGS = Object.fromEntries([...languagesSource.matchAll(/code: '(\w+)', tag: '([\w-]+)'/g)].map((m) => [m[1].toLowerCase(), m[2]]));

function flatten(tree, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out[prefix + k] = v;
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}
const read = (code) => flatten(JSON.parse(fs.readFileSync(path.join(DIR, `${code}.json`), 'utf8')));
const tokens = (s) => [...s.matchAll(/\{\{\w+\}\}|\((min|max)\)/g)].map((m) => m[0]).sort().join(' ');

/** Words that are the same in many languages (brands, codes, units): not counted as left in English. */
const SHARED = /^[\s\d\p{P}\p{S}]*$|^(OK|VIP|PVP|RNG|ID|USDT|VND|OTP|APP|App|Email|E-mail|Telegram|Google|Facebook|Playhall|Lucky Crown)$/u;

const en = read('en');
const enBases = new Map();
for (const key of Object.keys(en)) {
  const base = key.replace(PLURAL, '');
  if (!enBases.has(base)) enBases.set(base, key);
}

function check(code) {
  const tag = TAGS[code];
  const loc = read(code);
  const categories = new Intl.PluralRules(tag === 'tyz' ? 'vi' : tag).resolvedOptions().pluralCategories;
  const problems = [];
  const have = new Set(Object.keys(loc).map((k) => k.replace(PLURAL, '')));
  const missing = [...enBases.keys()].filter((b) => !have.has(b));
  const extra = Object.keys(loc).filter((k) => !enBases.has(k.replace(PLURAL, '')));
  const badTokens = [];
  const plurals = [];
  const identical = [];
  for (const [key, text] of Object.entries(loc)) {
    const base = key.replace(PLURAL, '');
    if (!enBases.has(base)) continue;
    const pluralInEn = PLURAL.test(enBases.get(base));
    const source = en[key] ?? en[`${base}_other`] ?? en[base] ?? '';
    if (tokens(text) !== tokens(source)) badTokens.push(`${key}: "${text}" vs EN "${source}"`);
    if (pluralInEn && !PLURAL.test(key)) plurals.push(`${key}: a plural key in EN, needs ${categories.map((c) => `${base}_${c}`).join(', ')}`);
    if (!pluralInEn && PLURAL.test(key)) plurals.push(`${key}: not plural in EN`);
    if (code !== 'en' && text === source && !SHARED.test(text)) identical.push(key);
  }
  for (const base of enBases.keys()) {
    if (!PLURAL.test(enBases.get(base)) || !have.has(base)) continue;
    for (const c of categories) if (loc[`${base}_${c}`] === undefined) plurals.push(`${base}_${c} missing (${tag} uses ${categories.join('/')})`);
  }
  const total = enBases.size;
  const pct = Math.floor((1000 * (total - missing.length)) / total) / 10;
  console.log(`${code.padEnd(3)} ${String(pct).padStart(5)} %  ${total - missing.length}/${total}  missing ${missing.length}, extra ${extra.length}, placeholders ${badTokens.length}, plurals ${plurals.length}, identical to EN ${identical.length}`);
  if (process.env.VERBOSE) {
    for (const [name, list] of [['missing', missing], ['extra', extra], ['placeholders', badTokens], ['plurals', plurals], ['identical', identical]]) {
      for (const item of list.slice(0, Number(process.env.VERBOSE) || 50)) problems.push(`  ${name}: ${item}`);
    }
    for (const p of problems) console.log(p);
  }
  return missing.length + extra.length + badTokens.length + plurals.length === 0;
}

const codes = process.argv.slice(2).length ? process.argv.slice(2).map((c) => c.toLowerCase()) : fs.readdirSync(DIR).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
let ok = true;
for (const code of codes) ok = check(code) && ok;
process.exit(ok ? 0 : 1);
