import { textFor, type TSectionKey, type TTranslator } from '../shared/text.ts';

/** The betting table's words, shared by xóc đĩa and bầu cua (single table and room): house/locales, section `xocdiaTable`. */
export type TTableKey = TSectionKey<'xocdiaTable'>;
export const tableText = (): TTranslator<TTableKey> => textFor('xocdiaTable');
