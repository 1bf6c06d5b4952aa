import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, findLanguage, LANGUAGES, type TLanguageCode } from '@playhall/contract/languages';
import type en from '../locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/**
 * One JSON per language (`src/locales/<code in lower case>.json`), built as a hashed asset and fetched
 * when the language is needed — data, as i18next's HTTP backend loads it, not script.
 */
const localeUrls = import.meta.glob<string>('../locales/*.json', { query: '?url', import: 'default', eager: true });

async function fetchLocale(language: string): Promise<Record<string, unknown>> {
  const url = localeUrls[`../locales/${language}.json`];
  if (!url) throw new Error(`No locale file for ${language}`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Locale ${language}: HTTP ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    fetchLocale(language).then(
      (data) => callback(null, data),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

export function toI18nLng(code: string): string {
  return code.toLowerCase();
}

/**
 * Initialise i18next with the given language. Every locale file carries every key of en.json since issue 23
 * (locales.test.ts fails on any missing key), so there is no fallback language and a page loads one locale file.
 */
export async function initI18n(code: TLanguageCode): Promise<void> {
  // Development only: `?pseudo` shows every translated text accented and bracketed (lib/pseudo-locale.ts).
  const pseudo = import.meta.env.DEV ? await import('./pseudo-locale.ts') : null;
  if (pseudo?.pseudoRequested()) i18next.use({ type: 'postProcessor', name: 'pseudo', process: (value: string) => pseudo.pseudoText(value) });
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      postProcess: pseudo?.pseudoRequested() ? ['pseudo'] : false,
      lng: toI18nLng(code),
      fallbackLng: false,
      supportedLngs: LANGUAGES.map((l) => toI18nLng(l.code)),
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  applyDocumentLanguage(code);
}

export async function setI18nLanguage(code: TLanguageCode): Promise<void> {
  await i18next.changeLanguage(toI18nLng(code));
  applyDocumentLanguage(code);
}

/** `<html lang>` from the language's BCP 47 tag; `dir="rtl"` for AR, FA and UR. */
export function applyDocumentLanguage(code: TLanguageCode): void {
  const lang = findLanguage(code);
  const root = document.documentElement;
  root.lang = lang?.tag ?? 'en';
  root.dir = lang?.rtl ? 'rtl' : 'ltr';
}

/** The current interface language as its upper-case code (the `Language` request header). */
export function currentLanguageCode(): TLanguageCode {
  return (findLanguage(i18next.resolvedLanguage ?? i18next.language)?.code ?? DEFAULT_LANGUAGE) as TLanguageCode;
}

/** BCP 47 tag of the current language for Intl formatting. */
export function currentLocaleTag(): string {
  return findLanguage(currentLanguageCode())?.tag ?? 'en';
}

export { i18next };
