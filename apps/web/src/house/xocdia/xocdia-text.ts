import { textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/** Xóc đĩa's own words (house/locales, section `xocdia`; the table's are in `xocdiaTable`). */
export type TXocDiaKey = TSectionKey<'xocdia'>;
export const xocDiaText = (): TTranslator<TXocDiaKey> => textFor('xocdia');
