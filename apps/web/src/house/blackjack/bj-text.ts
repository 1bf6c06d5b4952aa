import { textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/** The blackjack table's words: house/locales, section `blackjack`. */
export type TBjKey = TSectionKey<'blackjack'>;
export const bjText = (): TTranslator<TBjKey> => textFor('blackjack');
