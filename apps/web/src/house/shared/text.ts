import { LANGUAGES } from '@playhall/contract/language-list';
import type EN from '../locales/en.json';

/**
 * The house pages' words in every language of the portal (issue 23). A page loads nothing of the portal, so not its
 * locale files either: the pages' words live in `house/locales/<code>.json`, one file per language with a section
 * per page (`dice`, `slot`, …) and the frame's (`shell`). A page loads its launch's language once, before it draws
 * (`loadHouseTexts`: one chunk, cached across games), then reads its sections synchronously (`textFor`). The unit
 * test `house/locales/locales.test.ts` holds every file complete against `en.json` by the portal's locale rules.
 */
export type THouseTexts = typeof EN;
export type THouseSection = keyof THouseTexts;
/** The keys of a section (of each section, for a union). */
export type TSectionKey<S extends THouseSection> = S extends THouseSection ? keyof THouseTexts[S] & string : never;

export type TTexts<K extends string> = Record<K, string>;

export type TTranslator<K extends string> = (key: K, vars?: Record<string, string | number>) => string;

/** A launch language code (upper case, as in the launch fragment). */
export type THouseLang = string;

const FILES = import.meta.glob<THouseTexts>('../locales/*.json', { import: 'default' });
const fileOf = (code: string) => FILES[`../locales/${code.toLowerCase()}.json`];

let loaded: { lang: THouseLang; texts: THouseTexts } | null = null;

/** The launch's language as a code the house pages have words for; anything else reads English. */
export function houseLang(lang: string | null | undefined): THouseLang {
  const code = (lang ?? '').toUpperCase();
  return code && fileOf(code) ? code : 'EN';
}

/** Loads the words of the launch's language (English when it has none); returns the language's code. */
export async function loadHouseTexts(lang: string | null | undefined): Promise<THouseLang> {
  const code = houseLang(lang);
  if (loaded?.lang === code) return code;
  const texts = await fileOf(code)!();
  loaded = { lang: code, texts };
  if (typeof document !== 'undefined') {
    document.documentElement.lang = languageTag(code);
    document.documentElement.dir = isRtl(code) ? 'rtl' : 'ltr';
  }
  return code;
}

/** The language loaded, or null before `loadHouseTexts`: the pages' calls name it (house-api.ts `houseHeaders`). */
export const loadedHouseLang = (): THouseLang | null => loaded?.lang ?? null;

const fill = (text: string, vars?: Record<string, string | number>) =>
  vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;

/** One section's words, raw (for lookups by a code that comes with the data, such as a fish's). */
export function sectionTexts<S extends THouseSection>(section: S): Record<string, string> {
  if (!loaded) throw new Error('house texts read before loadHouseTexts');
  return loaded.texts[section] as Record<string, string>;
}

/**
 * The translator of one or more sections in the loaded language (a table's own words over the words all tables
 * share: the later section wins). `{name}` in a text is filled in from `vars`.
 */
export function textFor<S extends THouseSection>(...sections: S[]): TTranslator<TSectionKey<S>> {
  const dictionary = Object.assign({}, ...sections.map(sectionTexts)) as Record<string, string>;
  return (key, vars) => fill(dictionary[key] ?? key, vars);
}

const languageOf = (lang: string | null | undefined) => LANGUAGES.find((l) => l.code === houseLang(lang));

/** The BCP 47 tag of a launch language, for `<html lang>`. */
export function languageTag(lang: string | null | undefined): string {
  return languageOf(lang)?.tag ?? 'en';
}

/** Whether a launch language is written right to left (AR, FA, UR). */
export function isRtl(lang: string | null | undefined): boolean {
  return languageOf(lang)?.rtl ?? false;
}

/** The BCP 47 tag of a launch language, for numbers and dates (English as written in the United Kingdom). */
export function localeTag(lang: string | null | undefined): string {
  const tag = languageTag(lang);
  return tag === 'en' ? 'en-GB' : tag;
}
