import { textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/** The sic bo page's words (house/locales, section `sicbo`) over the felt tables' shared words (`tableKit`). */
export type TSicboKey = TSectionKey<'tableKit' | 'sicbo'>;
export const sicboText = (): TTranslator<TSicboKey> => textFor('tableKit', 'sicbo');
