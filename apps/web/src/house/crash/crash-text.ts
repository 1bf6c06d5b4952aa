import { textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/** The crash page's words: house/locales, section `crash`. */
export type TCrashKey = TSectionKey<'crash'>;
export type TCrashText = TTranslator<TCrashKey>;
export const crashText = (): TCrashText => textFor('crash');
