import { findLanguage, type TLanguageCode } from '@playhall/contract/languages';
import { localStore } from '../../lib/storage.ts';

/** How many chosen codes `hisLang` remembers. */
export const LANGUAGE_HISTORY_MAX = 10;

/** `hisLang`: the chosen codes, most recent first, each once. */
export function parseHistory(stored: string | null): TLanguageCode[] {
  if (!stored) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const codes = raw.map((c) => findLanguage(typeof c === 'string' ? c : null)?.code).filter((c): c is TLanguageCode => !!c);
  return [...new Set(codes)];
}

export function pushHistory(history: readonly TLanguageCode[], code: TLanguageCode): TLanguageCode[] {
  return [code, ...history.filter((c) => c !== code)].slice(0, LANGUAGE_HISTORY_MAX);
}

/**
 * The visitor's own choice (localStorage `lang`) when it is a known code; null on a first visit, which shows the
 * merchant's default language instead (the status call's `info.defaultLanguage`, `ops site language`).
 */
export function chosenLanguage(): TLanguageCode | null {
  return (findLanguage(localStore.get('lang'))?.code as TLanguageCode | undefined) ?? null;
}

export function persistLanguage(code: TLanguageCode): void {
  localStore.set('lang', code);
  localStore.set('hisLang', JSON.stringify(pushHistory(parseHistory(localStore.get('hisLang')), code)));
}
