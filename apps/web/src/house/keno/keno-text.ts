import { textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/** The keno page's words: house/locales, section `keno`. */
export type TKenoKey = TSectionKey<'keno'>;
export type TKenoText = TTranslator<TKenoKey>;
export const kenoText = (): TKenoText => textFor('keno');
