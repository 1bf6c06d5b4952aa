import { textFor, type TTranslator, type TSectionKey } from '../shared/text.ts';

/** Baccarat Royale's words (house/locales, section `baccarat`) over the words both card tables say alike (`cardTable`). */
export type TBacKey = TSectionKey<'cardTable' | 'baccarat'>;
export const bacText = (): TTranslator<TBacKey> => textFor('cardTable', 'baccarat');
export type TBacText = ReturnType<typeof bacText>;
