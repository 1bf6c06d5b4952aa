// The interface languages as plain data (no zod), for pages that must stay small: the house game pages import this;
// languages.ts re-exports it with the wire schema.

/** Interface languages (spec §1). `MY` (Burmese) is the default; the first selection offers MY, EN, CN. */
export interface TLanguage {
  code: string;
  /** BCP 47 tag for `<html lang>` and Intl formatting. */
  tag: string;
  /** The language's name in itself. */
  name: string;
  rtl: boolean;
}

export const LANGUAGES = [
  { code: 'MY', tag: 'my', name: 'မြန်မာ', rtl: false },
  { code: 'EN', tag: 'en', name: 'English', rtl: false },
  { code: 'CN', tag: 'zh-CN', name: '简体中文', rtl: false },
  { code: 'TW', tag: 'zh-TW', name: '繁體中文', rtl: false },
  { code: 'VI', tag: 'vi', name: 'Tiếng Việt', rtl: false },
  { code: 'TH', tag: 'th', name: 'ไทย', rtl: false },
  { code: 'JA', tag: 'ja', name: '日本語', rtl: false },
  { code: 'KO', tag: 'ko', name: '한국어', rtl: false },
  { code: 'ID', tag: 'id', name: 'Bahasa Indonesia', rtl: false },
  { code: 'MS', tag: 'ms', name: 'Bahasa Melayu', rtl: false },
  { code: 'KM', tag: 'km', name: 'ភាសាខ្មែរ', rtl: false },
  { code: 'LO', tag: 'lo', name: 'ລາວ', rtl: false },
  { code: 'HI', tag: 'hi', name: 'हिन्दी', rtl: false },
  { code: 'BN', tag: 'bn', name: 'বাংলা', rtl: false },
  { code: 'TA', tag: 'ta', name: 'தமிழ்', rtl: false },
  { code: 'TE', tag: 'te', name: 'తెలుగు', rtl: false },
  { code: 'NE', tag: 'ne', name: 'नेपाली', rtl: false },
  { code: 'UR', tag: 'ur', name: 'اردو', rtl: true },
  { code: 'AR', tag: 'ar', name: 'العربية', rtl: true },
  { code: 'FA', tag: 'fa', name: 'فارسی', rtl: true },
  { code: 'TR', tag: 'tr', name: 'Türkçe', rtl: false },
  { code: 'RU', tag: 'ru', name: 'Русский', rtl: false },
  { code: 'ES', tag: 'es', name: 'Español', rtl: false },
  { code: 'PT', tag: 'pt', name: 'Português', rtl: false },
  { code: 'FR', tag: 'fr', name: 'Français', rtl: false },
  { code: 'DE', tag: 'de', name: 'Deutsch', rtl: false },
  { code: 'IT', tag: 'it', name: 'Italiano', rtl: false },
  { code: 'NL', tag: 'nl', name: 'Nederlands', rtl: false },
  { code: 'PL', tag: 'pl', name: 'Polski', rtl: false },
  { code: 'UK', tag: 'uk', name: 'Українська', rtl: false },
  { code: 'SW', tag: 'sw', name: 'Kiswahili', rtl: false },
  { code: 'TL', tag: 'tl', name: 'Tagalog', rtl: false },
  // TY: the original portal lists it beside TL; read as Tày, written with the Vietnamese alphabet (docs/decisions.md).
  { code: 'TY', tag: 'tyz', name: 'Tày', rtl: false },
  { code: 'MN', tag: 'mn', name: 'Монгол', rtl: false },
  { code: 'SI', tag: 'si', name: 'සිංහල', rtl: false },
  { code: 'PA', tag: 'pa', name: 'ਪੰਜਾਬੀ', rtl: false },
] as const satisfies readonly TLanguage[];

export type TLanguageCode = (typeof LANGUAGES)[number]['code'];
