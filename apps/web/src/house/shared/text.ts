/**
 * The house pages' words (issue 21: every game speaks the member's language). A page loads nothing of the
 * portal, so not its locale files either: each page keeps its own dictionaries, English complete and MY, CN, VI
 * for every key (a unit test holds them so), and reads the launch's `lang`. Other languages read English until
 * issue 23 brings the rest. `{name}` in a text is filled in from `vars`.
 */
export type THouseLang = 'EN' | 'MY' | 'CN' | 'VI';

export type TTexts<K extends string> = Record<K, string>;

export type TTranslator<K extends string> = (key: K, vars?: Record<string, string | number>) => string;

/** The launch's language as one of the four the house pages speak (anything else reads English). */
export function houseLang(lang: string | null | undefined): THouseLang {
  const code = (lang ?? '').toUpperCase();
  return code === 'MY' || code === 'CN' || code === 'VI' ? code : 'EN';
}

/** The translator of one page for a launch language. */
export function textFor<K extends string>(lang: string | null | undefined, dictionaries: { EN: TTexts<K> } & Record<Exclude<THouseLang, 'EN'>, TTexts<K>>): TTranslator<K> {
  const dictionary = dictionaries[houseLang(lang)];
  return (key, vars) => {
    const text = dictionary[key] ?? dictionaries.EN[key];
    return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;
  };
}

/** The BCP 47 tag of a launch language, for numbers and dates. */
export function localeTag(lang: string | null | undefined): string {
  return { EN: 'en-GB', VI: 'vi-VN', CN: 'zh-CN', MY: 'my-MM' }[houseLang(lang)];
}
