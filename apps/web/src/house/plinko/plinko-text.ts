import { textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/** The plinko page's words: house/locales, section `plinko`. */
export type TPlinkoKey = TSectionKey<'plinko'>;
export type TPlinkoText = TTranslator<TPlinkoKey>;
export const plinkoText = (): TPlinkoText => textFor('plinko');
