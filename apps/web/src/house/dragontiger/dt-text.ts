import { textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/** Dragon Tiger's words (house/locales, section `dragonTiger`) over the words both card tables say alike (`cardTable`). */
export type TDtKey = TSectionKey<'cardTable' | 'dragonTiger'>;
export const dtText = (): TTranslator<TDtKey> => textFor('cardTable', 'dragonTiger');
export type TDtText = ReturnType<typeof dtText>;
