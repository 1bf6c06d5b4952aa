import { sectionTexts, textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/**
 * The book page's own words: house/locales, section `sportsbook`. The betting words are the ones players use: VI
 * "kèo châu Á", "tài/xỉu", "cược xiên"; CN "让球", "大小球", "串关", "波胆"; MY "ဘော်ဒီ", "ဂိုးပေါ်", "မောင်း".
 */
export type TTextKey = TSectionKey<'sportsbook'>;

export type TTranslate = TTranslator<TTextKey>;

/** The page's translator in the loaded language (shared/text.ts `loadHouseTexts`). */
export const createText = (): TTranslate => textFor('sportsbook');

/** Whether a refusal code has its own message in the page's words. */
export function hasErrorText(code: string): code is `${string}` {
  return Object.hasOwn(sectionTexts('sportsbook'), `err.${code}`);
}
