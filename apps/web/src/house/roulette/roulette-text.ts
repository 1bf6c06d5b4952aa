import { textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/** The roulette page's words (house/locales, section `roulette`) over the felt tables' shared words (`tableKit`). */
export type TRouletteKey = TSectionKey<'tableKit' | 'roulette'>;
export const rouletteText = (): TTranslator<TRouletteKey> => textFor('tableKit', 'roulette');
