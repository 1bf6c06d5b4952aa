import type { TSectionKey } from './text.ts';

/**
 * The words the felt tables (roulette, sic bo) say alike: the table kit's controls and messages, the rules table's
 * heads, the even-money names (house/locales, section `tableKit`; each table reads them under its own section).
 */
export type TTableKitWord = TSectionKey<'tableKit'>;
