import { textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/** The Dice Duel room page's words: house/locales, section `dice`. */
export type TDiceKey = TSectionKey<'dice'>;
export const diceText = (): TTranslator<TDiceKey> => textFor('dice');
