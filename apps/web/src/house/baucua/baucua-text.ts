import { textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/** Bầu cua's own words (house/locales, section `baucua`; the table's are in `xocdiaTable`). */
export type TBauCuaKey = TSectionKey<'baucua'>;
export const bauCuaText = (): TTranslator<TBauCuaKey> => textFor('baucua');
