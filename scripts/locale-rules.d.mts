export declare const LOCALES_DIR: string;
export declare const HOUSE_LOCALES_DIR: string;
export interface TLocaleProblems {
  missing: string[];
  extra: string[];
  placeholders: string[];
  plurals: string[];
  english: string[];
  listedButTranslated: string[];
}
export interface TLocaleRules {
  readLocale(code: string): Record<string, string>;
  localeCodes(): string[];
  checkLocale(
    code: string,
    en?: Record<string, string>,
    allowed?: Record<string, string[]>,
  ): { code: string; total: number; translated: number; problems: TLocaleProblems };
}
export declare function localeRules(dir?: string): TLocaleRules;
export declare const readLocale: TLocaleRules['readLocale'];
export declare const localeCodes: TLocaleRules['localeCodes'];
export declare const checkLocale: TLocaleRules['checkLocale'];
