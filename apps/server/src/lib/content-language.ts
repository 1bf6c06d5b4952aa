import type { FastifyRequest } from 'fastify';
import { findLanguage } from '@playhall/contract/languages';
import type { TContentTexts } from '../db/schema.ts';
import { sanitizeOperatorHtml } from './sanitize.ts';

/**
 * Operator content in the reader's language (issue 23). Announcements, banners, help articles, activities, points-mall
 * items, VIP level names, game names and operator messages keep a base text (English) in their columns and, in
 * `texts`, what the operator wrote in other languages. A reader gets, field by field, their language's text, else the
 * merchant's default language's, else the base text.
 */

/** The language a request names (its Language header, as the portal sends on every call), or null. */
export function requestLanguage(request: FastifyRequest): string | null {
  return languageCode(request.headers['language']);
}

/** A language code of the list (any case), from a header or a query value; null for anything else. */
export function languageCode(value: unknown): string | null {
  return typeof value === 'string' ? (findLanguage(value)?.code ?? null) : null;
}

/** Who reads: their language (null when the request names none) and the merchant's default language. */
export interface TReader {
  language: string | null;
  fallback: string;
}

/** The reader of a request: its Language header, falling back to the merchant's default language. */
export function readerOf(request: FastifyRequest, merchantDefault: string): TReader {
  return { language: requestLanguage(request), fallback: merchantDefault };
}

/** The reader of a request on a site: the request's language, falling back to the site's (a site config loader). */
export const siteReader =
  (site: { get(): Promise<{ merchant: { defaultLanguage: string } }> }) =>
  async (request: FastifyRequest): Promise<TReader> =>
    readerOf(request, (await site.get()).merchant.defaultLanguage);

/** The language of the base text in the columns. */
export const BASE_LANGUAGE = 'EN';

/**
 * The fields of `base` in `language`, falling back to the merchant's default language, then to the base text. An
 * English reader reads the base text (it is English), whatever the site language.
 */
export function localized<T extends Record<string, unknown>, K extends keyof T & string>(
  base: T,
  texts: TContentTexts | null | undefined,
  fields: readonly K[],
  language: string | null,
  merchantDefault: string,
): Pick<T, K> {
  const out = {} as Pick<T, K>;
  const own = language ? texts?.[language] : undefined;
  const fallback = language === BASE_LANGUAGE ? undefined : texts?.[merchantDefault];
  for (const field of fields) {
    const text = own?.[field] || fallback?.[field];
    out[field] = (text ?? base[field]) as T[K];
  }
  return out;
}

/** A translation as an operator writes it: only the fields given, with nothing empty. */
export function withTranslation(texts: TContentTexts | null | undefined, language: string, fields: Record<string, string | undefined>): TContentTexts {
  const given = Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
  return { ...(texts ?? {}), [language]: { ...(texts?.[language] ?? {}), ...given } };
}

/** Translated fields as they are stored: the HTML ones (content, *Html) sanitised as their base text is. */
export function sanitizedFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([f, v]) => [f, f === 'content' || f.endsWith('Html') ? sanitizeOperatorHtml(v) : v]));
}
