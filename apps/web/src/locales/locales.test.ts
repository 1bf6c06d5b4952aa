import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@playhall/contract/errors';
import { LANGUAGES } from '@playhall/contract/languages';
import { COMPLETE_LOCALES } from '../lib/i18n.ts';

type TTree = { [key: string]: string | TTree };
const files = import.meta.glob<TTree>('./*.json', { eager: true, import: 'default' });
const locales = Object.fromEntries(Object.entries(files).map(([path, json]) => [path.slice(2, -5), json]));

function flatten(tree: TTree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((out, [k, v]) => {
    if (typeof v === 'string') out[prefix + k] = v;
    else Object.assign(out, flatten(v, `${prefix}${k}.`));
    return out;
  }, {});
}

/** Plural forms (`_one`, `_few`, …) count as their base key. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const tokens = (s: string) => [...s.matchAll(/\{\{\w+\}\}|\((min|max)\)/g)].map((m) => m[0]).sort();

const en = flatten(locales.en ?? {});
const enBase = new Set(Object.keys(en).map(base));

/** The strings every language carries: navigation, footer and the status pages. */
const SHELL = ['nav.home', 'nav.promotions', 'nav.app', 'nav.affiliates', 'nav.more', 'footer.help', 'footer.join', 'status.maintenanceTitle', 'status.accessDeniedTitle', 'status.yourIp', 'status.contact', 'error.network_error'];

describe('locale files', () => {
  it('exist for exactly the codes of the language list', () => {
    expect(Object.keys(locales).sort()).toEqual(LANGUAGES.map((l) => l.code.toLowerCase()).sort());
  });

  it('translate every error code of the contract in EN', () => {
    for (const code of [...Object.keys(ERROR_CODES), 'network_error']) expect(en[`error.${code}`], code).toBeTruthy();
  });

  for (const [code, tree] of Object.entries(locales)) {
    const flat = flatten(tree);
    it(`${code}: only keys of en.json, placeholders kept`, () => {
      for (const [key, text] of Object.entries(flat)) {
        expect(enBase.has(base(key)), `${code} ${key}`).toBe(true);
        const source = en[key] ?? en[`${base(key)}_other`] ?? '';
        expect(tokens(text), `${code} ${key}`).toEqual(tokens(source));
      }
    });
    it(`${code}: navigation, footer and status pages translated`, () => {
      for (const key of [...SHELL, ...['LOTT', 'LIVE', 'SPORTS', 'RNG', 'FISH', 'PVP', 'ESPORTS'].map((c) => `category.${c}`)]) {
        expect(flat[key], `${code} ${key}`).toBeTruthy();
      }
    });
  }

  it.each([...COMPLETE_LOCALES])('%s is complete (needs no EN fallback)', (code) => {
    const have = new Set(Object.keys(flatten(locales[code] ?? {})).map(base));
    expect([...enBase].filter((k) => !have.has(k))).toEqual([]);
  });
});
