import type { TSectionKey } from '../shared/text.ts';

/** The words both card tables (baccarat, dragon tiger) say alike: house/locales, section `cardTable`. */
export type TCardTableKey = TSectionKey<'cardTable'>;
