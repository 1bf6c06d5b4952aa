export declare const LOCALES_DIR: string;
export declare function readLocale(code: string): Record<string, string>;
export declare function localeCodes(): string[];
export interface TLocaleProblems {
  missing: string[];
  extra: string[];
  placeholders: string[];
  plurals: string[];
  english: string[];
  listedButTranslated: string[];
}
export declare function checkLocale(
  code: string,
  en?: Record<string, string>,
  allowed?: Record<string, string[]>,
): { code: string; total: number; translated: number; problems: TLocaleProblems };
