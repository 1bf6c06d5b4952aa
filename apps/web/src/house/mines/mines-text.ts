import { textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/** The mines page's words: house/locales, section `mines`. */
export type TMinesKey = TSectionKey<'mines'>;
export const minesText = (): TTranslator<TMinesKey> => textFor('mines');
