import { z } from 'zod';

import { LANGUAGES, type TLanguage, type TLanguageCode } from './language-list.ts';

export { LANGUAGES, type TLanguage, type TLanguageCode };

export const DEFAULT_LANGUAGE: TLanguageCode = 'MY';
export const FIRST_SELECTION: readonly TLanguageCode[] = ['MY', 'EN', 'CN'];

export function findLanguage(code: string | null | undefined): TLanguage | undefined {
  const upper = code?.toUpperCase();
  return LANGUAGES.find((l) => l.code === upper);
}

/** A language code on the wire (upper case, as stored in localStorage `lang`). */
export const ZLanguageCode = z.enum(LANGUAGES.map((l) => l.code) as [TLanguageCode, ...TLanguageCode[]]);
